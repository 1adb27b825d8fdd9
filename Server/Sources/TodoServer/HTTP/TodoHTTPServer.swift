import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Vapor

/// The HTTP/1.1 server: NIO's HTTP codec in front of the app's responder, with what Vapor's
/// own server does not do: the header size limit (431 above it); header, body-rate and idle
/// timeouts; no body read before the app has checked the head (`BodyGate`); backpressure on
/// unread answers; bounds on connections and on body and answer bytes in memory; answers (400, 405, 413,
/// 431, 503) instead of dropped connections for requests that cannot be taken; and TLS when
/// `ServerTLS` has a certificate. Hostname and port default to
/// `app.http.server.configuration`. Why not Vapor's or Hummingbird's server: `docs/server-http.md`.
final class TodoHTTPServer: Server {
    private let application: Application
    private let limits: HTTPLimits
    private let maxBodyBytes: Int
    private let state = NIOLockedValueBox(State())
    private let bodyMemory: ByteBudget
    private let answerMemory: ByteBudget

    private struct State {
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    init(application: Application, limits: HTTPLimits, maxBodyBytes: Int) {
        self.application = application
        self.limits = limits
        self.maxBodyBytes = maxBodyBytes
        self.bodyMemory = ByteBudget(limit: limits.maxBodyMemory)
        self.answerMemory = ByteBudget(limit: limits.maxAnswerMemory, alwaysAdmitting: 64 << 10)
    }

    /// Bytes of request bodies the server holds now, all connections together.
    var bodyBytesHeld: Int { bodyMemory.held }
    /// Bytes of answers the server holds now that their sockets have not taken yet.
    var answerBytesHeld: Int { answerMemory.held }

    /// Where the server listens, once started; with port 0, the port it was given.
    var localAddress: SocketAddress? { state.withLockedValue { $0.listener?.localAddress } }

    var onShutdown: EventLoopFuture<Void> {
        state.withLockedValue { $0.listener?.closeFuture }
            ?? application.eventLoopGroup.any().makeSucceededVoidFuture()
    }

    @available(*, noasync)
    func start(address: BindAddress?) throws {
        try application.eventLoopGroup.any().makeFutureWithTask { try await self.start(address: address) }.wait()
    }

    func start(address: BindAddress?) async throws {
        let configuration = application.http.server.configuration
        let counts = ConnectionCounts(
            limits: limits, trustedProxies: TrustedProxies.of(application).addresses, logger: application.logger)
        let bootstrap = ServerBootstrap(group: application.eventLoopGroup)
            .serverChannelOption(ChannelOptions.backlog, value: Int32(configuration.backlog))
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            // One accept per read, so that `ConnectionGate` stops at the limit exactly.
            .serverChannelOption(ChannelOptions.maxMessagesPerRead, value: 1)
            .serverChannelInitializer { channel in
                // Out of descriptors, accept(2) fails at once: without a pause between tries,
                // the loop would spin.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(AcceptPause(), ConnectionGate(counts: counts))
                }
            }
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 1)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try self.setUp(channel) }
            }
        let listener: any Channel
        let description: String
        let scheme = ServerTLS.of(application).context == nil ? "http" : "https"
        switch address ?? configuration.address {
        case .hostname(let hostname, let port):
            let host = hostname ?? configuration.hostname
            listener = try await bootstrap.bind(host: host, port: port ?? configuration.port).get()
            description = "\(scheme)://\(host):\(listener.localAddress?.port ?? port ?? configuration.port)"
        case .unixDomainSocket(let path):
            listener = try await bootstrap.bind(unixDomainSocketPath: path).get()
            description = "\(scheme)+unix: \(path)"
        }
        state.withLockedValue { $0.listener = listener }
        application.logger.notice("Server started on \(description)")
    }

    /// One connection's pipeline: (TLS →) bytes → HTTP parts → deadlines → the app.
    private func setUp(_ channel: any Channel) throws {
        let pipeline = channel.pipeline.syncOperations
        let tls = ServerTLS.of(application).context
        if let tls {
            try pipeline.addHandler(NIOSSLServerHandler(context: tls))
        }
        let decoder = DecoderSlot(limits: limits.decoderLimits)
        try pipeline.addHandlers(
            BytesArrivedAnnouncer(), decoder.handler, HTTPResponseEncoder(configuration: .init()),
            HTTPServerPipelineHandler(), NIOHTTPResponseHeadersValidator(),
            ConnectionDeadlines(limits: limits, logger: application.logger),
            RequestBridge(
                application: application, responder: application.responder.current,
                settings: .init(
                    maxBodyBytes: maxBodyBytes, maxHeaderBytes: limits.maxHeaderBytes,
                    maxFramingOverhead: limits.maxFramingOverhead, linger: limits.headerTimeout, tls: tls != nil),
                bodyMemory: bodyMemory, answerMemory: answerMemory, decoder: decoder))
        let id = ObjectIdentifier(channel)
        state.withLockedValue { $0.connections[id] = channel }
        channel.closeFuture.whenComplete { [state] _ in
            state.withLockedValue { $0.connections[id] = nil }
        }
    }

    @available(*, noasync)
    func shutdown() {
        try? application.eventLoopGroup.any().makeFutureWithTask { await self.shutdown() }.wait()
    }

    /// Stops listening, lets each connection finish the request it is in (NIO's pipelining
    /// handler closes it after that answer, or at once when idle), and closes whatever is
    /// still open after `shutdownTimeout`.
    func shutdown() async {
        guard let listener = state.withLockedValue({ $0.listener }) else { return }
        try? await listener.close()
        let connections = state.withLockedValue { state in
            state.listener = nil
            return Array(state.connections.values)
        }
        for connection in connections {
            connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        let timeout = application.http.server.configuration.shutdownTimeout
        let loop = application.eventLoopGroup.any()
        let forced = loop.scheduleTask(in: timeout) {
            for connection in connections { connection.close(promise: nil) }
        }
        let closed = connections.map(\.closeFuture)
        _ = try? await EventLoopFuture.andAllComplete(closed, on: loop).get()
        forced.cancel()
    }
}
