import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport
import TodoWire

/// What fuzzing found (issue 16): forged or damaged values are refused on load with the
/// file's name, and both files stay byte-identical; nothing crashes.
@Suite struct DamageTests: StoreSuite {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture("damage") }

    func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Appends `line` to the journal, then expects every load and change to refuse the state
    /// as damaged, leaving both files as they were.
    func expectRefused(
        journalLine line: String, _ message: String, sourceFile: String = #filePath, line number: Int = #line
    ) throws {
        let location = SourceLocation(fileID: #fileID, filePath: sourceFile, line: number, column: 1)
        var journal = read(file.journalPath) ?? Data()
        journal += Data((line + "\n").utf8)
        try journal.write(to: URL(fileURLWithPath: file.journalPath))
        let before = (read(file.path), read(file.journalPath))
        for selection in [TodoSelection.all, .none, .referencedBy(["1"])] {
            let error = #expect(throws: StoreError.self, sourceLocation: location) {
                try apply(add("x"), reading: selection)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains(message), sourceLocation: location)
        }
        #expect(throws: StoreError.self, sourceLocation: location) { try file.load() }
        #expect(read(file.path) == before.0, sourceLocation: location)
        #expect(read(file.journalPath) == before.1, sourceLocation: location)
    }

    func todoLine(id: Int, uuid: UUID) -> String {
        var out = JSONWriter()
        StateCodec.write(Todo(id: id, uuid: uuid, name: "forged", createdAt: at), to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func aJournalLineCannotGiveANumberToAnotherUUID() throws {
        try apply(add("a"), add("b"))
        try apply(add("c"), reading: .none)
        try expectRefused(
            journalLine: "{\"nextId\": 4, \"put\": [\(todoLine(id: 1, uuid: UUID()))]}", "gives todo 1 another UUID")
    }

    @Test func aJournalLineCannotRepeatAUUID() throws {
        try apply(add("a"), add("b"))
        try apply(add("c"), reading: .none)
        let taken = try file.load().todos[0].uuid
        let line = "{\"nextId\": 5, \"put\": [\(todoLine(id: 4, uuid: taken))]}"
        var journal = read(file.journalPath)!
        journal += Data((line + "\n").utf8)
        try journal.write(to: URL(fileURLWithPath: file.journalPath))
        let before = (read(file.path), read(file.journalPath))
        // A full load sees it at once; a change that rewrites the file checks it first.
        #expect(throws: StoreError.self) { try file.load() }
        let many = Action.batch((0..<400).map { _ in add(String(repeating: "x", count: 200)) })
        #expect(throws: StoreError.self) { try apply(many, reading: .none) }
        #expect(read(file.path) == before.0)
        #expect(read(file.journalPath) == before.1)
    }

    @Test(arguments: [
        ("{\"nextId\": 3, \"remove\": [-7]}", "a todo number from 1"),
        ("{\"nextId\": 9223372036854775807}", "a next number from 1"),
        ("{\"nextId\": 3, \"nextId\": 4}", "no second \"nextId\""),
        (
            """
            {"nextId": 3, "put": [{"id": 9007199254740992, "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "n",\
             "createdAt": "2026-01-02T03:04:05.000Z"}]}
            """,
            "a todo number from 1"
        ),
        ("{\"nextId\": 3, \"x\": " + String(repeating: "[", count: 90_000) + "}", "nesting at most 512 deep")
    ])
    func forgedNumbersKeysAndNestingAreRefused(line: String, message: String) throws {
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        try expectRefused(journalLine: line, message)
    }

    @Test func aStateFileWithADuplicateKeyOrDeepNestingIsRefused() throws {
        for text in [
            """
            {"format": "todo-state", "version": 4, "todos": [{"id": 1, "id": 2, \
            "uuid": "8f0e1c2a-0000-4000-8000-000000000001", "name": "n", "createdAt": "2026-01-02T03:04:05.000Z"}]}\n
            """,
            "{\"format\": \"todo-state\", \"version\": 4, \"x\": " + String(repeating: "[", count: 90_000)
                + ", \"todos\": []}\n",
            "{\"format\": \"todo-state\", \"version\": 4, \"nextId\": -3, \"todos\": []}\n"
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
            #expect(throws: StoreError.self) { try file.load() }
            #expect(throws: StoreError.self) { try apply(add("x")) }
            #expect(read(file.path) == Data(text.utf8))
        }
    }

    @Test func theLastNumberIsRefusedNotWrappedAround() throws {
        let state = TodoState(todos: [Todo(id: TodoState.maxId, uuid: UUID(), name: "last", createdAt: at)])
        #expect(state.nextId == TodoState.maxId + 1)
        #expect(throws: ReduceError.numbersExhausted) { try reduce(state, add("one more")) }
        try file.save(state)
        #expect(try file.load().todos.map(\.id) == [TodoState.maxId])
        #expect(throws: ReduceError.numbersExhausted) { try apply(add("one more")) }
    }

    /// A journal beside a file it does not belong to (a backup put back) is kept under
    /// another name and reported once; one left by a crash after it was folded in is removed.
    @Test func aStrayJournalIsSetAsideAndReported() throws {
        try apply(add("a"))
        try apply(add("b"), reading: .none)
        let journal = read(file.journalPath)!
        let backup = read(file.path)!
        try apply(.batch((0..<400).map { _ in add(String(repeating: "x", count: 200)) }), reading: .none)
        // A crash between the rewrite and removing the journal: it is in the new file.
        try journal.write(to: URL(fileURLWithPath: file.journalPath))
        let notices = Notices()
        var watched = file
        watched.notice = { notices.add($0) }
        #expect(try watched.load().todos.count == 402)
        #expect(!FileManager.default.fileExists(atPath: file.journalPath))
        #expect(notices.all.isEmpty)
        // A backup put back in place: the journal now beside it is another generation's.
        try apply(add("c"), reading: .none)
        let newer = read(file.journalPath)!
        try backup.write(to: URL(fileURLWithPath: file.path))
        #expect(try watched.load().todos.map(\.name) == ["a"])
        #expect(notices.all.count == 1)
        #expect(
            notices.all.first?.contains("its changes were not applied; it was kept as \(file.journalPath).orphan-")
                == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            $0.hasPrefix("todos.json.journal.orphan-")
        }
        #expect(kept.count == 1)
        #expect(read(directory + "/" + kept[0]) == newer)
        _ = try watched.load()
        #expect(notices.all.count == 1)
    }
}

final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}
