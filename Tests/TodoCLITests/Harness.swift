import Foundation
import TodoCLI
import TodoCore
import TodoStore
import TodoTestSupport

/// What one run of `todo` printed and returned.
struct RunResult: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32
    /// The signal that ended the process, if one did (`status` is then its number).
    var signal: Int32? = nil

    var description: String {
        "\(signal.map { "signal \($0)" } ?? "status \(status)")\nstdout: \(stdout)\nstderr: \(stderr)"
    }
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// A result is the collection of its labelled lines (`status 0`, `stdout: …`, `stderr: …`), so
/// that when `#expect(result == RunResult(…))` fails, Swift Testing lists the lines that differ.
extension RunResult: RandomAccessCollection {
    private var labelled: [String] {
        func labelled(_ label: String, _ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { "\(label): \($0)" }
        }
        return [signal.map { "signal \($0)" } ?? "status \(status)"] + labelled("stdout", stdout)
            + labelled("stderr", stderr)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { labelled.count }
    subscript(position: Int) -> String { labelled[position] }
}

/// How a `Sandbox` runs `todo`: the one choice a test makes, where it makes its sandbox.
/// `TODO_TEST_LAUNCH=binary` runs every sandbox's `todo` as the binary, to check that the two
/// agree.
enum Launch {
    /// `run(Context(…))` in this process, reading what the binary would read from its own:
    /// the clock, the zone TZ names, new UUIDs. Fast, and a failure shows the lines that differ.
    case inProcess
    /// The built binary in a process of its own: for a test that needs a terminal, a signal,
    /// another process holding the lock, a real server, or a child of todo's (an editor,
    /// `todo-sync`, which `todo sync` hands over to).
    case binary
}

/// A temporary directory with a state file in it, and ways to run `todo` on it.
final class Sandbox {
    let directory: String
    let launch: Launch
    private let clock = RunClock()
    var file: String { directory + "/todos.json" }

    init(_ launch: Launch = .inProcess) throws {
        directory = NSTemporaryDirectory() + "todo-e2e-\(UUID().uuidString.prefix(8))"
        self.launch = ProcessInfo.processInfo.environment["TODO_TEST_LAUNCH"] == "binary" ? .binary : launch
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// The `todo` built next to this test bundle (or `$TODO_BINARY`).
    static let binary: String = {
        do { return try BuiltBinary.path(of: "todo") } catch { fatalError("\(error)") }
    }()

    var baseEnvironment: [String: String] {
        ["TODO_FILE": file, "HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    /// Runs `todo` as `launch` says, on the sandbox's environment with `environment` over it.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> RunResult {
        try run(arguments, stdin: stdin, onlyEnvironment: baseEnvironment.merging(environment) { $1 })
    }

    /// Runs `todo` on `environment` alone, for tests of what it reads there (HOME, XDG_DATA_HOME).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, onlyEnvironment environment: [String: String]) throws
        -> RunResult
    {
        switch launch {
        case .inProcess:
            var context = Context.asTheBinary(arguments, environment: environment, stdin: stdin ?? "")
            context.now = clock.next(context.now)
            return runInProcess(context)
        case .binary:
            return try Self.execute(Self.binary, arguments, stdin: stdin, environment: environment)
        }
    }

    @discardableResult
    func run(_ arguments: String...) throws -> RunResult { try run(arguments) }

    /// Runs `todo` on a pseudo-terminal through script(1); stdout and stderr arrive merged.
    func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        let command = ([Self.binary] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let env = baseEnvironment.merging(environment) { $1 }
        return try Self.execute("/usr/bin/script", ["-qefc", command, "/dev/null"], stdin: nil, environment: env)
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `executable` to its end with `environment` alone, `stdin` on its standard input.
    /// Started with posix_spawn (`ChildProcess`), not Foundation's `Process`, which crashes
    /// a parallel suite holding many descriptors (swift-corelibs-foundation#5472).
    static func execute(_ executable: String, _ arguments: [String], stdin: String?, environment: [String: String])
        throws -> RunResult
    {
        let (input, out, err) = (Pipe(), Pipe(), Pipe())
        let child = try ChildProcess(
            URL(fileURLWithPath: executable), arguments,
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), environment: environment,
            input: input.fileHandleForReading.fileDescriptor, output: out.fileHandleForWriting.fileDescriptor,
            error: err.fileHandleForWriting.fileDescriptor)
        // The child holds its own copies: these close so that its end is the pipes' end.
        try input.fileHandleForReading.close()
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes at once, so that neither fills up and blocks the child.
        let errData = LockedData()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errData.set(readToEnd(err.fileHandleForReading))
            errorsRead.signal()
        }.start()
        let outData = readToEnd(out.fileHandleForReading)
        errorsRead.wait()
        child.waitUntilExit()
        return RunResult(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.value, as: UTF8.self),
            status: child.terminationStatus, signal: child.signal)
    }

    /// The state file's bytes followed by its journal's, if it has one: what must stay
    /// byte-identical when a command fails.
    func fileBytes() -> Data? {
        guard var bytes = FileManager.default.contents(atPath: file) else { return nil }
        if let journal = FileManager.default.contents(atPath: file + ".journal") {
            bytes += Data("\n--journal--\n".utf8) + journal
        }
        return bytes
    }

    func state() throws -> TodoState { try StateFile(path: file).load() }
    /// The state with its undo history, as `undo` reads it.
    func stateWithHistory() throws -> TodoState { try StateFile(path: file).load(.all.withHistory) }

    /// Writes a state file directly, for fixtures the CLI cannot make (chosen UUIDs, many todos).
    func write(_ state: TodoState) throws {
        try? FileManager.default.removeItem(atPath: file + ".journal")
        try Data(StateCodec.encode(state)).write(to: URL(fileURLWithPath: file))
    }

    func writeScript(_ name: String, _ body: String) throws -> String {
        let path = directory + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}

/// Parses `text` as JSON with Foundation, so tests check the output is real JSON.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

func sampleTodos(_ count: Int, completedEvery: Int = 3) -> TodoState {
    let base = FixedClock.epoch
    var todos: [Todo] = []
    todos.reserveCapacity(count)
    for id in 1...count {
        let completed = id % completedEvery == 0
        let created = base.addingTimeInterval(Double(id))
        let completedAt: Date? = completed ? created.addingTimeInterval(0.5) : nil
        todos.append(
            Todo(
                id: id, uuid: UUID(), name: "todo number \(id) with a name of about forty",
                completed: completed, createdAt: created, completedAt: completedAt, synced: true))
    }
    return TodoState(todos: todos)
}

enum TodoStoreAccess {
    static func load(_ path: String) throws -> TodoState { try StateFile(path: path).load() }

    /// Changes the state file as `change` says, as a command would (for states a race makes).
    static func update(_ path: String, _ change: (inout TodoState) -> Void) throws {
        _ = try StateFile(path: path).update { state in
            var state = state
            change(&state)
            return state
        }
    }
}
