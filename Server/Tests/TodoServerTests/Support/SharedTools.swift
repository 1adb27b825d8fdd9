import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The tools the root package's tests have as well (Tests/TodoTestSupport), with the same names:
// they stay in this one file, which can give way to that target once the root package exports it.

/// A test's failure that is not an expectation: a tool that could not do its work.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A small deterministic generator (SplitMix64), so that a random test run can be replayed
/// from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A loopback port for one test's server alone: free when asked, never handed out twice in a
/// run (tests run in parallel), and below the kernel's ephemeral range, where the suite's own
/// connections and port-0 listeners take theirs.
func freePort() throws -> Int {
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

/// A program this repository builds, for the tests that run it: the one `NAME_BINARY` names
/// (the program's name in capitals, `-` as `_`: `TODO_BINARY` for `todo`, `TODO_SERVER_BINARY`
/// for `todo-server`), else the one built next to the test bundle.
func builtBinary(_ name: String) throws -> URL {
    let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
    if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("\(variable)=\(path) is not an executable")
        }
        return URL(fileURLWithPath: path)
    }
    let bundle = Bundle.main.bundleURL
    let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let folders = [bundle, bundle.deletingLastPathComponent(), argv0, argv0.deletingLastPathComponent()]
        + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    let candidates = folders.map { $0.appendingPathComponent(name) }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw TestFailure("\(name) not found (build it, or set \(variable)); looked at \(candidates.map(\.path))")
    }
    return found
}
