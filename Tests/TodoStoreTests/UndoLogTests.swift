import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport

/// The undo history's own file: bounded in steps and bytes, appended, and safe against a
/// crash between the step and the state that points to it.
@Suite struct UndoLogTests {
    let directory: String
    let log: UndoLog
    let at = FixedClock.epoch

    init() throws {
        directory = NSTemporaryDirectory() + "todo-undo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        log = UndoLog(path: directory + "/todos.json.undo", mode: 0o600)
    }

    func step(_ summary: String, bytes: Int = 0) -> HistoryEntry {
        let todo = Todo(id: 1, uuid: UUID(), name: "n", notes: String(repeating: "x", count: bytes), createdAt: at)
        return HistoryEntry(summary: summary, kind: .batch, at: at, before: [PriorVersion(id: 1, todo: todo)])
    }

    func push(_ count: Int, onto pointer: UndoPointer?, bytes: Int = 0) throws -> UndoPointer? {
        var pointer = pointer
        for index in 0..<count { pointer = try log.push([step("s\(index)", bytes: bytes)], onto: pointer) }
        return pointer
    }

    @Test func keepsTheLastHundredStepsAndUndoingOneNeverBringsBackAnOlder() throws {
        let top = try push(150, onto: nil)
        let steps = try log.steps(below: top)
        #expect(steps.count == 100)
        #expect(steps.last?.entry.summary == "s149")
        #expect(steps.first?.entry.summary == "s50")
        // Undo one: the 99 below remain, and s49 (pushed out of the window) stays out.
        let below = try log.steps(below: steps.last!.below)
        #expect(below.count == 99)
        #expect(below.first?.entry.summary == "s50")
        // A new step on top of that: 100 again, still without s49.
        let again = try log.steps(below: try log.push([step("new")], onto: steps.last!.below))
        #expect(again.map(\.entry.summary) == (50...148).map { "s\($0)" } + ["new"])
    }

    @Test func isCompactedInsteadOfGrowingForever() throws {
        let top = try push(320, onto: nil)
        let lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: log.path)), as: UTF8.self).split(
            separator: "\n")
        #expect(lines.count <= 1 + 3 * 100)
        #expect(try log.steps(below: top).count == 100)
    }

    @Test func boundedInBytesButTheNewestStepAlwaysUndoable() throws {
        let chunk = UndoLog.maxBytes / 3
        let top = try push(4, onto: nil, bytes: chunk)
        #expect(try log.steps(below: top).count == 2)
        let huge = try log.push([step("huge", bytes: UndoLog.maxBytes + 10)], onto: top)
        #expect(try log.steps(below: huge).map(\.entry.summary) == ["huge"])
    }

    /// A step written before a crash kept the state from pointing at it: the next step takes
    /// its seq, and the later line wins.
    @Test func aStepNothingPointsToIsReplacedByTheNext() throws {
        let base = try push(2, onto: nil)
        _ = try log.push([step("lost in a crash")], onto: base)
        let real = try log.push([step("real")], onto: base)
        #expect(try log.steps(below: real).map(\.entry.summary) == ["s0", "s1", "real"])
    }

    @Test func anotherFilesLogIsNotUsedAndATornLineIsCutOff() throws {
        let top = try push(2, onto: nil)
        var foreign = try #require(top)
        foreign.log = "someone-else"
        #expect(try log.steps(below: foreign).isEmpty)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\": 3, \"prev\": 2, \"dep".utf8))
        try handle.close()
        #expect(try log.steps(below: top).count == 2)
        let next = try log.push([step("after the tear")], onto: top)
        #expect(try log.steps(below: next).map(\.entry.summary) == ["s0", "s1", "after the tear"])
        let fresh = try log.push([step("mine")], onto: foreign)
        #expect(fresh.log != "someone-else")
        #expect(try log.steps(below: fresh).map(\.entry.summary) == ["mine"])
    }

    /// A damaged log is refused by the step that would append to it, and left as it was.
    @Test func aDamagedLogIsRefusedNotReplaced() throws {
        let top = try push(2, onto: nil)
        let damaged = Data("garbage\n".utf8) + (try Data(contentsOf: URL(fileURLWithPath: log.path)))
        try damaged.write(to: URL(fileURLWithPath: log.path))
        #expect(throws: StoreError.self) { try log.push([step("x")], onto: top) }
        #expect(throws: StoreError.self) { try log.steps(below: top) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: log.path)) == damaged)
    }

    /// Another state file's log is kept aside when this one starts its own.
    @Test func anotherFilesLogIsKeptAside() throws {
        let theirs = try #require(try push(2, onto: nil))
        let before = try Data(contentsOf: URL(fileURLWithPath: log.path))
        let mine = try log.push([step("mine")], onto: nil)
        #expect(mine.log != theirs.log)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: log.path + ".orphan-" + String(theirs.log.prefix(8)))) == before)
        #expect(try log.steps(below: mine).map(\.entry.summary) == ["mine"])
    }
}

/// The undo log is read a line at a time through one buffer (`FileIO.forEachLine`): every
/// complete line, in order, whatever the chunk size, including lines longer than a chunk.
@Suite struct LineReadingTests {
    func lines(of text: String, chunk: Int, stoppingAt stop: Int = .max) throws -> [String] {
        let path = NSTemporaryDirectory() + "todo-lines-\(UUID().uuidString)"
        defer { unlink(path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let file = try #require(try FileIO.open(path))
        defer { close(file.descriptor) }
        var lines: [String] = []
        try FileIO.forEachLine(file, path: path, chunk: chunk) { line in
            lines.append(String(decoding: line, as: UTF8.self))
            return lines.count < stop
        }
        return lines
    }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func everyCompleteLineInOrder(_ chunk: Int) throws {
        let long = String(repeating: "y", count: 10_000)
        let text = "a\n\nbc\n\(long)\nd\n" + String(repeating: "z", count: 5000) + "\ntorn"
        let expected = ["a\n", "\n", "bc\n", long + "\n", "d\n", String(repeating: "z", count: 5000) + "\n"]
        #expect(try lines(of: text, chunk: chunk) == expected)
        #expect(try lines(of: text, chunk: chunk, stoppingAt: 3) == Array(expected.prefix(3)))
        #expect(try lines(of: "", chunk: chunk).isEmpty)
    }
}
