import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port for one test's server alone: free when asked, never handed out twice in a
/// run (tests run in parallel), and below the kernel's ephemeral range, where the suite's own
/// connections and port-0 listeners take theirs.
public func freePort() throws -> Int {
    let end = ephemeralPortsStart()
    let start = max(1024, end - 8000)
    for _ in 0..<1000 {
        let port = Int.random(in: start..<end)
        guard handedOut.claim(port) else { continue }
        if canBind(port) { return port }
    }
    throw TestFailure("no free loopback port in \(start)..<\(end)")
}

/// The ports `freePort` gave out in this run.
private final class HandedOut: @unchecked Sendable {
    private let lock = NSLock()
    private var ports: Set<Int> = []

    /// Whether `port` was not given out before (it is now).
    func claim(_ port: Int) -> Bool { lock.withLock { ports.insert(port).inserted } }
}

private let handedOut = HandedOut()

/// The first port the kernel hands out on its own (Linux's ip_local_port_range, else IANA's).
private func ephemeralPortsStart() -> Int {
    let range = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
    return range?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 49152
}

private func canBind(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// A test's own failure, thrown where a helper cannot go on.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
