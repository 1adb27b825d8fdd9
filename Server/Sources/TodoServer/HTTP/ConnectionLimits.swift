import Logging
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
    import Glibc
#endif

/// Counts the server's open connections, in all and per client address, against
/// `HTTPLimits.maxConnections` and `maxConnectionsPerClient` (trusted proxies carry many
/// clients, so they have no limit of their own).
final class ConnectionCounts: Sendable {
    private struct State {
        var total = 0
        var byAddress: [String: Int] = [:]
        /// The listener's read held back while the server is full, to resume when one closes.
        var resume: (@Sendable () -> Void)?
        var lastLogged: NIODeadline?
    }

    private let limits: HTTPLimits
    private let exempt: Set<String>
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    init(limits: HTTPLimits, trustedProxies: Set<String>, logger: Logger) {
        self.limits = limits
        self.exempt = trustedProxies
        self.logger = logger
    }

    var isFull: Bool { state.withLockedValue { $0.total >= limits.maxConnections } }

    /// Counts a new connection from `address`; false (and not counted) when it is one too
    /// many, in all or from that address.
    func open(from address: String?) -> Bool {
        let refusal: String? = state.withLockedValue { state in
            let key = address.flatMap { exempt.contains($0) ? nil : $0 }
            if state.total >= limits.maxConnections {
                return "\(state.total) connections open (TODO_SERVER_MAX_CONNECTIONS)"
            }
            if let key, state.byAddress[key, default: 0] >= limits.maxConnectionsPerClient {
                return
                    """
                    \(limits.maxConnectionsPerClient) connections open from this address \
                    (TODO_SERVER_MAX_CONNECTIONS_PER_CLIENT)
                    """
            }
            state.total += 1
            if let key { state.byAddress[key, default: 0] += 1 }
            return nil
        }
        guard let refusal else { return true }
        logRarely("refused a connection from \(address ?? "?"): \(refusal)")
        return false
    }

    /// Uncounts a connection `open(from:)` counted, and lets the listener accept again.
    func close(from address: String?) {
        let resume: (@Sendable () -> Void)? = state.withLockedValue { state in
            state.total -= 1
            if let key = address.flatMap({ exempt.contains($0) ? nil : $0 }) {
                let left = state.byAddress[key, default: 1] - 1
                state.byAddress[key] = left > 0 ? left : nil
            }
            defer { state.resume = nil }
            return state.resume
        }
        resume?()
    }

    /// Runs `resume` when the next connection closes.
    func whenNotFull(_ resume: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLockedValue { state in
            guard state.total >= limits.maxConnections else { return true }
            state.resume = resume
            return false
        }
        if now { resume() }
    }

    /// Logs at most once a second, so that a flood of refusals does not flood the log.
    private func logRarely(_ message: String) {
        let due: Bool = state.withLockedValue { state in
            let now = NIODeadline.now()
            guard state.lastLogged.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
            state.lastLogged = now
            return true
        }
        if due { logger.warning("\(message)") }
    }
}

/// On the listening socket: counts each connection as it is accepted, closes the one too many
/// from its address, and accepts no more while the server is full, so that the ones waiting
/// stay in the kernel's backlog instead of taking a descriptor each.
final class ConnectionGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never

    private let counts: ConnectionCounts
    private var holding = false

    init(counts: ConnectionCounts) {
        self.counts = counts
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        let address = connection.remoteAddress?.ipAddress
        guard counts.open(from: address) else {
            connection.close(promise: nil)
            return
        }
        connection.closeFuture.whenComplete { [counts] _ in counts.close(from: address) }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        guard counts.isFull else {
            context.read()
            return
        }
        guard !holding else { return }
        holding = true
        let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
        counts.whenNotFull { [eventLoop = context.eventLoop] in
            eventLoop.execute {
                let (context, handler) = loopBound.value
                handler.holding = false
                handler.read(context: context)
            }
        }
    }
}

/// On the listening socket: when accept(2) fails for want of descriptors or memory, stops
/// watching the socket for a second instead of retrying at once.
///
/// NIO's `AcceptBackoffHandler` does not do this here: after a failed accept NIO asks for no
/// new read (the one under way never completed), so the handler never sees one to delay, and
/// the socket, still readable, wakes the loop again at once (23,498 failed `accept4` calls a
/// second were measured with it in place). Turning `autoRead` off takes the socket out of the
/// poll set; turning it back on reads again.
final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let pause: TimeAmount
    private var paused = false

    init(pause: TimeAmount = .seconds(1)) {
        self.pause = pause
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode) else {
            context.fireErrorCaught(error)
            return
        }
        guard !paused, (try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)) != nil
        else { return }
        paused = true
        let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: pause) {
            let (context, handler) = loopBound.value
            handler.paused = false
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        }
    }
}
