import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `todo-server` executable (`builtBinary`), run in a directory with an environment.
struct RealServer: Sendable {
    let executable: URL
    let directory: URL
    var environment: [String: String]

    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a command to completion (at most `timeout` seconds).
    func run(_ arguments: [String], timeout: Double = 60) async throws -> Output {
        let process = makeProcess(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (outData, errData) = await offThePool {
            (readToEnd(out.fileHandleForReading), readToEnd(err.fileHandleForReading))
        }
        guard await Self.wait(for: process, timeout: timeout) else {
            process.terminate()
            throw TestFailure("todo-server \(arguments) did not finish within \(timeout)s")
        }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `arguments` (`serve`) in the background, its output appended to `log`.
    func start(_ arguments: [String], log: URL) throws -> Process {
        if !FileManager.default.fileExists(atPath: log.path) {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw TestFailure("cannot create \(log.path)")
            }
        }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        let process = makeProcess(arguments)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    private func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        return process
    }

    /// Whether `process` ended within `timeout` seconds.
    static func wait(for process: Process, timeout: Double) async -> Bool {
        await eventually(within: timeout, every: .milliseconds(20)) { !process.isRunning }
    }
}

/// One test's own `todo-server`: a directory of its own in the temporary folder, holding its
/// SQLite database (migrated) and its log, with the legacy routes off. Made by `withSandbox`.
final class Sandbox {
    var server: RealServer
    let directory: URL
    /// What `migrate` said.
    let migrated: RealServer.Output
    /// The servers started with `start`, killed when the test ends.
    private var started: [Process] = []

    init(_ name: String) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("todo-server-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["TODO_LEGACY_USER"] = nil
        environment["TODO_SERVER_DB"] = directory.appendingPathComponent("data.sqlite").path
        server = RealServer(executable: try builtBinary("todo-server"), directory: directory, environment: environment)
        migrated = try await server.run(["migrate"])
    }

    /// Starts `server` (this sandbox's unless given) with `arguments`, logging to `log` in the
    /// directory.
    func start(_ arguments: [String], server: RealServer? = nil, log: String = "server.log") throws -> Process {
        let process = try (server ?? self.server).start(arguments, log: directory.appendingPathComponent(log))
        started.append(process)
        return process
    }

    /// The server started last.
    var running: Process? { started.last }

    /// The server's log (`server.log` in the directory).
    func log() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    fileprivate func end() async {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            _ = await RealServer.wait(for: process, timeout: 10)
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `test` in a new `Sandbox` (`name` in its directory's name) whose migration succeeded;
/// kills what it started and deletes it afterwards, whatever `test` did.
func withSandbox(_ name: String, _ test: (Sandbox) async throws -> Void) async throws {
    let sandbox = try await Sandbox(name)
    #expect(sandbox.migrated.status == 0, "\(sandbox.migrated.stderr)")
    do {
        try await test(sandbox)
    } catch {
        await sandbox.end()
        throw error
    }
    await sandbox.end()
}

extension Process {
    /// What `executable` prints on stdout, run to its end.
    static func output(_ executable: String, _ arguments: [String]) async throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = await offThePool {
            let data = readToEnd(pipe.fileHandleForReading)
            process.waitUntilExit()
            return data
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Everything `handle` gives until its end.
func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    while let chunk = readSome(handle), !chunk.isEmpty { data += chunk }
    return data
}

/// What one read(2) of `handle` gives: empty at its end, nil on an error. FileHandle's own
/// reads stop the process when a signal interrupts them (EINTR: another test's child ending);
/// this reads again.
func readSome(_ handle: FileHandle) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(handle.fileDescriptor, &buffer, buffer.count)
        if count >= 0 { return Data(buffer[0..<count]) }
        if errno != EINTR { return nil }
    }
}
