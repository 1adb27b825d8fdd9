#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoStore
import TodoTestSupport
import FuzzDriver

/// Stops the run when an invariant does not hold: libFuzzer reports it as a crash and saves
/// the input, as it does for a trap.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("invariant failed: \(message())\n".utf8))
    abort()
}

/// The input handed to `LLVMFuzzerTestOneInput` (which may pass a null pointer for no bytes).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// An argv: the input's words, separated by NUL (a real argv's words hold none), at most `limit`.
public func words(_ input: [UInt8], atMost limit: Int) -> [String] {
    input.split(separator: 0, omittingEmptySubsequences: false).prefix(limit).map {
        String(decoding: $0, as: UTF8.self)
    }
}

/// The bytes before the first `separator`, and those after it (nil when there is none).
public func split(_ input: [UInt8], at separator: String) -> (head: [UInt8], tail: [UInt8]?) {
    let marker = Array(separator.utf8)
    guard input.count >= marker.count else { return (input, nil) }
    for start in 0...(input.count - marker.count) where input[start..<start + marker.count].elementsEqual(marker) {
        return (Array(input[..<start]), Array(input[(start + marker.count)...]))
    }
    return (input, nil)
}

/// This process's own directory, on tmpfs when there is one (fsync costs nothing there),
/// removed at exit.
public let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    var template = Array("\(base)/todo-fuzz-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "cannot create a scratch directory in \(base)")
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    scratchToRemove = path
    atexit { if let path = scratchToRemove { try? FileManager.default.removeItem(atPath: path) } }
    return path
}()

nonisolated(unsafe) private var scratchToRemove: String?

/// Writes `bytes` to `path`, or removes the file when nil; false if that failed.
@discardableResult
public func put(_ bytes: [UInt8]?, at path: String) -> Bool {
    guard let bytes else { return unlink(path) == 0 || errno == ENOENT }
    return FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// A state file's bytes and its journal's, to check that a failed command wrote nothing.
public func stateBytes(_ path: String) -> [[UInt8]?] {
    [path, path + ".journal"].map { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
}

/// Removes a state file and everything a `StateFile` puts beside it.
public func removeState(_ path: String) {
    for suffix in ["", ".journal", ".tmp", ".lock"] { unlink(path + suffix) }
}

/// The clock every target uses: whole seconds, so dates survive any encoding.
public let fixedNow = FixedClock.epoch

/// UUIDs f022TT00-0000-4000-8000-0000000000NN from a counter, for reproducible runs; each
/// counter's own tag TT keeps its UUIDs apart from every other counter's.
public final class UUIDCounter: @unchecked Sendable {
    private let tag: UInt8
    private var next: UInt8 = 0
    public init(tag: UInt8) { self.tag = tag }
    public func make() -> UUID {
        next &+= 1
        return UUID(uuid: (0xF0, 0x22, tag, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, next))
    }
}

/// What every state a reader or the reducer hands out must satisfy: numbers positive,
/// distinct and in ascending order, below `nextId`; UUIDs distinct; a completion date
/// exactly on completed todos.
public func checkState(_ state: TodoState, _ origin: @autoclosure () -> String) {
    var uuids = Set<UUID>()
    var previous = 0
    for todo in state.todos {
        invariant(
            todo.id > previous,
            "\(origin()): todo #\(todo.id) after #\(previous) (numbers must be positive and ascending)")
        invariant(uuids.insert(todo.uuid).inserted, "\(origin()): two todos have the UUID \(todo.uuid)")
        previous = todo.id
    }
    invariant(state.nextId > previous, "\(origin()): nextId \(state.nextId) is not above todo #\(previous)")
    invariant(state.history.count <= TodoState.historyLimit, "\(origin()): \(state.history.count) undo steps")
}

/// A small state with an open, a completed, a synced and a conflicted todo, for the targets
/// that apply what they parsed.
public let sampleState: TodoState = {
    let uuids = UUIDCounter(tag: 1)
    let created = Date(timeIntervalSince1970: 1_780_000_000)
    var synced = Todo(id: 3, uuid: uuids.make(), name: "synced", createdAt: created, synced: true)
    synced.base = SyncBase(rev: 4, content: synced.content)
    var conflicted = Todo(id: 7, uuid: uuids.make(), name: "conflicted", createdAt: created)
    conflicted.conflicts = [SyncConflict(field: "name", lost: "other", kept: "conflicted", at: created)]
    return TodoState(
        todos: [
            Todo(id: 1, uuid: uuids.make(), name: "open", createdAt: created),
            Todo(id: 2, uuid: uuids.make(), name: "done", completed: true, createdAt: created, completedAt: created),
            synced, conflicted
        ], nextId: 9)
}()

/// Hands the process over to libFuzzer, which calls `test` with each input.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    fuzz_driver_main(argc, argv, test)
}
