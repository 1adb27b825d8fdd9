import Logging
import NIOCore
import NIOHTTP1

/// Sent up the pipeline, ahead of the bytes, each time bytes arrive on a connection: the
/// HTTP decoder shows nothing of a request until its head is complete.
struct BytesArrived: Sendable {}

/// First in the pipeline: announces each read with `BytesArrived`.
final class BytesArrivedAnnouncer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
    }
}

/// Closes a connection that keeps the server waiting: idle with no request under way
/// (`idleTimeout`), a request head not complete `headerTimeout` after its first byte, or a
/// request body stalled for `idleTimeout`. While the server works on an answer, no deadline
/// runs: the connection waits for the server, not the other way round.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Reading {
        /// No request begun: waiting for the next one (or for the answer to the last one).
        case nothing
        /// Bytes of a request arrived; its head is not complete.
        case head
        /// The head arrived; the body is not complete.
        case body
    }

    private let limits: HTTPLimits
    private let logger: Logger
    private var reading = Reading.nothing
    /// Requests whose head arrived and whose answer is not yet complete.
    private var unanswered = 0
    private var deadline: (reason: String, task: Scheduled<Void>)?

    init(limits: HTTPLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is BytesArrived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        switch reading {
        case .nothing where unanswered == 0:
            reading = .head
            arm(context: context)
        case .body:
            arm(context: context)
        case .nothing, .head:
            break  // a pipelined request waits its turn; a slow head keeps its first deadline
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            reading = .body
            unanswered += 1
        case .body:
            break
        case .end:
            reading = .nothing
        }
        arm(context: context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            arm(context: context)
        }
        context.write(data, promise: promise)
    }

    /// Sets the deadline that applies now, replacing the previous one (a slow head keeps its).
    private func arm(context: ChannelHandlerContext) {
        let next: (reason: String, after: TimeAmount)?
        switch reading {
        case .head:
            if deadline?.reason == Self.headReason { return }
            next = (Self.headReason, limits.headerTimeout)
        case .body:
            next = ("request body stalled", limits.idleTimeout)
        case .nothing:
            next = unanswered == 0 ? ("idle", limits.idleTimeout) : nil
        }
        disarm()
        guard let next else { return }
        let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
        let task = context.eventLoop.scheduleTask(in: next.after) {
            let (context, handler) = loopBound.value
            handler.logger.info(
                "closing connection from \(context.remoteAddress?.description ?? "?"): \(next.reason) for \(next.after.secondsText)s")
            handler.deadline = nil
            context.close(promise: nil)
        }
        deadline = (next.reason, task)
    }

    private func disarm() {
        deadline?.task.cancel()
        deadline = nil
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
