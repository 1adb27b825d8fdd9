import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport
import TodoWire

@Suite struct StateCodecTests {
    static let nasty = [
        "héllo wörld", "emoji 🎉👩‍👩‍👧 and 中文", "line\nbreak\r\n", "\"quotes\" and \\backslash\\",
        "tab\there \u{1} \u{1F} nul\u{0}x", "</script> / slash", ""
    ]

    static func sampleState() -> TodoState {
        let base = Date(timeIntervalSince1970: 1_795_000_000.125)
        var todos: [Todo] = []
        for (index, text) in nasty.enumerated() {
            todos.append(
                Todo(
                    id: index * 2 + 1, uuid: UUID(), name: "n" + text, description: text, notes: text.uppercased(),
                    completed: index % 2 == 0, createdAt: base, updatedAt: base.addingTimeInterval(1),
                    completedAt: index % 2 == 0 ? base.addingTimeInterval(2) : nil, synced: index % 3 == 0))
        }
        let history = [
            HistoryEntry(
                summary: "edit #1 \"é\"", kind: .edit, at: base,
                before: [PriorVersion(id: 1, todo: todos[0]), PriorVersion(id: 99, todo: nil)])
        ]
        return TodoState(todos: todos, nextId: 40, history: history)
    }

    /// The state without its undo history, which the undo log keeps (see UndoLogTests).
    static func withoutHistory(_ state: TodoState) -> TodoState {
        var state = state
        state.history = []
        return state
    }

    @Test func roundTripsEveryFieldAndCharacter() throws {
        let state = Self.sampleState()
        let bytes = StateCodec.encode(state)
        #expect(try StateCodec.decode(bytes) == Self.withoutHistory(state))
        // Foundation agrees it is JSON, and sees the same text.
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        let todos = object["todos"] as! [[String: Any]]
        #expect(todos.map { $0["description"] as! String } == Self.nasty)
        #expect(object["version"] as? Int == StateCodec.version)
    }

    /// A step's kind is written beside its summary; a step written before steps had one takes
    /// the kind its summary says; a kind todo does not know is a damaged file.
    @Test func undoStepsKeepTheirKind() throws {
        for kind in StepKind.allCases {
            let entry = HistoryEntry(summary: "words", kind: kind, at: FixedClock.epoch, before: [])
            var out = JSONWriter()
            StateCodec.write(entry, to: &out)
            let read = try out.bytes.withUnsafeBytes { bytes in
                var reader = JSONReader(bytes)
                return try StateCodec.readHistoryEntry(&reader).kind
            }
            #expect(read == kind)
        }
        let legacy = [
            ("delete the series of #3 \"rent\"", StepKind.deleteSeries), ("delete #3 \"x\"", .delete),
            ("clear-completed (2 todos)", .clearCompleted),
            ("import of 2 todos", .importTodos), ("complete #1 \"x\"", .complete), ("sync", .sync),
            ("something else", .batch)
        ]
        for (summary, kind) in legacy {
            #expect(
                try Self.readStep(
                    #"{"summary": \#(summary.debugDescription), "at": "2026-01-01T00:00:00.000Z", "before": []}"#
                ).kind == kind, "\(summary)")
        }
        #expect(throws: StateCodec.DecodeError.self) {
            try Self.readStep(#"{"summary": "x", "kind": "explode", "at": "2026-01-01T00:00:00.000Z", "before": []}"#)
        }
    }

    static func readStep(_ text: String) throws -> HistoryEntry {
        try Array(text.utf8).withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            return try StateCodec.readHistoryEntry(&reader)
        }
    }

    /// An occurrence a completion made keeps what it was made with until the server has it;
    /// `--json` leaves that bookkeeping out.
    @Test func anOccurrencesOriginIsKeptUntilItHasABase() throws {
        var made = Todo(id: 1, uuid: UUID(), name: "rent", createdAt: FixedClock.epoch)
        var origin = made.content
        origin.name = "rent (as made)"
        made.origin = origin
        var synced = made
        synced.id = 2
        synced.uuid = UUID()
        synced.origin = nil
        synced.base = SyncBase(rev: 3, content: synced.content)
        let state = TodoState(todos: [made, synced], nextId: 3)
        let bytes = StateCodec.encode(state)
        #expect(try StateCodec.decode(bytes) == state)
        var out = JSONWriter()
        StateCodec.write(made, to: &out, forOutput: true)
        #expect(!String(decoding: out.bytes, as: UTF8.self).contains("origin"))
    }

    @Test func isReadableOneTodoPerLine() {
        let text = String(decoding: StateCodec.encode(Self.sampleState()), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(
            lines.first
                == """
                {"format": "todo-state", "version": \(StateCodec.version), "generation": "1", "nextId": 40,
                """
        )
        #expect(lines.filter { $0.hasPrefix("  {\"id\": ") }.count == Self.nasty.count)
    }

    @Test func readsFoundationEscapesAndAnyKeyOrder() throws {
        let json = #"""
            {"todos":[{"synced":true,"name":"\u00e9\ud83c\udf89\/","uuid":"8F0E1C2A-0000-4000-8000-000000000001",\#
            "createdAt":"2026-01-02T03:04:05Z","id":7,"extra":{"a":[1,2.5e3,null]}}],
             "version":1,"format":"todo-state"}
            """#
        let state = try StateCodec.decode(Array(json.utf8))
        #expect(state.todos.count == 1)
        #expect(state.todos[0].name == "é🎉/")
        #expect(state.todos[0].uuid == UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000001"))
        #expect(state.nextId == 8)
        #expect(state.todos[0].updatedAt == state.todos[0].createdAt)
    }

    @Test(arguments: [
        ("", "not valid JSON (line 1, column 1: expected '{')"),
        (
            "{\"format\": \"todo-state\", \"version\": 1, \"todos\": [",
            "not valid JSON (line 1, column 50: expected '{')"
        ),
        ("garbage\u{0}\u{1}", "not valid JSON (line 1, column 1: expected '{')"),
        ("[1,2,3]", "not valid JSON (line 1, column 1: expected '{')"),
        ("{\"a\": 1}", "not a todo state file (no \"format\": \"todo-state\")"),
        (
            "{\"format\": \"todo-state\", \"version\": 9, \"todos\": []}",
            "format version 9 is newer than this todo understands (\(StateCodec.version)); upgrade todo"
        ),
        ("{\"format\": \"todo-state\", \"version\": 1}", "missing \"todos\""),
        (
            "{\"format\": \"todo-state\", \"version\": 1, \"todos\": [{\"id\": 1}]}",
            "the todo at line 1 has no \"uuid\", \"name\", \"createdAt\""
        ),
        (
            "{\"format\": \"todo-state\", \"version\": 1, \"todos\": []} x",
            "not valid JSON (line 1, column 53: expected the end of the file after the top-level object)"
        ),
        (
            "{\"format\": \"todo-state\", \"version\": 1, \"todos\": [{\"id\": 1, \"uuid\": \"x\"}]}",
            "not valid JSON (line 1, column 68: expected a UUID)"
        )
    ])
    func rejectsDamage(text: String, message: String) {
        #expect(throws: StateCodec.DecodeError.self) { try StateCodec.decode(Array(text.utf8)) }
        do {
            _ = try StateCodec.decode(Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func readsVersionOneFilesWrittenBeforeSync() throws {
        let v1 = """
            {"format": "todo-state", "version": 1, "nextId": 3,
             "todos": [
              {"id": 2, "uuid": "8f0e1c2a-0000-4000-8000-000000000002", "name": "old", "description": "", "notes": "", \
            "completed": false, "createdAt": "2026-01-02T03:04:05.000Z", "updatedAt": "2026-01-02T03:04:05.000Z", \
            "completedAt": null, "synced": false}],
             "history": []}
            """
        let state = try StateCodec.decode(Array(v1.utf8))
        #expect(state.todos.map(\.name) == ["old"])
        #expect(state.todos[0].base == nil)
        #expect(state.sync == SyncState())
        #expect(try StateCodec.decode(StateCodec.encode(state)) == state)
    }

    @Test func syncBookkeepingRoundTrips() throws {
        var state = Self.sampleState()
        state.todos[0].base = SyncBase(rev: 7, content: state.todos[0].content)
        state.todos[1].base = SyncBase(rev: 8, content: nil)
        var older = state.todos[2].content
        older.name = "older"
        state.todos[2].base = SyncBase(rev: 9, content: older)
        state.todos[3].conflicts = [
            SyncConflict(field: "name", lost: "é\n\"", kept: "k", at: Date(timeIntervalSince1970: 5))
        ]
        state.sync = SyncState(
            datasetId: UUID(), cursor: 42,
            deletions: [PendingDeletion(uuid: UUID(), base: SyncBase(rev: 3, content: older), name: "gone")],
            outbox: [
                OutboxOperation(opId: UUID(), uuid: UUID(), baseRev: 3, content: nil),
                OutboxOperation(opId: UUID(), uuid: UUID(), baseRev: 0, content: older)
            ])
        state.sync.feedGaps = [1...4, 9...12]
        #expect(try StateCodec.decode(StateCodec.encode(state)) == Self.withoutHistory(state))
        let snapshot = try StateCodec.decodeSnapshot(StateCodec.encode(state))
        #expect(StateCodec.encode(snapshot.state, reusing: snapshot) == StateCodec.encode(state))
    }

    @Test func rejectsDuplicateNumbersAndUUIDs() {
        var state = Self.sampleState()
        state.todos[1].id = state.todos[0].id
        #expect(throws: StateCodec.DecodeError.invalid("two todos are numbered 1")) {
            try StateCodec.decode(StateCodec.encode(state))
        }
        state = Self.sampleState()
        state.todos[1].uuid = state.todos[0].uuid
        #expect(throws: StateCodec.DecodeError.self) { try StateCodec.decode(StateCodec.encode(state)) }
    }

    @Test func rejectsInvalidUTF8() {
        var bytes = Array("{\"format\": \"todo-state\", \"version\": 1, \"todos\": [], \"x\": \"".utf8)
        bytes += [0xFF, 0xFE, 0x22, 0x7D]
        #expect(throws: StateCodec.DecodeError.self) { try StateCodec.decode(bytes) }
    }
}

@Suite struct SnapshotReuseTests {
    @Test func encodingReusingASnapshotGivesTheSameBytesAsEncodingAfresh() throws {
        let state = StateCodecTests.sampleState()
        let snapshot = try StateCodec.decodeSnapshot(StateCodec.encode(state))
        var changed = snapshot.state
        changed.todos[1].name = "changed ✓"
        changed.todos.remove(at: 3)
        changed.todos.append(Todo(id: 50, uuid: UUID(), name: "new", createdAt: Date(timeIntervalSince1970: 5)))
        #expect(StateCodec.encode(changed, reusing: snapshot) == StateCodec.encode(changed))
    }

    @Test func handEditedLayoutsAreReadAndRewrittenInTheStandardLayout() throws {
        let json = """
            {"format":"todo-state","version":1,"todos":[
            {"uuid":"8f0e1c2a-0000-4000-8000-000000000002","id":2,"name":"b","createdAt":"2026-01-02T03:04:05.000Z"},
              {"id": 1, "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "a", "description": "", "notes": "", \
            "completed": false, "createdAt": "2026-01-02T03:04:05.000Z", "updatedAt": "2026-01-02T03:04:05.000Z", \
            "completedAt": null, "synced": false}
            ]}
            """
        let snapshot = try StateCodec.decodeSnapshot(Array(json.utf8))
        #expect(snapshot.state.todos.map(\.name) == ["a", "b"])
        let reused = StateCodec.encode(snapshot.state, reusing: snapshot)
        #expect(try StateCodec.decode(reused) == snapshot.state)
        #expect(
            reused == StateCodec.encode(snapshot.state)
                || String(decoding: reused, as: UTF8.self).contains("\"uuid\":\"8f0e1c2a-0000-4000-8000-000000000002\"")
        )
    }
}
