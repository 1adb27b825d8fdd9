import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `todo-server` executable and talks raw HTTP/1.1 to it over a loopback socket,
/// byte for byte as curl would (so headers curl sends unchecked reach the server unchanged).
struct RealServer {
    let executable: URL
    let directory: URL
    var environment: [String: String]

    /// A server on a new SQLite database in a directory of its own (`prefix-UUID` in the
    /// temporary folder), with the legacy routes off, migrated; and what `migrate` said.
    static func sandboxed(_ prefix: String) throws -> (server: RealServer, directory: URL, migrated: Output) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["TODO_LEGACY_USER"] = nil
        environment["TODO_SERVER_DB"] = directory.appendingPathComponent("data.sqlite").path
        let server = RealServer(executable: try findExecutable(), directory: directory, environment: environment)
        return (server, directory, try server.run(["migrate"]))
    }

    /// `todo-server` sits next to the test bundle in the build folder.
    static func findExecutable() throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["TODO_SERVER_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let bundle = Bundle.main.bundleURL
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent(), argv0, argv0.deletingLastPathComponent()]
            + Bundle.allBundles.map({ $0.bundleURL.deletingLastPathComponent() })
        {
            candidates.append(folder.appendingPathComponent("todo-server"))
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw Failure("todo-server executable not found; looked at \(candidates.map(\.path))")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a command to completion (at most `timeout` seconds).
    func run(_ arguments: [String], timeout: Double = 60) throws -> Output {
        let process = makeProcess(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        guard Self.wait(for: process, timeout: timeout) else {
            process.terminate()
            throw Failure("todo-server \(arguments) did not finish within \(timeout)s")
        }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `serve` in the background, its output appended to `log`.
    func start(_ arguments: [String], log: URL) throws -> Process {
        if !FileManager.default.fileExists(atPath: log.path) {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw Failure("cannot create \(log.path)")
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

    static func wait(for process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket() failed") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Failure("bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    struct Response {
        let status: Int
        let head: String
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Sends one request (raw header lines, as bytes) with `Connection: close` semantics and
    /// reads the whole answer; nil when the server closed without answering.
    static func http(
        port: Int, method: String, path: String, headers: [[UInt8]] = [], body: String? = nil
    ) throws -> Response? {
        var request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n".utf8)
        for line in headers { request += line + Array("\r\n".utf8) }
        if let body { request += Array("Content-Length: \(body.utf8.count)\r\n".utf8) }
        request += Array("Connection: close\r\n\r\n".utf8)
        if let body { request += Array(body.utf8) }

        let socket = try TestSocket(port: port)
        try socket.send(request)
        let (received, closed) = socket.readUntilClosed(within: 15)
        guard closed != nil else { throw Failure("no complete answer within 15s") }
        return parse(received)
    }

    /// The first answer in `data`, or nil when there is none.
    static func parse(_ data: Data) -> Response? {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        return Response(status: status, head: head, body: Data(data[split.upperBound...]))
    }

    static func header(_ text: String) -> [UInt8] { Array(text.utf8) }
}

/// A raw loopback TCP connection, for sending bytes no HTTP client would.
final class TestSocket {
    enum Closed: Equatable { case eof, reset }

    private let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RealServer.Failure("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw RealServer.Failure("connect to port \(port) failed")
        }
    }

    deinit { close(fd) }

    /// Sends all of `bytes`; throws when the server has closed the connection.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { sendNoSignal(fd, $0) }
            guard n > 0 else { throw RealServer.Failure("send failed: errno \(errno)") }
            sent += n
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads one whole answer (its head, then `Content-Length` bytes of body), waiting at most
    /// `seconds`; nil if none arrived in that time or the connection closed first.
    func readResponse(within seconds: Double) -> RealServer.Response? {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while deadline.timeIntervalSinceNow > 0 {
            if let response = RealServer.parse(received),
                response.body.count >= Int(response.header("Content-Length") ?? "0") ?? 0
            {
                return response
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(deadline.timeIntervalSinceNow, 1) * 1000) + 1) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            received.append(contentsOf: buffer[0..<n])
        }
        return nil
    }

    /// Reads until the server closes the connection or `seconds` have passed; returns what
    /// arrived and how the connection ended (nil: still open at the deadline).
    func readUntilClosed(within seconds: Double) -> (data: Data, closed: Closed?) {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return (received, nil) }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 {
                received.append(contentsOf: buffer[0..<n])
            } else if n == 0 {
                return (received, .eof)
            } else if errno == ECONNRESET {
                return (received, .reset)
            } else if errno != EINTR && errno != EAGAIN {
                return (received, .reset)
            }
        }
    }
}


/// `send` that reports a closed connection as an error instead of raising SIGPIPE.
private func sendNoSignal(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    return send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return send(fd, bytes.baseAddress, bytes.count, 0)
    #endif
}

/// A suite running the real `todo-server` in a sandbox of its own per test (`RealServer.sandboxed`):
/// its database migrated, and the server it started (`running`) killed afterwards.
class SandboxedServerTestCase: XCTestCase {
    var server: RealServer!
    var directory: URL!
    /// What `migrate` said in `setUp`.
    var migrated: RealServer.Output!
    var running: Process?

    override func setUp() async throws {
        (server, directory, migrated) = try RealServer.sandboxed("todo-server-\(Self.self)")
        XCTAssertEqual(migrated.status, 0, migrated.stderr)
    }

    override func tearDown() async throws {
        if let running, running.isRunning {
            kill(running.processIdentifier, SIGKILL)
            _ = RealServer.wait(for: running, timeout: 10)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The server's log, when it was started with `directory/server.log` as its log.
    func log() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }
}
