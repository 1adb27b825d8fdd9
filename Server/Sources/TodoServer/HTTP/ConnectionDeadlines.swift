import Logging
import NIOCore
import NIOHTTP1

/// Sent up the pipeline, ahead of the bytes, each time bytes arrive on a connection (after
/// TLS: the handshake is not a request): the HTTP decoder shows nothing of a request until
/// its head is complete, and nothing of chunked framing at all.
struct BytesArrived: Sendable {
    let count: Int
}

/// Announces each read with `BytesArrived`.
final class BytesArrivedAnnouncer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived(count: unwrapInboundIn(data).readableBytes))
        context.fireChannelRead(data)
    }
}

/// Sent down the pipeline by `RequestBridge` when the app wants the body of the request under
/// way: from then on the body's deadline runs.
struct BodyWanted: Sendable {}

/// Closes a connection that keeps the server waiting: idle with no request under way
/// (`idleTimeout`), a request head not complete `headerTimeout` after its first byte, a body
/// slower than `idleTimeout` plus a second per `minBodyRate` bytes, or answers left unread
/// (the socket not writable) for `idleTimeout`. While the server works on a request, no
/// deadline runs: the connection waits for the server, not the other way round.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase {
        /// No request under way since then.
        case idle(since: NIODeadline)
        /// Bytes of a request arrived at `since`; its head is not complete.
        case head(since: NIODeadline)
        /// The server has the request (or is answering it).
        case working
        /// The app wants the body: since when, and how many bytes of it arrived.
        case body(since: NIODeadline, bytes: Int)
        /// Answered with `Connection: close`: the server has closed its side and reads on
        /// until the client closes or `RequestBridge`'s linger ends, which bounds it. An idle
        /// deadline here would close while the client may still be sending, and the reset
        /// that answers its bytes could destroy the answer before the client reads it.
        case closing
    }

    private let limits: HTTPLimits
    private let logger: Logger
    private var phase = Phase.idle(since: .now())
    /// Requests whose head arrived and whose answer is not yet complete.
    private var unanswered = 0
    /// The answer being written says `Connection: close`.
    private var answerCloses = false
    /// Since when the socket has not taken what the server writes.
    private var unwritableSince: NIODeadline?
    private var scheduled: Scheduled<Void>?

    init(limits: HTTPLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        phase = .idle(since: .now())
        rearm(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is BytesArrived, case .idle = phase, unanswered == 0 {
            phase = .head(since: .now())
            rearm(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if event is BodyWanted {
            phase = .body(since: .now(), bytes: 0)
            rearm(context: context)
        }
        context.triggerUserOutboundEvent(event, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            phase = .working
            rearm(context: context)
        case .body(let chunk):
            // The body's deadline moves with each byte; the timer catches up when it fires.
            if case .body(let since, let bytes) = phase {
                phase = .body(since: since, bytes: bytes + chunk.readableBytes)
            }
        case .end:
            phase = .working
            rearm(context: context)
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        unwritableSince = context.channel.isWritable ? nil : (unwritableSince ?? .now())
        rearm(context: context)
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            answerCloses = !head.isKeepAlive
        case .body:
            break
        case .end:
            unanswered = max(0, unanswered - 1)
            // Answered (a refused body included): idle until the next request's first byte,
            // or closing.
            if answerCloses {
                phase = .closing
            } else if unanswered == 0 {
                if case .head = phase {} else { phase = .idle(since: .now()) }
            }
            rearm(context: context)
        }
        context.write(data, promise: promise)
    }

    /// The deadline that applies now and why, or nil while the server works.
    private var deadline: (reason: String, at: NIODeadline)? {
        if let unwritableSince, unanswered > 0 {
            return ("answers left unread", unwritableSince + limits.idleTimeout)
        }
        switch phase {
        case .idle(let since):
            return ("idle", since + limits.idleTimeout)
        case .head(let since):
            return (Self.headReason, since + limits.headerTimeout)
        case .working, .closing:
            return nil
        case .body(let since, let bytes):
            let allowance = TimeAmount.nanoseconds(Int64(bytes) * 1_000_000_000 / Int64(max(1, limits.minBodyRate)))
            return ("request body too slow", since + limits.idleTimeout + allowance)
        }
    }

    /// Sets the timer for the deadline that applies now.
    private func rearm(context: ChannelHandlerContext) {
        cancel()
        guard let (reason, at) = deadline else { return }
        let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(deadline: at) {
            let (context, handler) = loopBound.value
            handler.scheduled = nil
            handler.expire(reason: reason, context: context)
        }
    }

    /// The timer fired: closes, unless the deadline moved later meanwhile (a body that kept
    /// coming) or no longer applies.
    private func expire(reason: String, context: ChannelHandlerContext) {
        guard let now = deadline, now.reason == reason, now.at <= .now() else {
            rearm(context: context)
            return
        }
        let since: String
        switch phase {
        case .head: since = " for \(limits.headerTimeout.secondsText)s"
        case .body(_, let bytes): since = " (\(bytes) bytes)"
        case .idle, .working, .closing: since = " for \(limits.idleTimeout.secondsText)s"
        }
        logger.info("closing connection from \(context.remoteAddress?.description ?? "?"): \(reason)\(since)")
        context.close(promise: nil)
    }

    private func cancel() {
        scheduled?.cancel()
        scheduled = nil
    }

    private static let headReason = "request head incomplete"
}

extension TimeAmount {
    /// In seconds, for messages: "1.5".
    var secondsText: String {
        let value = Double(nanoseconds) / 1e9
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
