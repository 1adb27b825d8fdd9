import Foundation
import Testing
import TodoCore
@testable import TodoStore

/// A state kept decoded between one process's changes (a sync's steps) is what a read of
/// the files would find, and is used only while they are the files it came from.
@Suite struct StateKeeperTests {
    let path: String

    init() throws {
        let directory = NSTemporaryDirectory() + "todo-keeper-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/todos.json"
    }

    var kept: StateFile {
        var file = StateFile(path: path)
        file.keeper = StateKeeper()
        return file
    }

    func add(_ names: [String]) -> (TodoState) throws(ReduceError) -> TodoState {
        { state throws(ReduceError) in
            var state = state
            for name in names {
                state = try reduce(
                    state, .add(NewTodo(uuid: UUID(), name: name, createdAt: Date(timeIntervalSince1970: 1_000_000))))
            }
            return state
        }
    }

    func rename(_ id: Int, _ name: String) -> (TodoState) throws(ReduceError) -> TodoState {
        { state throws(ReduceError) in
            try reduce(
                state, .edit(id: id, changes: [FieldChange(.name, name)], at: Date(timeIntervalSince1970: 2_000_000)))
        }
    }

    /// Small changes (journal lines), large ones (rewrites) and none: after each, the kept
    /// state is the one a fresh read finds, and the next change starts from it.
    @Test func keptStateIsWhatAReadFinds() throws {
        let file = kept
        let fresh = StateFile(path: path)
        let many = (1...400).map { "todo \($0) " + String(repeating: "x", count: 200) }
        let steps: [(TodoState) throws(ReduceError) -> TodoState] = [
            add(["one"]), rename(1, "first"), add(many), rename(2, "second"), { $0 }, add(["last"]), rename(3, "third")
        ]
        for step in steps {
            _ = try file.update(step)
            #expect(try file.load() == fresh.load())
        }
        #expect(file.keeper!.timesUsed == 2 * steps.count - 1)
        #expect(FileManager.default.fileExists(atPath: fresh.journalPath))
        #expect(try fresh.load().todos.map(\.name).prefix(3) == ["first", "second", "third"])
    }

    /// A change by another process, appended to the journal or rewriting the file, is read.
    @Test func anotherProcessesChangeIsRead() throws {
        let file = kept
        let other = StateFile(path: path)
        _ = try file.update(add(["one"]))
        _ = try other.update(rename(1, "renamed elsewhere"))
        #expect(try file.load().todos.map(\.name) == ["renamed elsewhere"])
        _ = try other.update(add((1...400).map { "todo \($0) " + String(repeating: "y", count: 200) }))
        _ = try file.update(rename(1, "renamed here"))
        #expect(try other.load().todos.count == 401)
        #expect(try other.load().todos.first?.name == "renamed here")
        #expect(file.keeper!.timesUsed == 0)
    }

    /// A file changed in place, its size and times alike (an editor, in the same clock tick),
    /// is read again.
    @Test func aFileChangedInPlaceIsReadAgain() throws {
        let file = kept
        _ = try file.update(add(["one", "two"]))
        _ = try file.update(add((1...400).map { "todo \($0) " + String(repeating: "z", count: 200) }))
        // Kept from the rewrite, and used while the file is as written.
        #expect(try file.load().todos.map(\.name).prefix(2) == ["one", "two"])
        #expect(file.keeper!.timesUsed == 2)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let name = Array("\"two\"".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: name) })
        bytes.replaceSubrange(at..<at + name.count, with: Array("\"TWO\"".utf8))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(try file.load().todos.map(\.name).prefix(2) == ["one", "TWO"])
        #expect(file.keeper!.timesUsed == 2)
    }

    /// The places an encoding gives each todo's text are those a read of its bytes finds.
    @Test func encodedTextsAreWhereAReadFindsThem() throws {
        let state = try add(["a", "b \"quoted\"", "c"])(TodoState())
        let (bytes, texts) = StateCodec.encodeWithTexts(state, StateCodec.Header(generation: "g"))
        let read = try StateCodec.decodeSnapshot(bytes)
        var stored = state
        stored.history = []
        #expect(texts == read.texts)
        #expect(read.state == stored)
    }
}
