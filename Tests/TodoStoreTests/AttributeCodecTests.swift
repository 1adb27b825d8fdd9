import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport
import TodoWire

/// The attribute fields in the state file (version 5): written after `synced` and only when
/// set, read back exactly, carried in the sync bookkeeping, and older versions still loading.
@Suite struct AttributeCodecTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000.125)
    static let uuid = UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000001")!

    static func plain(_ id: Int = 1) -> Todo {
        Todo(
            id: id, uuid: UUID(uuidString: String(format: "8f0e1c2a-0000-4000-8000-%012d", id))!, name: "plain",
            createdAt: created)
    }

    /// A todo with every attribute set, in values that are hard to carry: unicode, quotes, an instant with
    /// milliseconds.
    static func full(_ id: Int = 2) -> Todo {
        var todo = plain(id)
        todo.name = "full"
        todo.tags = ["zeta", "Alpha", "é\"q", "alpha"]
        todo.project = "home.garden"
        todo.priority = .medium
        todo.due = .day(CalendarDay(iso: "2026-12-01")!)
        todo.wait = .instant(roundingToMilliseconds: Date(timeIntervalSince1970: 1_796_000_000.987))
        return todo
    }

    static func line(_ todo: Todo, forOutput: Bool = false) -> String {
        var out = JSONWriter()
        StateCodec.write(todo, to: &out, forOutput: forOutput)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func aTodoWithoutAttributesIsTheLineVersionFourWrote() {
        #expect(
            Self.line(Self.plain())
                == #"{"id": 1, "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "plain", "description": "", "#
                + #""notes": "", "completed": false, "createdAt": "2026-11-18T11:06:40.125Z", "#
                + #""updatedAt": "2026-11-18T11:06:40.125Z", "completedAt": null, "synced": false}"#
        )
    }

    @Test func attributesFollowSyncedInTableOrderOnlyWhenSet() {
        #expect(
            Self.line(Self.full())
                == #"{"id": 2, "uuid": "8f0e1c2a-0000-4000-8000-000000000002", "name": "full", "description": "", "#
                + #""notes": "", "completed": false, "createdAt": "2026-11-18T11:06:40.125Z", "#
                + #""updatedAt": "2026-11-18T11:06:40.125Z", "completedAt": null, "synced": false, "#
                + #""tags": ["Alpha", "alpha", "zeta", "é\"q"], "project": "home.garden", "priority": "M", "#
                + #""due": "2026-12-01", "wait": "2026-11-30T00:53:20.987Z"}"#
        )
        var some = Self.plain()
        some.priority = .low
        #expect(Self.line(some).hasSuffix(#""synced": false, "priority": "L"}"#))
    }

    @Test func outputShowsEveryAttributeOnEveryTodo() {
        let unsetRare =
            #"""
            , "scheduled": null, "start": null, "depends": [], "annotations": [], "recur": null, "until": null, \#
            "series": null, "anchor": null, "udas": {}}
            """#
        #expect(
            Self.line(Self.plain(), forOutput: true).hasSuffix(
                #""synced": false, "tags": [], "project": null, "priority": null, "due": null, "wait": null"#
                    + unsetRare))
        #expect(Self.line(Self.full(), forOutput: true) == Self.line(Self.full()).dropLast() + unsetRare)
    }

    @Test func everyFieldRoundTripsThroughTheFileAndTheSyncBookkeeping() throws {
        var full = Self.full(2)
        var older = full.content
        older.tags = ["old"]
        older.project = nil
        older.due = .instant(Date(timeIntervalSince1970: 1_700_000_000.5))
        full.base = SyncBase(rev: 9, content: older)
        var synced = Self.full(3)
        synced.base = SyncBase(rev: 4, content: synced.content)
        synced.synced = true
        let state = TodoState(
            todos: [Self.plain(1), full, synced], nextId: 7,
            sync: SyncState(
                datasetId: UUID(), cursor: 3,
                deletions: [PendingDeletion(uuid: UUID(), base: SyncBase(rev: 2, content: older), name: "gone")],
                outbox: [OutboxOperation(opId: UUID(), uuid: Self.uuid, baseRev: 9, content: full.content)]))
        let bytes = StateCodec.encode(state)
        #expect(try StateCodec.decode(bytes) == state)
        let snapshot = try StateCodec.decodeSnapshot(bytes)
        #expect(StateCodec.encode(snapshot.state, reusing: snapshot) == bytes)
        // A synced todo's base is its content: only "rev" is written, attributes once.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""wait": "2026-11-30T00:53:20.987Z", "rev": 4}"#))
        #expect(
            text.contains(
                #"""
                "base": {"name": "full", "description": "", "notes": "", "completed": false, \#
                "createdAt": "2026-11-18T11:06:40.125Z", "updatedAt": "2026-11-18T11:06:40.125Z", "completedAt": null,\#
                 "tags": ["old"], "priority": "M", "due": "2023-11-14T22:13:20.500Z", \#
                "wait": "2026-11-30T00:53:20.987Z"}
                """#
            ))
    }

    @Test func theFastReaderTakesTheStandardLayoutAndLeavesOthersToTheGeneralReader() throws {
        let reordered = Self.line(Self.full()).replacingOccurrences(of: #""synced": false, "tags""#, with: #""tags""#)
            .replacingOccurrences(
                of: #""wait": "2026-11-30T00:53:20.987Z"}"#,
                with: #""wait": "2026-11-30T00:53:20.987Z", "synced": false}"#)
        for (text, todo, fast) in [
            (Self.line(Self.plain()), Self.plain(), true), (Self.line(Self.full()), Self.full(), true),
            (reordered, Self.full(), false)
        ] {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBytes { raw -> (Todo?, Todo?) in
                var reader = JSONReader(raw)
                let quick = StateCodec.readTodoFast(&reader)
                reader = JSONReader(raw)
                return (quick, try? StateCodec.readAnyTodo(&reader))
            }
            #expect(read.0 == (fast ? todo : nil))
            #expect(read.1 == todo)
        }
    }

    @Test func handWrittenAttributesAreReadInAnyOrderAndAnEmptyProjectIsNone() throws {
        let json =
            #"""
            {"format": "todo-state", "version": 5, "todos": [{"wait": null, "tags": ["b", "a", "b"], "project": "", \#
            "id": 1, "priority": "H", "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "due": "2026-12-01T15:00:00Z", \#
            "name": "x", "createdAt": "2026-01-02T03:04:05.000Z"}]}
            """#
        let todo = try #require(try StateCodec.decode(Array(json.utf8)).todos.first)
        #expect(todo.tags == ["a", "b"])
        #expect(todo.project == nil)
        #expect(todo.priority == .high)
        #expect(todo.due == DueDate(wire: "2026-12-01T15:00:00.000Z"))
        #expect(todo.wait == nil)
    }

    @Test(arguments: [
        (#""priority": "X""#, "not valid JSON (line 1, column 133: expected a priority: \"H\", \"M\", \"L\" or null)"),
        (#""priority": "h""#, "not valid JSON (line 1, column 133: expected a priority: \"H\", \"M\", \"L\" or null)"),
        (
            #""due": "friday""#,
            """
            not valid JSON (line 1, column 128: expected a date like "2026-12-01" or "2026-12-01T15:00:00.000Z", or \
            null)
            """
        ),
        (#""wait": 5"#, "not valid JSON (line 1, column 129: expected a string)"),
        (#""tags": "a""#, "not valid JSON (line 1, column 129: expected '[')"),
        (#""tags": [1]"#, "not valid JSON (line 1, column 130: expected a string)")
    ])
    func malformedAttributesAreReportedWhereTheyAre(member: String, message: String) {
        let json =
            #"{"format": "todo-state", "version": 5, "todos": [{"id": 1, "#
            + #""uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "x", "#
            + member + #", "createdAt": "2026-01-02T03:04:05.000Z"}]}"#
        #expect(throws: StateCodec.DecodeError.self) { try StateCodec.decode(Array(json.utf8)) }
        do {
            _ = try StateCodec.decode(Array(json.utf8))
        } catch {
            #expect(error.description == message)
        }
    }
}

/// Files written by earlier versions load, and their first change brings them to this one.
@Suite struct EarlierVersionTests {
    let fixture: StoreFixture
    init() throws { fixture = try StoreFixture("versions") }

    static let todoLine =
        #"""
        {"id": 1, "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "old", "description": "d", "notes": "n", \#
        "completed": false, "createdAt": "2026-01-02T03:04:05.000Z", "updatedAt": "2026-01-02T03:04:05.000Z", \#
        "completedAt": null, "synced": true, "rev": 3}
        """#

    static let version3 = """
        {"format": "todo-state", "version": 3, "generation": "g3", "nextId": 2,
         "sync": {"datasetId": null, "cursor": 3, "deletions": [], "outbox": []},
         "todos": [
          \(todoLine)],
         "history": [{"summary": "add #1 \\"old\\"", "at": "2026-01-02T03:04:05.000Z", "before": [{"id": 1, \
        "todo": null}]}]}

        """

    static let version4 = """
        {"format": "todo-state", "version": 4, "generation": "g4", "nextId": 2,
         "sync": {"datasetId": null, "cursor": 3, "deletions": [], "outbox": []},
         "todos": [
          \(todoLine)]}

        """

    static var expected: Todo {
        let created = Date(timeIntervalSince1970: 1_767_323_045)
        var todo = Todo(
            id: 1, uuid: UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000001")!, name: "old", description: "d",
            notes: "n", createdAt: created, synced: true)
        todo.base = SyncBase(rev: 3, content: todo.content)
        return todo
    }

    @Test(arguments: [version3, version4])
    func loadsWithNoAttributes(text: String) throws {
        _ = FileManager.default.createFile(atPath: fixture.file.path, contents: Data(text.utf8))
        let state = try fixture.file.load()
        #expect(state.todos == [Self.expected])
        #expect(state.nextId == 2)
        #expect(state.sync.cursor == 3)
    }

    @Test(arguments: [version3, version4])
    func theFirstChangeRewritesTheFileInVersionFiveBeforeItHoldsAnAttribute(text: String) throws {
        _ = FileManager.default.createFile(atPath: fixture.file.path, contents: Data(text.utf8))
        try fixture.apply([.edit(id: 1, changes: [.addTag("new")], at: fixture.at)], reading: .referencedBy(["1"]))
        #expect(!FileManager.default.fileExists(atPath: fixture.file.journalPath))
        let written = String(decoding: fixture.bytes(fixture.file.path)!, as: UTF8.self)
        #expect(written.hasPrefix("{\"format\": \"todo-state\", \"version\": 6, \"generation\": \""))
        #expect(written.contains(#""synced": false, "tags": ["new"], "rev": 3"#))
        #expect(try fixture.file.load().todos[0].tags == ["new"])
        // From then on small changes go to the journal again.
        try fixture.apply(
            [.edit(id: 1, changes: [.set(.priority, .priority(.high))], at: fixture.at)], reading: .referencedBy(["1"]))
        #expect(FileManager.default.fileExists(atPath: fixture.file.journalPath))
        #expect(try fixture.file.load().todos[0].priority == .high)
    }
}

/// Commands that read a few todos of a large file see todos with attributes exactly as a
/// whole read does, journal included.
@Suite struct AttributeSelectionTests {
    let fixture: StoreFixture
    init() throws { fixture = try StoreFixture("attribute-selection") }

    /// 3,000 todos, every third with attributes and every fifth completed, then journalled changes.
    func makeFile() throws {
        let adds: [Action] = (1...3000).map { index in
            var new = NewTodo(
                uuid: UUID(), name: "todo \(index) " + String(repeating: "x", count: 60), createdAt: fixture.at)
            if index % 3 == 0 {
                new.tags = ["t\(index % 7)", "common"]
                new.project = "p.\(index % 5)"
                new.due = .day(CalendarDay(ordinal: 20_000 + index))
            }
            return .add(new)
        }
        try fixture.apply([.batch(adds)])
        try fixture.apply([.completed(ids: Array(stride(from: 5, through: 3000, by: 5)), at: fixture.at)])
        try fixture.apply(
            [.edit(ids: [7, 3000], changes: [.addTag("late"), .set(.priority, .priority(.high))], at: fixture.at)],
            reading: .referencedBy(["7", "3000"]))
        try fixture.apply([.delete(ids: [2999], at: fixture.at)], reading: .referencedBy(["2999"]))
    }

    @Test(arguments: [["3"], ["7"], ["3000"], ["2999"], ["1", "1500", "2997"]])
    func numbersAreReadAsAWholeReadSeesThem(_ references: [String]) throws {
        try makeFile()
        let whole = try fixture.file.load()
        let partial = try fixture.file.load(.referencedBy(references))
        let wanted = references.compactMap(Int.init)
        #expect(partial.todos == whole.todos.filter { wanted.contains($0.id) })
        #expect(partial.nextId == whole.nextId)
    }

    /// A list's filter may leave out, undecoded, the todos whose text lacks what its terms
    /// need; what passes the filter is the same as from a whole read, whatever the layout: a
    /// synced todo's base, an escape that hides the tag, changes only in the journal.
    @Test(arguments: [
        ["+common"], ["+late"], ["+t3", "project:p"], ["project:p.2", "due.before:2030-01-01"], ["pri:H"],
        ["+common", "or", "+late"], ["-common"], ["+nothere"], ["+quoted\\tag"], ["+wörk"], ["due:"]
    ])
    func aFilterReadsWhatAWholeReadPasses(_ words: [String]) throws {
        try makeFile()
        try fixture.apply(
            [.edit(ids: [1], changes: [.addTag("quoted\\tag"), .addTag("wörk")], at: fixture.at)],
            reading: .referencedBy(["1"]))
        try fixture.apply(
            [.edit(ids: [4], changes: [.set(.name, .text("has \"common\" in \\ its name"))], at: fixture.at)],
            reading: .referencedBy(["4"]))
        // The journal is folded into the file; these stay in the journal.
        try fixture.apply(
            [.edit(ids: [8], changes: [.addTag("common")], at: fixture.at)], reading: .referencedBy(["8"]))
        try fixture.apply(
            [.edit(ids: [9], changes: [.removeTag("common")], at: fixture.at)], reading: .referencedBy(["9"]))
        let filter = try FilterParser.parse(
            words, in: DateContext(now: fixture.at, timeZone: TimeZone(identifier: "UTC")!))
        let whole = try fixture.file.load()
        for completed in [nil, false, true] as [Bool?] {
            let selection = TodoSelection.mayPass(filter, completed: completed)
            let partial = try fixture.file.load(selection)
            let wanted = { (todo: Todo) in
                filter.matches(
                    todo, in: FilterContext(dates: DateContext(now: fixture.at, timeZone: TimeZone(identifier: "UTC")!))
                ) && completed.map { todo.completed == $0 } ?? true
            }
            #expect(
                partial.todos.filter(wanted) == whole.todos.filter(wanted), "\(words) \(String(describing: completed))")
            if !selection.mustContain.isEmpty {
                #expect(partial.todos.count < whole.todos.count / 2, "\(words): most todos are left out")
            }
        }
    }

    @Test(arguments: [false, true])
    func activeOrCompletedAreReadAsAWholeReadSeesThem(_ completed: Bool) throws {
        try makeFile()
        let whole = try fixture.file.load()
        let partial = try fixture.file.load(.completed(completed))
        #expect(partial.todos == whole.todos.filter { $0.completed == completed })
        #expect(partial.todos.contains { !$0.tags.isEmpty })
    }
}
