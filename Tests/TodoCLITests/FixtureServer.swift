#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TodoTestSupport

/// Starts a Python fixture from Tests/TodoCLITests/Fixtures with `arguments`.
func startFixture(_ script: String, _ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(
        "/usr/bin/python3",
        [TestServer.repository.appendingPathComponent("Tests/TodoCLITests/Fixtures/\(script)").path] + arguments,
        silencing: .stdoutAndStderr)
}

/// `drop_proxy.py` in front of `server`, dropping the answers to its first `drops` POSTs
/// after the server committed them: the proxy, to terminate, and the URL to sync through.
func startDropProxy(to server: TestServer, drops: Int, in box: Sandbox) throws -> (process: ChildProcess, url: String) {
    let portFile = box.directory + "/proxy.port"
    let proxy = try startFixture("drop_proxy.py", [String(server.port), String(drops), portFile])
    return (proxy, "http://127.0.0.1:\(try waitForPort(portFile))")
}

/// The port a fixture wrote to `file`, once it has.
func waitForPort(_ file: String) throws -> Int {
    // A bound, not a wait: python3 may start slowly on a busy machine.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        if let text = try? String(contentsOfFile: file, encoding: .utf8), let port = Int(text) { return port }
        usleep(25_000)
    }
    throw TestFailure("the fixture did not start within 60 s")
}

/// `transport_server.py`: a stand-in server that logs each request and its Authorization.
final class TransportServer {
    let process: ChildProcess
    let address: String
    let port: Int
    let log: String

    /// Starts one in `directory`, listening on `address`, in `mode` (see the script).
    init(_ mode: String, in directory: String, address: String = "127.0.0.1", target: String? = nil) throws {
        let name = directory + "/\(mode)-\(UUID().uuidString.prefix(8))"
        log = name + ".log"
        self.address = address
        process = try startFixture(
            "transport_server.py", [mode, name + ".port", log, address] + (target.map { [$0] } ?? []))
        port = try waitForPort(name + ".port")
    }

    /// Stops the server with SIGKILL, and reaps it.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var url: String { "http://\(address):\(port)" }

    /// The requests received so far: "METHOD PATH AUTHORIZATION" (or "-").
    var requests: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

/// An IPv4 address of this machine that is not loopback, if it has one.
func nonLoopbackAddress() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
        defer { entry = current.pointee.ifa_next }
        let flags = Int32(current.pointee.ifa_flags)
        guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
            flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
        else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
        guard inet_ntop(AF_INET, &ipv4, &text, socklen_t(text.count)) != nil else { continue }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return nil
}
