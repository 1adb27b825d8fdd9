import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// One request under way on a connection.
final class Exchange {
    let head: HTTPRequestHead
    let promise: EventLoopPromise<ByteBuffer?>
    var gate: BodyGate?
    /// Handed to the app (it waits while the socket is full of an earlier answer).
    var started = false
    /// The app asked for the body.
    var wanted = false
    var bodyComplete: Bool
    var body: ByteBuffer?
    var bodyBytes = 0
    /// Bytes read from the socket since the head, framing included.
    var rawBytes = 0
    /// Bytes of `ByteBudget` this body holds: given back when the exchange is freed (the app
    /// may hold the body until then), or when the body is dropped.
    private var reserved = 0
    private let bodyMemory: ByteBudget
    private(set) var settled = false
    /// The body was refused (too large, malformed): the connection closes after the answer.
    private(set) var refused = false

    init(head: HTTPRequestHead, hasBody: Bool, promise: EventLoopPromise<ByteBuffer?>, bodyMemory: ByteBudget) {
        self.head = head
        self.bodyComplete = !hasBody
        self.promise = promise
        self.bodyMemory = bodyMemory
    }

    deinit { giveBackMemory() }

    /// Counts `bytes` more of body against the server's `ByteBudget`; false when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        guard bodyMemory.reserve(bytes) else { return false }
        reserved += bytes
        return true
    }

    /// Returns the server-wide body bytes this exchange holds.
    func giveBackMemory() {
        bodyMemory.release(reserved)
        reserved = 0
    }

    /// Completes the body's promise, once.
    func settle(_ result: Result<ByteBuffer?, any Error>) {
        guard !settled else { return }
        settled = true
        if case .failure(let error) = result, !(error is ClientLeft) { refused = true }
        promise.completeWith(result)
    }
}

/// The connection's HTTP decoder, renewed after a request that asked for an upgrade.
final class DecoderSlot {
    private var decoder: ByteToMessageHandler<HTTPRequestDecoder>
    private let limits: NIOHTTPDecoderLimitConfiguration

    init(limits: NIOHTTPDecoderLimitConfiguration) {
        self.limits = limits
        self.decoder = Self.make(limits)
    }

    var handler: ByteToMessageHandler<HTTPRequestDecoder> { decoder }

    /// Bytes after an upgrade request are passed on (`.forwardBytes`) when the decoder goes.
    static func make(_ limits: NIOHTTPDecoderLimitConfiguration) -> ByteToMessageHandler<HTTPRequestDecoder> {
        ByteToMessageHandler(
            HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes, limitConfiguration: limits))
    }

    /// Puts a new decoder in place of the stopped one, which hands it the bytes it holds.
    func renew(_ pipeline: ChannelPipeline) {
        let fresh = Self.make(limits)
        do {
            try pipeline.syncOperations.addHandler(fresh, position: .after(decoder))
            pipeline.syncOperations.removeHandler(decoder, promise: nil)
            decoder = fresh
        } catch {
            pipeline.close(promise: nil)
        }
    }
}

/// Bytes held in memory server-wide, within a limit: request bodies (`HTTPLimits.maxBodyMemory`),
/// answers not yet taken by their sockets (`maxAnswerMemory`), CalDAV answers being made.
final class ByteBudget: Sendable {
    private let limit: Int
    /// For answers: up to this many bytes always go, and one alone whatever its size (so
    /// that a full budget stops neither health checks and polls nor the one answer larger
    /// than the limit). Nil for bodies, held to the limit.
    private let alwaysAdmitted: Int?
    private let used = NIOLockedValueBox(0)

    init(limit: Int, alwaysAdmitting small: Int? = nil) {
        self.limit = limit
        self.alwaysAdmitted = small
    }

    /// Counts `bytes` more; false (and not counted) when the budget does not admit them.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        return used.withLockedValue { used in
            let admitted = used + bytes <= limit || alwaysAdmitted.map { bytes <= $0 || used == 0 } ?? false
            guard admitted else { return false }
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.withLockedValue { $0 -= bytes }
    }

    /// The bytes held now.
    var held: Int { used.withLockedValue { $0 } }
}

/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
