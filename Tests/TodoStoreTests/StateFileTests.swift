import Foundation
import Testing
import TodoCore
@testable import TodoStore

@Suite struct StateFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "todo-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func add(_ name: String) -> (TodoState) throws(ReduceError) -> TodoState {
        { state throws(ReduceError) in try reduce(state, .add(NewTodo(uuid: UUID(), name: name, createdAt: Date()))) }
    }

    @Test func missingFileIsEmptyAndIsCreatedPrivateOnFirstChange() throws {
        let file = StateFile(path: directory + "/deep/er/todos.json")
        #expect(try file.load() == TodoState())
        _ = try file.update(add("first"))
        #expect(try file.load().todos.map(\.name) == ["first"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let parent = try FileManager.default.attributesOfItem(atPath: directory + "/deep/er")
        #expect(parent[.posixPermissions] as? Int == 0o700)
        #expect(!FileManager.default.fileExists(atPath: file.path + ".tmp"))
    }

    @Test func keepsAModeTheUserChose() throws {
        let file = StateFile(path: directory + "/todos.json")
        _ = try file.update(add("a"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        _ = try file.update(add("b"))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func writesThroughASymlinkToItsTarget() throws {
        let target = directory + "/real.json"
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: target)
        _ = try StateFile(path: directory + "/link.json").update(add("x"))
        #expect(try StateFile(path: target).load().todos.count == 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json") == target)
    }

    @Test func damagedFileIsReportedAndLeftByteForByte() throws {
        let path = directory + "/todos.json"
        let garbage = Data("{\"format\": \"todo-state\", \"version\": 1, \"todos\": [{\"id\"".utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        let file = StateFile(path: path)
        #expect(throws: StoreError.self) { _ = try file.update(add("x")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        do { _ = try file.load() } catch {
            #expect(
                "\(error)".hasPrefix("state file \(path) is damaged: not valid JSON (line 1, column 55: expected ':')"))
        }
    }

    @Test func unreadableFileNamesTheReason() throws {
        let path = directory + "/dir.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: StoreError.unreadable(path: path, reason: "not a regular file")) {
            try StateFile(path: path).load()
        }
    }

    @Test func failedChangeWritesNothing() throws {
        let file = StateFile(path: directory + "/todos.json")
        _ = try file.update(add("a"))
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(throws: ReduceError.blankName) { _ = try file.update(add("  ")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
    }

    @Test func lockWaitIsBounded() throws {
        let file = StateFile(path: directory + "/todos.json", lockTimeout: 0.3)
        let held = try FileLock(path: file.lockPath, timeout: 1)
        let start = Date()
        #expect(throws: StoreError.lockTimeout(path: file.path, seconds: 0.3)) { _ = try file.update(add("x")) }
        #expect(Date().timeIntervalSince(start) < 2)
        held.release()
        _ = try file.update(add("x"))
    }
}
