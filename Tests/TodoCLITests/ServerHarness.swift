#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TodoTestSupport

/// The real `todo-server`, started on a free loopback port with a temporary SQLite file, as an
/// unprivileged user (`Unprivileged`) in a folder of its own, as it is deployed.
final class TestServer {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `$TODO_SERVER_BINARY`, else the debug build in Server/.build (`.ci/test` builds it first).
    static let binary = Result {
        try BuiltBinary.path(of: "todo-server", orIn: [repository.appendingPathComponent("Server/.build/debug").path])
    }

    let binary: String
    let directory: String
    private(set) var database: String
    private(set) var port: Int
    private(set) var token = ""
    private var process: ChildProcess?
    /// The certificate and key it serves HTTPS with, if it does.
    let tls: (certificate: String, key: String)?

    var url: String { tls == nil ? "http://127.0.0.1:\(port)" : "https://localhost:\(port)" }

    /// A new database with the user alice; or a copy of `fixture` (in Tests/TodoCLITests/
    /// Fixtures: `NAME.sqlite`, and alice's token in `NAME.token`), which the server migrates.
    /// With `tls`, it serves HTTPS with that certificate and key (files in `directory`).
    init(directory: String, fixture: String? = nil, tls: (certificate: String, key: String)? = nil) throws {
        self.tls = tls
        binary = try Self.binary.get()
        self.directory = directory + "/server"
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        Unprivileged.give(self.directory)
        database = self.directory + "/server.sqlite"
        port = try freePort()
        if let fixture {
            let base = Self.repository.appendingPathComponent("Tests/TodoCLITests/Fixtures/\(fixture)").path
            try FileManager.default.copyItem(atPath: base + ".sqlite", toPath: database)
            Unprivileged.give(self.directory)
            token = try String(contentsOfFile: base + ".token", encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            try command(["migrate"])
        } else {
            try addUser()
        }
        try start()
    }

    /// The environment that points `todo` at this server.
    var clientEnvironment: [String: String] { ["TODO_SERVER": url, "TODO_TOKEN": token] }

    /// The change feed from the start, as the server sends it.
    func changes(limit: Int? = nil) throws -> String {
        let query = "/v1/changes?since=0" + (limit.map { "&limit=\($0)" } ?? "")
        return try Sandbox.execute(
            "/usr/bin/curl", ["-fsSk", url + query, "-H", "Authorization: Bearer \(token)"], stdin: nil,
            environment: [:]
        ).stdout
    }

    /// Makes the database and adds the user alice, keeping a token for her.
    private func addUser() throws {
        try command(["migrate"])
        try command(["user", "add", "alice"])
        token = try command(["token", "add", "alice"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    var environment: [String: String] {
        ["TODO_SERVER_DB": database, "PATH": "/usr/bin:/bin", "HOME": directory, "LOG_LEVEL": "warning"]
    }

    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        let (program, wrapped) = Unprivileged.command(binary, arguments)
        let result = try Sandbox.execute(program, wrapped, stdin: nil, environment: environment)
        guard result.status == 0 else {
            throw TestFailure("todo-server \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    func start() throws {
        let tlsArguments = tls.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? []
        Unprivileged.give(directory)
        let (program, arguments) = Unprivileged.command(
            binary, ["serve", "--hostname", "127.0.0.1", "--port", String(port)] + tlsArguments)
        process = try ChildProcess(program, arguments, environment: environment, silencing: .stdoutAndStderr)
        try waitUntilHealthy()
    }

    /// Stops the server the hard way; nothing it acknowledged may be lost.
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Moves to a copy of its database made by `todo-server copy-database` (as an admin moves
    /// a server to another database): stops, copies into `file`, starts on the copy.
    func moveDatabase(to file: String) throws {
        stop()
        let source = database
        database = file
        try command(["copy-database", "--from", source])
        try start()
    }

    /// Throws the database away: the next start makes a new, empty dataset.
    func wipe() throws {
        stop()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        try addUser()
        try start()
    }

    private func waitUntilHealthy() throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let process, !process.isRunning {
                throw TestFailure("todo-server exited at start (status \(process.terminationStatus))")
            }
            // -k: the harness asks whether it is up; what todo trusts is the tests' business.
            if (try? Sandbox.execute(
                "/usr/bin/curl", ["-fsSk", "-m", "2", url + "/health"], stdin: nil, environment: [:]))?.status == 0
            {
                return
            }
            usleep(100_000)
        }
        throw TestFailure("todo-server did not become healthy on \(url)")
    }
}

/// Two devices and the real server they sync with, in a sandbox of their own.
struct TwoDevices {
    let box: Sandbox
    let server: TestServer
    let a: Device
    let b: Device

    /// A server on a new database, or on a copy of `fixture` (see `TestServer`).
    init(fixture: String? = nil) throws {
        box = try Sandbox(.binary)
        server = try TestServer(directory: box.directory, fixture: fixture)
        a = Device(box: box, name: "a")
        b = Device(box: box, name: "b")
    }
}

/// A suite whose tests sync two devices: `a`, `b`, their `server` and `box` at hand.
protocol SyncingTwoDevices {
    var devices: TwoDevices { get }
}

extension SyncingTwoDevices {
    var box: Sandbox { devices.box }
    var server: TestServer { devices.server }
    var a: Device { devices.a }
    var b: Device { devices.b }

    /// Syncs `list` in order, `times` rounds.
    func syncAll(_ list: [Device], times: Int = 2) throws {
        for _ in 0..<times { for device in list { try device.sync(server) } }
    }
}

/// A state file (a device) syncing with `server`.
struct Device {
    let box: Sandbox
    let name: String
    var file: String { box.directory + "/\(name).json" }

    @discardableResult
    func run(_ arguments: String..., server: TestServer, environment: [String: String] = [:]) throws -> RunResult {
        try box.run(["--file", file] + arguments, environment: server.clientEnvironment.merging(environment) { $1 })
    }

    @discardableResult
    func sync(_ server: TestServer) throws -> RunResult {
        let result = try run("sync", server: server)
        if result.status != 0 { Issue.record("sync on \(name) failed: \(result)") }
        return result
    }

    /// The todos as devices compare them: by UUID, without local numbers or bookkeeping.
    func contents() throws -> [UUID: String] {
        let state = try TodoStoreAccess.load(file)
        return Dictionary(
            uniqueKeysWithValues: state.todos.map {
                ($0.uuid, "\($0.name)|\($0.description)|\($0.notes)|\($0.completed)")
            })
    }
}
