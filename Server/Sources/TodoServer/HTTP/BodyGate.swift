import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Where a request waits for its body. The HTTP front hands the app each request as soon as
/// its head is in, body unread; `ReadBody`, the last middleware before a route, opens the
/// gate once every check before it (authentication, the legacy guard) has passed. Only then
/// does the connection read the body (and say `100 Continue` to a client that asked), so a
/// request refused on its head never costs the server its body.
final class BodyGate: Sendable {
    private let wanted: @Sendable () -> Void
    private let body: EventLoopFuture<ByteBuffer?>
    private let state = NIOLockedValueBox((opened: false, clientLeft: false))

    /// `wanted` runs once, when the app first asks for the body; `body` is what comes of it.
    init(body: EventLoopFuture<ByteBuffer?>, wanted: @escaping @Sendable () -> Void) {
        self.body = body
        self.wanted = wanted
    }

    /// Asks the connection for the body and waits for all of it (nil when there is none).
    func read() async throws -> ByteBuffer? {
        let first = state.withLockedValue { state in
            defer { state.opened = true }
            return !state.opened
        }
        if first { wanted() }
        return try await body.get()
    }

    /// Whether the client closed its connection before the whole body arrived.
    var clientLeft: Bool {
        get { state.withLockedValue { $0.clientLeft } }
        set { state.withLockedValue { $0.clientLeft = newValue } }
    }

    enum Key: StorageKey { typealias Value = BodyGate }
}

/// The client closed its connection in the middle of a request body: nobody to answer.
struct ClientLeft: AbortError {
    var status: HTTPResponseStatus { .badRequest }
    var reason: String { "the client closed the connection before sending the whole body" }
}

/// The last middleware of every route group that takes a body: waits at the request's
/// `BodyGate` and hands the route the request with its body. A request built in memory (the
/// tests' in-memory server) has no gate and its body already.
struct ReadBody: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let gate = request.storage[BodyGate.Key.self], let body = try await gate.read() {
            try request.content.encode(CollectedBody(buffer: body), using: CollectedBody.Encoder())
        }
        return try await next.respond(to: request)
    }
}

/// A body already in memory, set on a request through `content.encode` (Vapor's one public
/// way to give a request a collected body after it was made).
private struct CollectedBody: Encodable {
    let buffer: ByteBuffer

    func encode(to encoder: any Swift.Encoder) throws {}

    struct Encoder: ContentEncoder {
        func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
            guard let collected = encodable as? CollectedBody else { return }
            body = collected.buffer
        }
    }
}

extension Request {
    /// Whether the client left before sending the whole body (for the request log).
    var clientLeftMidBody: Bool { storage[BodyGate.Key.self]?.clientLeft ?? false }
}
