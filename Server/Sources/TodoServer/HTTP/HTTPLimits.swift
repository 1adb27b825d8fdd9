import NIOCore
#if canImport(Glibc)
    import Glibc
#endif
import NIOHTTP1
import TodoWire

/// Limits of the HTTP layer, applied to every connection before any route runs.
public struct HTTPLimits: Sendable, Equatable {
    /// How long a connection may wait, with no request under way, for the next request to
    /// begin; also how long a request body may stall. Then the connection is closed.
    public var idleTimeout: TimeAmount
    /// How long a request may take, from its first byte, to send its whole head (request
    /// line and headers); then the connection is closed.
    public var headerTimeout: TimeAmount
    /// The most bytes of header names and values one request may send; more gets 431.
    public var maxHeaderBytes: Int
    /// The slowest a request body may arrive, in bytes a second, once `idleTimeout` has
    /// passed: a body gets `idleTimeout` plus one second for each `minBodyRate` bytes sent.
    public var minBodyRate: Int = 500
    /// Connections open at once; beyond it the server stops accepting until one closes
    /// (TODO_SERVER_MAX_CONNECTIONS; by default below the descriptor limit).
    public var maxConnections: Int = Self.defaultMaxConnections()
    /// Connections open at once from one address that is not a trusted proxy; more are closed
    /// as they arrive (TODO_SERVER_MAX_CONNECTIONS_PER_CLIENT).
    public var maxConnectionsPerClient: Int = 128
    /// Bytes of request bodies held in memory by the whole server; a body that would take it
    /// past this gets 503 (TODO_SERVER_MAX_BODY_MEMORY_MB).
    public var maxBodyMemory: Int = 128 << 20
    /// Bytes of answers made but not yet taken by their clients' sockets, in the whole server
    /// (a client that reads slowly, or not at all, holds its answer until the idle timeout);
    /// an answer that would take it past this gets 503 instead, unless no other is held
    /// (TODO_SERVER_MAX_ANSWER_MEMORY_MB).
    public var maxAnswerMemory: Int = 256 << 20
    /// Bytes of chunked framing (sizes, extensions, line ends) a body may carry beyond its own
    /// length: more is refused, so that one byte of data cannot cost many to read.
    public var maxFramingOverhead: Int = 64 * 1024

    public init(
        idleTimeout: TimeAmount = .seconds(60), headerTimeout: TimeAmount = .seconds(10),
        maxHeaderBytes: Int = Self.defaultMaxHeaderBytes
    ) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxHeaderBytes = maxHeaderBytes
    }

    /// Seven eighths of the open-file limit, less room for the database and the event loops;
    /// at least 16, at most 4096.
    static func defaultMaxConnections() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 4096 }
        let descriptors = Int(clamping: limit.rlim_cur)
        return min(4096, max(16, descriptors - descriptors / 8 - 32))
    }

    /// The legacy API carries a todo's fields in headers: a name, a description and notes at
    /// their limits (`FieldProblem`), plus 64 KiB for every other header a client sends.
    public static let defaultMaxHeaderBytes =
        FieldProblem.maxNameBytes + 2 * FieldProblem.maxTextBytes + 64 * 1024

    /// TODO_SERVER_IDLE_TIMEOUT and TODO_SERVER_HEADER_TIMEOUT, in seconds (a decimal number
    /// above 0, at most a day), over the defaults.
    static func fromEnvironment(_ env: (String) -> String?) throws -> HTTPLimits {
        var limits = HTTPLimits()
        if let text = env("TODO_SERVER_IDLE_TIMEOUT") {
            limits.idleTimeout = try seconds(text, name: "TODO_SERVER_IDLE_TIMEOUT")
        }
        if let text = env("TODO_SERVER_HEADER_TIMEOUT") {
            limits.headerTimeout = try seconds(text, name: "TODO_SERVER_HEADER_TIMEOUT")
        }
        if let text = env("TODO_SERVER_MAX_CONNECTIONS") {
            limits.maxConnections = try count(text, name: "TODO_SERVER_MAX_CONNECTIONS")
        }
        if let text = env("TODO_SERVER_MAX_CONNECTIONS_PER_CLIENT") {
            limits.maxConnectionsPerClient = try count(text, name: "TODO_SERVER_MAX_CONNECTIONS_PER_CLIENT")
        }
        if let text = env("TODO_SERVER_MAX_BODY_MEMORY_MB") {
            limits.maxBodyMemory = try count(text, name: "TODO_SERVER_MAX_BODY_MEMORY_MB", atMost: 1 << 20) << 20
        }
        if let text = env("TODO_SERVER_MAX_ANSWER_MEMORY_MB") {
            limits.maxAnswerMemory = try count(text, name: "TODO_SERVER_MAX_ANSWER_MEMORY_MB", atMost: 1 << 20) << 20
        }
        return limits
    }

    private static func count(_ text: String, name: String, atMost limit: Int = 1_000_000) throws -> Int {
        guard let value = Int(text), value > 0, value <= limit else {
            throw SettingsError("\(name) must be a whole number from 1 to \(limit), not \(text)")
        }
        return value
    }

    private static func seconds(_ text: String, name: String) throws -> TimeAmount {
        guard let value = Double(text), value > 0, value <= 86_400 else {
            throw SettingsError("\(name) must be a number of seconds above 0 and at most 86400, not \(text)")
        }
        return .nanoseconds(Int64((value * 1e9).rounded()))
    }

    /// NIO's parser limits for these: one field and all fields alike, so the whole header
    /// block is what counts.
    var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = maxHeaderBytes
        limits.maxHeaderListSize = maxHeaderBytes
        return limits
    }
}

/// A setting read from the environment that cannot be used; its message names the variable.
public struct SettingsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
