import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `todo-server` executable (`BuiltBinary`), run in a directory with an environment,
/// as an unprivileged user (`Unprivileged`: when the tests are root, as `nobody`).
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
        let out = Pipe()
        let err = Pipe()
        let process = try spawn(
            arguments, output: out.fileHandleForWriting.fileDescriptor, error: err.fileHandleForWriting.fileDescriptor)
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        let (outData, errData) = await offThePool {
            (readToEnd(out.fileHandleForReading), readToEnd(err.fileHandleForReading))
        }
        guard await process.exited(within: timeout) else {
            process.terminate()
            throw TestFailure("todo-server \(arguments) did not finish within \(timeout)s")
        }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `arguments` (`serve`) in the background, its output appended to `log`.
    func start(_ arguments: [String], log: URL) throws -> ChildProcess {
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TestFailure("cannot open \(log.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        return try spawn(arguments, output: descriptor, error: descriptor)
    }

    /// Starts `arguments` as the server's user, its working directory (with the files tests
    /// wrote there) given to that user first, as a deployment gives it its data directory.
    private func spawn(_ arguments: [String], output: Int32, error: Int32) throws -> ChildProcess {
        Unprivileged.give(directory.path)
        let (program, arguments) = Unprivileged.command(executable.path, arguments)
        return try ChildProcess(
            URL(fileURLWithPath: program), arguments, directory: directory, environment: environment,
            output: output, error: error)
    }
}

/// One test's own `todo-server`: a directory of its own in the temporary folder, holding its
/// SQLite database (migrated) and its log, with the legacy routes off, owned by the user the
/// server runs as (`RealServer`). Made by `withSandbox`.
final class Sandbox {
    var server: RealServer
    let directory: URL
    /// What `migrate` said.
    let migrated: RealServer.Output
    /// The servers started with `start`, killed when the test ends.
    private var started: [ChildProcess] = []

    init(_ name: String) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "todo-server-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["TODO_LEGACY_USER"] = nil
        environment["TODO_SERVER_DB"] = directory.appendingPathComponent("data.sqlite").path
        let executable = URL(fileURLWithPath: try BuiltBinary.path(of: "todo-server"))
        server = RealServer(executable: executable, directory: directory, environment: environment)
        migrated = try await server.run(["migrate"])
    }

    /// Starts `server` (this sandbox's unless given) with `arguments`, logging to `log` in the
    /// directory.
    func start(_ arguments: [String], server: RealServer? = nil, log: String = "server.log") throws -> ChildProcess {
        let process = try (server ?? self.server).start(arguments, log: directory.appendingPathComponent(log))
        started.append(process)
        return process
    }

    /// The server started last.
    var running: ChildProcess? { started.last }

    /// The server's log (`server.log` in the directory).
    func log() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    fileprivate func end() async {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            _ = await process.exited(within: 10)
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
