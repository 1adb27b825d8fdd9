import NIOCore
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

    public init(
        idleTimeout: TimeAmount = .seconds(60), headerTimeout: TimeAmount = .seconds(10),
        maxHeaderBytes: Int = Self.defaultMaxHeaderBytes
    ) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxHeaderBytes = maxHeaderBytes
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
        return limits
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
