import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import Vapor

/// Last in the pipeline: hands each request NIO decoded to the app as soon as its head is in
/// (`RequestHeadRules` passed), reads its body only once the app asks for it (`BodyGate`),
/// and writes the answer. It reads nothing else meanwhile, and starts on the next request only
/// when the socket has taken the last answer, so a connection holds at most one request and
/// one answer in memory. What cannot be taken is answered (400, 405, 413, 431, 503) and the
/// connection closed.
final class RequestBridge: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    struct Settings {
        var maxBodyBytes: Int
        var maxHeaderBytes: Int
        var maxFramingOverhead: Int
        /// How long a connection stays open for the client to read a refusal before closing.
        var linger: TimeAmount
        /// The connection is TLS: its requests say so (`TransportSecurity`).
        var tls = false
    }

    private enum State {
        /// Between requests.
        case idle
        case exchange(Exchange)
        /// A request was refused or the connection is ending: whatever arrives is dropped.
        case closing
    }

    private let application: Application
    private let responder: any Responder
    private let settings: Settings
    private let bodyMemory: ByteBudget
    private let answerMemory: ByteBudget
    private let decoder: DecoderSlot
    private var state = State.idle
    private var readPending = false

    init(
        application: Application, responder: any Responder, settings: Settings, bodyMemory: ByteBudget,
        answerMemory: ByteBudget, decoder: DecoderSlot
    ) {
        self.application = application
        self.responder = responder
        self.settings = settings
        self.bodyMemory = bodyMemory
        self.answerMemory = answerMemory
        self.decoder = decoder
    }

    // MARK: Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .idle = state else { return }
            begin(head, context: context)
        case .body(let chunk):
            guard case .exchange(let exchange) = state else { return }
            take(chunk, into: exchange)
        case .end:
            guard case .exchange(let exchange) = state, !exchange.bodyComplete else { return }
            exchange.bodyComplete = true
            if exchange.wanted { exchange.settle(.success(exchange.body)) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let arrived = event as? BytesArrived, case .exchange(let exchange) = state, !exchange.bodyComplete {
            // Every byte read before this one has been decoded by now.
            if framingTooLarge(exchange) { refuseBody(of: exchange, framingRefusal) }
            exchange.rawBytes += arrived.count
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Reads only while a request may begin or the app wants the body under way.
    func read(context: ChannelHandlerContext) {
        let wantsBytes: Bool
        switch state {
        case .idle, .closing: wantsBytes = true
        case .exchange(let exchange): wantsBytes = exchange.wanted && !exchange.bodyComplete && !exchange.settled
        }
        if wantsBytes { context.read() } else { readPending = true }
    }

    private func resumeReading(context: ChannelHandlerContext) {
        guard readPending else { return }
        readPending = false
        read(context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, case .exchange(let exchange) = state, !exchange.started {
            start(exchange, context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(clientLeft: true)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end(clientLeft: true)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case .closing = state { return }  // the decoder reports again on every later read
        guard let parserError = error as? HTTPParserError, parserError != .invalidEOFState else {
            // The client left mid-request, or the connection failed: nobody to answer.
            application.logger.debug("closing connection: \(String(reflecting: error))")
            end(clientLeft: true)
            context.close(promise: nil)
            return
        }
        let refusal =
            parserError == .headerOverflow
            ? Abort(
                .requestHeaderFieldsTooLarge, reason: "request headers are larger than \(settings.maxHeaderBytes) bytes"
            )
            : Abort(.badRequest, reason: "malformed HTTP request: \(parserError.debugDescription)")
        if case .exchange(let exchange) = state {
            refuseBody(of: exchange, refusal)
        } else {
            refuse(nil, refusal, context: context)
        }
    }

    // MARK: A request

    private func begin(_ received: HTTPRequestHead, context: ChannelHandlerContext) {
        let head: HTTPRequestHead
        switch RequestHeadRules.check(received) {
        case .failure(let refusal): return refuse(received, refusal, context: context)
        case .success(let checked): head = checked
        }
        let length = head.headers.first(name: "content-length").flatMap(Int.init) ?? 0
        if length > settings.maxBodyBytes { return refuse(head, tooLarge(head), context: context) }
        let hasBody = length > 0 || head.headers.contains(name: "transfer-encoding")
        let exchange = Exchange(
            head: head, hasBody: hasBody, promise: context.eventLoop.makePromise(), bodyMemory: bodyMemory)
        state = .exchange(exchange)
        // An answer the client has not read yet fills the socket: this one waits its turn.
        if context.channel.isWritable { start(exchange, context: context) }
    }

    /// Gives the app the request, its body (if it has one) behind a gate.
    private func start(_ exchange: Exchange, context: ChannelHandlerContext) {
        exchange.started = true
        if exchange.bodyComplete {
            // Nothing to wait for: no gate, and no hop back to this loop for the body.
            exchange.settle(.success(nil))
        } else {
            // The gate is the exchange's and lives as long as the request: it must not keep
            // the exchange (and its body) alive in turn.
            let loopBound = NIOLoopBound((context, self, Weak(exchange)), eventLoop: context.eventLoop)
            exchange.gate = BodyGate(body: exchange.promise.futureResult) { [eventLoop = context.eventLoop] in
                eventLoop.execute {
                    let (context, bridge, weak) = loopBound.value
                    if let exchange = weak.value { bridge.bodyWanted(exchange, context: context) }
                }
            }
        }
        respond(to: exchange.head, gate: exchange.gate, refusal: nil, context: context) { bridge, response, body in
            bridge.finish(exchange, response: response, body: body, context: context)
        }
    }

    /// The app passed every check before the route: reads the body (after `100 Continue`, when
    /// the client waits for one).
    private func bodyWanted(_ exchange: Exchange, context: ChannelHandlerContext) {
        guard case .exchange(let current) = state, current === exchange, !exchange.wanted else { return }
        exchange.wanted = true
        if exchange.bodyComplete || exchange.settled {
            exchange.settle(.success(exchange.body))
            return
        }
        context.triggerUserOutboundEvent(BodyWanted(), promise: nil)
        if exchange.bodyBytes == 0, exchange.head.version != .http1_0,
            exchange.head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" })
        {
            let head = HTTPResponseHead(version: exchange.head.version, status: .continue)
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        }
        resumeReading(context: context)
    }

    /// Adds body bytes to the request under way, within the limits of this connection
    /// (`maxBodyBytes`, `maxFramingOverhead`) and of the server (`ByteBudget`).
    private func take(_ chunk: ByteBuffer, into exchange: Exchange) {
        guard !exchange.bodyComplete, !exchange.settled else { return }
        var chunk = chunk
        exchange.bodyBytes += chunk.readableBytes
        if exchange.bodyBytes > settings.maxBodyBytes {
            return refuseBody(of: exchange, tooLarge(exchange.head))
        }
        if framingTooLarge(exchange) { return refuseBody(of: exchange, framingRefusal) }
        guard exchange.reserve(chunk.readableBytes) else {
            return refuseBody(
                of: exchange,
                Abort(
                    .serviceUnavailable, headers: ["Retry-After": "5"],
                    reason: "the server holds too many request bodies right now; try again shortly"))
        }
        if exchange.body == nil {
            exchange.body = chunk
        } else {
            exchange.body!.writeBuffer(&chunk)
        }
    }

    /// Whether the bytes read for the body beyond its own (chunk sizes, extensions, line ends)
    /// outweigh it by more than `maxFramingOverhead`.
    private func framingTooLarge(_ exchange: Exchange) -> Bool {
        exchange.rawBytes - exchange.bodyBytes > settings.maxFramingOverhead + exchange.bodyBytes
    }

    private var framingRefusal: Abort {
        Abort(
            .badRequest,
            reason:
                "the chunked framing of the body is larger than the body (chunk extensions or chunks of a few bytes)")
    }

    /// The body cannot be taken: the app answers with `refusal` (when it asks for the body, or
    /// now if it already has), and the connection closes after the answer.
    private func refuseBody(of exchange: Exchange, _ refusal: Abort) {
        exchange.body = nil
        exchange.giveBackMemory()
        exchange.settle(.failure(refusal))
    }

    /// Writes the app's answer; then the connection waits for the next request, or closes when
    /// the body was not read whole.
    private func finish(_ exchange: Exchange, response: Response, body: ByteBuffer?, context: ChannelHandlerContext) {
        guard case .exchange(let current) = state, current === exchange else { return }
        let keepAlive = exchange.head.isKeepAlive && exchange.bodyComplete && !exchange.refused
        exchange.settle(.failure(ClientLeft()))  // nobody waits for a body the app did not ask for
        let held = exchange.head.method == .HEAD ? 0 : body?.readableBytes ?? 0
        guard answerMemory.reserve(held) else {
            return refuse(exchange.head, answersFull(held), context: context)
        }
        state = keepAlive ? .idle : .closing
        write(response, body: body, for: exchange.head, keepAlive: keepAlive, holding: held, context: context)
        if keepAlive, isUpgrade(exchange.head) { decoder.renew(context.pipeline) }
        // The next request, or (closing) whatever the client still sends, read and dropped
        // until it closes or the linger ends.
        resumeReading(context: context)
    }

    /// The connection ends: a body the app still waits for never comes.
    private func end(clientLeft: Bool) {
        guard case .exchange(let exchange) = state else {
            state = .closing
            return
        }
        state = .closing
        if clientLeft, !exchange.settled { exchange.gate?.clientLeft = true }
        exchange.settle(.failure(ClientLeft()))
    }

    /// NIO's decoder stops after a request that asked to switch protocols (Connection: upgrade
    /// and Upgrade); this server does not switch, so the connection goes on in HTTP/1.1.
    private func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers.contains(name: "upgrade")
            && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }

    /// An answer of `bytes` the server cannot hold beside the answers its clients have not
    /// read yet.
    private func answersFull(_ bytes: Int) -> Abort {
        Abort(
            .serviceUnavailable, headers: ["Retry-After": "5"],
            reason:
                """
                the server holds too many answers its clients have not read yet to hold this one (\(bytes) bytes); try \
                again shortly
                """
        )
    }

    /// A body over the limit: 413, or 400 on Taskwarrior 3's sync routes, as its protocol answers.
    private func tooLarge(_ head: HTTPRequestHead) -> Abort {
        let taskChampion = head.uri.hasPrefix(TaskChampionController.pathPrefix)
        return Abort(
            taskChampion ? .badRequest : .payloadTooLarge,
            reason: "request body is larger than \(settings.maxBodyBytes) bytes")
    }

    // MARK: Answers

    /// Answers `refusal` through the app (so it is logged and shaped like any error), then
    /// closes. Without a head (the request line or headers could not be read), method and
    /// path are "-".
    private func refuse(_ head: HTTPRequestHead?, _ refusal: Abort, context: ChannelHandlerContext) {
        state = .closing
        let head = head ?? HTTPRequestHead(version: .http1_1, method: .RAW(value: "-"), uri: "-")
        respond(to: head, gate: nil, refusal: refusal, context: context) { bridge, response, body in
            bridge.write(response, body: body, for: head, keepAlive: false, holding: 0, context: context)
            bridge.resumeReading(context: context)
        }
    }

    private func respond(
        to head: HTTPRequestHead, gate: BodyGate?, refusal: Abort?, context: ChannelHandlerContext,
        then: @escaping (RequestBridge, Response, ByteBuffer?) -> Void
    ) {
        let channel = context.channel
        var logger = application.logger
        logger[metadataKey: "request-id"] = .string(UUID().uuidString)
        // A refused target is not parsed (`//v1/metrics` would read as host `v1` and path
        // `/metrics`): the log shows it as it came.
        let request = Request(
            application: application, method: head.method, url: URI(string: refusal == nil ? head.uri : "/"),
            version: head.version, headers: head.headers, collectedBody: nil,
            remoteAddress: channel.remoteAddress, logger: logger,
            byteBufferAllocator: channel.allocator, on: channel.eventLoop)
        request.storage[HTTPRefusal.self] = refusal.map { ($0, String(head.uri.prefix(256))) }
        request.storage[BodyGate.Key.self] = gate
        if settings.tls { request.storage[TransportSecurity.ArrivedOverTLS.self] = true }
        responder.respond(to: request)
            .flatMap { response in response.body.collect(on: channel.eventLoop).map { (response, $0) } }
            .hop(to: context.eventLoop)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let (response, body)):
                    then(self, response, body)
                case .failure(let error):
                    self.application.logger.error("internal error: \(String(reflecting: error))")
                    then(self, Response(status: .internalServerError), nil)
                }
            }
    }

    /// Writes an answer; the `holding` bytes of `answerMemory` it took are given back once the
    /// socket has taken it all (or the connection is gone).
    private func write(
        _ response: Response, body: ByteBuffer?, for head: HTTPRequestHead, keepAlive: Bool, holding: Int,
        context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else {
            answerMemory.release(holding)
            return
        }
        var headers = response.headers
        headers.replaceOrAdd(name: "connection", value: keepAlive ? "keep-alive" : "close")
        headers.remove(name: "transfer-encoding")
        headers.replaceOrAdd(name: "content-length", value: String(body?.readableBytes ?? 0))
        let responseHead = HTTPResponseHead(version: head.version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD, let body, body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if holding > 0 { written.whenComplete { [answerMemory] _ in answerMemory.release(holding) } }
        guard !keepAlive else { return }
        // Closing only our side lets the client read the answer before it sees the close,
        // even while it is still sending (a reset could discard the answer unread); whatever
        // it sends meanwhile is read and dropped, for `linger` at most.
        let linger = settings.linger
        written.assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: linger) { context.close(promise: nil) }
        }
    }
}

/// A request the HTTP layer refused before any route ran, and its target as it came;
/// `HTTPRefusalMiddleware` throws the refusal.
enum HTTPRefusal: StorageKey {
    typealias Value = (refusal: Abort, target: String)
}

extension Request {
    /// The path for the log: the target as it came when the HTTP layer refused it.
    var loggedPath: String { storage[HTTPRefusal.self]?.target ?? url.path }
}

/// Answers a refused request with its refusal, through the same middleware as every other
/// answer: logged once, a JSON error body, the dataset header.
struct HTTPRefusalMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let refused = request.storage[HTTPRefusal.self] { throw refused.refusal }
        return try await next.respond(to: request)
    }
}
