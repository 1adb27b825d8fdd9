import NIOCore
import NIOHTTP1
import Vapor

/// Last in the pipeline: makes each request NIO decoded into a Vapor `Request`, its body
/// collected (at most `maxBodyBytes`), has the app answer it, and writes the answer. A request
/// too large (413, 431) or malformed (400) is answered too, then the connection is closed.
final class RequestBridge: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case idle
        case collecting(HTTPRequestHead, ByteBuffer?)
        /// A request was refused: whatever else arrives is dropped until the connection closes.
        case refused
    }

    private let application: Application
    private let responder: any Responder
    private let maxBodyBytes: Int
    private let maxHeaderBytes: Int
    private var state = State.idle

    init(application: Application, responder: any Responder, maxBodyBytes: Int, maxHeaderBytes: Int) {
        self.application = application
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .refused:
            return
        case .idle:
            guard case .head(let head) = part else { return }
            let length = head.headers.first(name: "content-length").flatMap(Int.init) ?? 0
            if length > maxBodyBytes {
                refuse(head, tooLarge, context: context)
            } else {
                state = .collecting(head, nil)
            }
        case .collecting(let head, var body):
            state = .idle  // the buffer below has one owner, so appending does not copy it
            switch part {
            case .head:
                return
            case .body(var chunk):
                guard (body?.readableBytes ?? 0) + chunk.readableBytes <= maxBodyBytes else {
                    refuse(head, tooLarge, context: context)
                    return
                }
                if body == nil {
                    body = chunk
                } else {
                    body!.writeBuffer(&chunk)
                }
                state = .collecting(head, body)
            case .end:
                respond(to: head, body: body, refusal: nil, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case .refused = state { return }  // the decoder reports again on every later read
        guard let parserError = error as? HTTPParserError else {
            application.logger.debug("closing connection: \(String(reflecting: error))")
            context.close(promise: nil)
            return
        }
        var head: HTTPRequestHead?
        if case .collecting(let collecting, _) = state { head = collecting }
        let refusal =
            parserError == .headerOverflow
            ? Abort(.requestHeaderFieldsTooLarge, reason: "request headers are larger than \(maxHeaderBytes) bytes")
            : Abort(.badRequest, reason: "malformed HTTP request: \(parserError.debugDescription)")
        refuse(head, refusal, context: context)
    }

    private var tooLarge: Abort {
        Abort(.payloadTooLarge, reason: "request body is larger than \(maxBodyBytes) bytes")
    }

    /// Answers `refusal` through the app (so it is logged and shaped like any error), then
    /// closes. Without a head (the request line or headers could not be read), method and
    /// path are "-".
    private func refuse(_ head: HTTPRequestHead?, _ refusal: Abort, context: ChannelHandlerContext) {
        state = .refused
        let head = head ?? HTTPRequestHead(version: .http1_1, method: .RAW(value: "-"), uri: "-")
        respond(to: head, body: nil, refusal: refusal, context: context)
    }

    private func respond(
        to head: HTTPRequestHead, body: ByteBuffer?, refusal: Abort?, context: ChannelHandlerContext
    ) {
        let channel = context.channel
        var logger = application.logger
        logger[metadataKey: "request-id"] = .string(UUID().uuidString)
        let request = Request(
            application: application, method: head.method, url: URI(string: head.uri),
            version: head.version, headers: head.headers, collectedBody: body,
            remoteAddress: channel.remoteAddress, logger: logger,
            byteBufferAllocator: channel.allocator, on: channel.eventLoop)
        request.storage[HTTPRefusal.self] = refusal
        let keepAlive = refusal == nil && head.isKeepAlive
        responder.respond(to: request)
            .flatMap { response in response.body.collect(on: channel.eventLoop).map { (response, $0) } }
            .hop(to: context.eventLoop)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let (response, body)):
                    self.write(response, body: body, for: head, keepAlive: keepAlive, context: context)
                case .failure(let error):
                    self.application.logger.error("internal error: \(String(reflecting: error))")
                    self.write(Response(status: .internalServerError), body: nil, for: head, keepAlive: false, context: context)
                }
            }
    }

    private func write(
        _ response: Response, body: ByteBuffer?, for head: HTTPRequestHead, keepAlive: Bool,
        context: ChannelHandlerContext
    ) {
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
        guard !keepAlive else { return }
        // Closing only our side lets the client read the answer before it sees the close,
        // even while it is still sending (a reset could discard the answer unread).
        written.assumeIsolated().whenComplete { _ in context.close(mode: .output, promise: nil) }
    }
}

/// A request the HTTP layer refused before any route ran; `HTTPRefusalMiddleware` throws it.
enum HTTPRefusal: StorageKey {
    typealias Value = Abort
}

/// Answers a refused request with its refusal, through the same middleware as every other
/// answer: logged once, a JSON error body, the dataset header.
struct HTTPRefusalMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let refusal = request.storage[HTTPRefusal.self] { throw refusal }
        return try await next.respond(to: request)
    }
}
