import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport
import TodoWire

/// Small changes go to the journal; the state file is rewritten only now and then, and a
/// crash at any point of either leaves a state some command left.
@Suite struct JournalTests: StoreSuite {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture("journal") }

    func inode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
    }

    /// The state every step leaves, computed in memory with the reducer alone.
    func expected(_ steps: [Action]) throws -> TodoState {
        try steps.reduce(TodoState()) { try reduce($0, $1) }
    }

    @Test func smallChangesAreAppendedAndTheStateFileIsLeftAlone() throws {
        var steps = [add("first")]
        try apply(steps[0])
        let original = try inode(file.path)
        let snapshot = bytes(file.path)
        steps += [
            add("second"), .toggle(ids: [1], at: at), .edit(id: 2, changes: [FieldChange(.name, "2nd")], at: at),
            .delete(ids: [1], at: at), .undo(at: at)
        ]
        for step in steps.dropFirst() { try apply(step, reading: .referencedBy(["1", "2"])) }
        #expect(try inode(file.path) == original)
        #expect(bytes(file.path) == snapshot)
        let lines = String(decoding: bytes(file.journalPath) ?? [], as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 6)
        let generation = try #require(file.loadUnlocked(.none)?.snapshot.generation)
        #expect(lines.first == "{\"format\": \"todo-journal\", \"version\": 2, \"generation\": \"\(generation)\"}")
        #expect(try file.load(.all.withHistory) == expected(steps))
        #expect(try file.load(.referencedBy(["2"])).todos == expected(steps).todos.filter { $0.id == 2 })
    }

    /// A journal line can move a todo in or out of a selection by completion.
    @Test func selectionsByCompletionSeeTheJournal() throws {
        let steps = [
            add("a"), add("b"), add("c"), .toggle(ids: [1], at: at), .toggle(ids: [1], at: at),
            .toggle(ids: [2], at: at)
        ]
        try apply(steps[0])
        for step in steps.dropFirst() { try apply(step, reading: .referencedBy(["1", "2"])) }
        let all = try expected(steps).todos
        #expect(try file.load(.completed(false)).todos == all.filter { !$0.completed })
        #expect(try file.load(.completed(true)).todos == all.filter(\.completed))
        #expect(try file.load(.completed(true)).todos.map(\.id) == [2])
    }

    @Test func theHundredAndFirstChangeRewritesTheFileAndDropsTheJournal() throws {
        var steps = [add("0")]
        try apply(steps[0])
        // The limit as documented (README: "Every 100 changes"), not the constant that sets it.
        for index in 1...100 {
            steps.append(add("\(index)"))
            try apply(steps.last!, reading: .none)
        }
        #expect(FileManager.default.fileExists(atPath: file.journalPath))
        let generation = try file.loadUnlocked(.none)?.snapshot.generation
        steps.append(.toggle(ids: [5], at: at))
        try apply(steps.last!, reading: .referencedBy(["5"]))
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        #expect(
            String(decoding: bytes(file.path)!, as: UTF8.self).hasPrefix(
                "{\"format\": \"todo-state\", \"version\": 6, \"generation\": \""))
        #expect(try file.load(.all.withHistory) == expected(steps))
        #expect(try file.loadUnlocked(.none)?.snapshot.generation != generation)
    }

    @Test func aLargeChangeRewritesTheFile() throws {
        let first = add("a")
        try apply(first)
        let many = Action.batch((0..<400).map { _ in add(String(repeating: "x", count: 200)) })
        try apply(many, reading: .none)
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        #expect(try file.load(.all.withHistory) == expected([first, many]))
    }

    @Test func aTornLastLineIsIgnoredAndCutOffByTheNextChange() throws {
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        let good = bytes(file.journalPath)!
        let torn = good + Array("{\"nextId\": 4, \"put\": [{\"id\": 3, \"uu".utf8)
        _ = FileManager.default.createFile(atPath: file.journalPath, contents: Data(torn))
        #expect(try file.load().todos.map(\.name) == ["a", "b"])
        try apply(add("c"), reading: .none)
        #expect(try file.load().todos.map(\.name) == ["a", "b", "c"])
        let text = String(decoding: bytes(file.journalPath)!, as: UTF8.self)
        #expect(text.hasPrefix(String(decoding: good, as: UTF8.self)))
        #expect(!text.contains("\"uu{"))
        #expect(text.split(separator: "\n").count == 3)
    }

    @Test func aDamagedJournalLineIsReportedAndNothingIsWritten() throws {
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        var damaged = bytes(file.journalPath)!
        damaged.insert(contentsOf: Array("{\"nextId\": 3, \"put\": [oops]}\n".utf8), at: damaged.count)
        damaged += Array("{\"nextId\": 3}\n".utf8)
        _ = FileManager.default.createFile(atPath: file.journalPath, contents: Data(damaged))
        let snapshot = bytes(file.path)
        for selection in [TodoSelection.all, .none] {
            let error = #expect(throws: StoreError.self) { try apply(add("c"), reading: selection) }
            #expect(
                "\(error.map { "\($0)" } ?? "")".hasPrefix(
                    "state file \(file.journalPath) is damaged: journal line 3: "))
        }
        #expect(bytes(file.journalPath) == damaged)
        #expect(bytes(file.path) == snapshot)
    }

    /// A crash after the rewritten state file took its place but before the journal was
    /// removed: the journal names the previous generation and must not be applied again.
    @Test func aJournalLeftFromAnEarlierGenerationIsIgnored() throws {
        try apply(add("a"))
        try apply(.undo(at: at))
        try apply(add("b"), reading: .none)
        let stale = bytes(file.journalPath)!
        let state = try file.load()
        try file.save(state, reusing: try file.loadUnlocked(.all)?.snapshot)
        _ = FileManager.default.createFile(atPath: file.journalPath, contents: Data(stale))
        #expect(try file.load() == state)
        try apply(add("c"), reading: .none)
        #expect(try file.load().todos.map(\.name) == ["b", "c"])
        let generation = try #require(file.loadUnlocked(.none)?.snapshot.generation)
        #expect(
            String(decoding: bytes(file.journalPath)!, as: UTF8.self).hasPrefix(
                "{\"format\": \"todo-journal\", \"version\": 2, \"generation\": \"\(generation)\"}\n{"))
    }

    /// Another state file put in this one's place (a backup, a copy from another machine)
    /// has another generation: the journal, which belongs to the file it replaced, is ignored.
    @Test func aJournalIsNotAppliedToAnotherStateFile() throws {
        let other = StateFile(path: directory + "/other.json")
        _ = try other.update { state throws(ReduceError) in
            try reduce(state, .add(NewTodo(uuid: UUID(), name: "other", createdAt: at)))
        }
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        try FileManager.default.removeItem(atPath: file.path)
        try FileManager.default.copyItem(atPath: other.path, toPath: file.path)
        #expect(try file.load().todos.map(\.name) == ["other"])
    }

    /// A version 3 file kept its history inside; its first change moves the history to the
    /// undo log, trimmed to the limit exactly as the reducer trims it.
    @Test func aVersion3FileHasItsHistoryMovedToTheUndoLog() throws {
        var state = try expected([add("a")])
        state.history = (0..<105).map { HistoryEntry(summary: "old \($0)", kind: .batch, at: at, before: []) }
        var out = JSONWriter()
        for (index, entry) in state.history.enumerated() {
            out.raw(index == 0 ? "" : ", ")
            StateCodec.write(entry, to: &out)
        }
        let todo = String(decoding: StateCodec.encode(state), as: UTF8.self).split(separator: "\n").first {
            $0.hasPrefix("  {")
        }!
        let old = """
            {"format": "todo-state", "version": 3, "generation": "g3", "nextId": 2,
             "todos": [
            \(todo.dropLast(2))],
             "history": [\(String(decoding: out.bytes, as: UTF8.self))]}

            """
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(old.utf8))
        #expect(try file.load(.all.withHistory).history.count == 105)
        let step = add("b")
        try apply(step, reading: .none)
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        #expect(
            String(decoding: bytes(file.path)!, as: UTF8.self).hasPrefix("{\"format\": \"todo-state\", \"version\": 6,")
        )
        let loaded = try file.load(.all.withHistory)
        #expect(loaded == (try reduce(state, step)))
        #expect(loaded.history.count == 100)
        #expect(try file.load().history.isEmpty)
        try apply(.undo(at: at))
        #expect(try file.load(.all.withHistory).history.last?.summary == "old 104")
    }

    /// Version 1 journal lines carried their undo step inside, beside a version 3 file that
    /// kept its history inside too. Beside a newer file (whose history is in the undo log) no
    /// `todo` wrote such a line: applied, its step would vanish on the next rewrite.
    @Test func anUndoStepInAJournalLineIsReadOnlyBesideAVersion3File() throws {
        let step =
            #"""
            {"nextId": 2, "put": [{"id": 1, "uuid": "78d5df88-93b3-4b46-b68a-7ea04f9c294d", "name": "a", \#
            "description": "", "notes": "", "completed": false, "createdAt": "2026-11-22T15:40:51.481Z", \#
            "updatedAt": "2026-11-22T15:40:51.481Z", "completedAt": null, "synced": false}], \#
            "history": {"summary": "add #1 \"a\"", "at": "2026-11-22T15:40:51.481Z", "before": [{"id": 1, \#
            "todo": null}]}}
            """#
        let journal = "{\"format\": \"todo-journal\", \"version\": 1, \"generation\": \"g\"}\n\(step)\n"
        for version in [3, 4, 6] {
            let state =
                #"""
                {"format": "todo-state", "version": \#(version), "generation": "g", "nextId": 1, "todos": [], \#
                "history": []}
                """#
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(state.utf8))
            _ = FileManager.default.createFile(atPath: file.journalPath, contents: Data(journal.utf8))
            if version == 3 {
                #expect(try file.load(.all.withHistory).history.map(\.summary) == ["add #1 \"a\""])
                try apply(add("b"), reading: .none)
                #expect(try file.load(.all.withHistory).history.map(\.summary) == ["add #1 \"a\"", "add #2 \"b\""])
                continue
            }
            let error = #expect(throws: StoreError.self) { try apply(add("b"), reading: .none) }
            #expect(
                "\(error.map { "\($0)" } ?? "")"
                    == "state file \(file.journalPath) is damaged: journal line 2 holds an undo step, which only a "
                    + "version 3 state file's journal can; it was left untouched (fix it or move it away)"
            )
            #expect(bytes(file.path) == Array(state.utf8))
            #expect(bytes(file.journalPath) == Array(journal.utf8))
        }
    }

    /// A todo a selection did not decode was only checked for its layout: before the file is
    /// rewritten it is decoded, so damage inside it is reported, not carried forward.
    @Test func damageInATodoNotReadStopsTheRewrite() throws {
        try apply(add("a"), add("b"))
        var text = String(decoding: bytes(file.path)!, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"name\": \"a\"", with: "\"name\": \"a\\q\"")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
        try apply(.toggle(ids: [2], at: at), reading: .referencedBy(["2"]))
        let before = (bytes(file.path), bytes(file.journalPath))
        let many = Action.batch((0..<400).map { _ in add(String(repeating: "x", count: 200)) })
        let error = #expect(throws: StoreError.self) { try apply(many, reading: .none) }
        #expect("\(error.map { "\($0)" } ?? "")".hasPrefix("state file \(file.path) is damaged: "))
        #expect(bytes(file.path) == before.0)
        #expect(bytes(file.journalPath) == before.1)
        #expect(throws: StoreError.self) { try file.load() }
    }

    @Test func aFileFromBeforeJournalsIsRewrittenOnItsFirstChange() throws {
        let old = """
            {"format": "todo-state", "version": 2, "nextId": 2,
             "todos": [
              {"id": 1, "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "a", \
            "createdAt": "2026-01-02T03:04:05.000Z"}],
             "history": []}

            """
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(old.utf8))
        try apply(add("b"), reading: .none)
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        #expect(
            String(decoding: bytes(file.path)!, as: UTF8.self).hasPrefix(
                "{\"format\": \"todo-state\", \"version\": 6, \"generation\": \""))
        #expect(try file.load().todos.map(\.name) == ["a", "b"])
    }

    @Test func aJournalWithoutItsStateFileIsNotApplied() throws {
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        try FileManager.default.removeItem(atPath: file.path)
        #expect(try file.load() == TodoState())
        try apply(add("c"), reading: .none)
        #expect(try file.load().todos.map(\.name) == ["c"])
    }

    /// A reader without the lock, racing a writer that appends and rewrites, always sees a
    /// state the writer left: numbers 1…n with nothing missing.
    @Test func readersWithoutTheLockNeverSeeAMix() async throws {
        try apply(add("0"))
        let writer = Task.detached { [file, at] in
            for index in 1...400 {
                _ = try file.update(.none) { state throws(ReduceError) in
                    try reduce(state, .add(NewTodo(uuid: UUID(), name: "\(index)", createdAt: at)))
                }
            }
        }
        var seen = 0
        var nextId = 0
        while seen < 401 {
            let todos = try file.load().todos
            #expect(todos.map(\.id) == Array(1..<todos.count + 1))
            #expect(todos.count >= seen)
            seen = todos.count
            // Partial loads too: the named todo is there, and numbers only go forward.
            let partial = try file.load(.referencedBy(["1"]))
            #expect(partial.todos.map(\.id) == [1])
            #expect(partial.nextId >= max(nextId, seen + 1))
            nextId = partial.nextId
            if seen < 401 { await Task.yield() }
        }
        try await writer.value
    }

    /// A state handed whole to a new file (an import of a state file, the fuzzer's rewrite)
    /// keeps every undo step it holds, not only the last.
    @Test func aStateGivenWholeToANewFileKeepsItsHistory() throws {
        let state = try expected([add("a"), add("b"), .toggle(ids: [1], at: at)])
        #expect(state.history.count == 3)
        _ = try file.update { _ in state }
        #expect(try file.load(.all.withHistory) == state)
    }
}
