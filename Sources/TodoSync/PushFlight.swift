import Dispatch
import Synchronization
import TodoWire

/// A push on its way (`SyncTransport.startPush`); `answer()` waits for it.
public final class PushFlight: Sendable {
    private let answered = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<PushResponse, SyncError>?>(nil)

    /// `operations` pushed through `client` on a thread of its own.
    public init(sending operations: [PushOperation], through client: any SyncTransport) {
        DispatchQueue.global().async { [self] in
            settle(Result { () throws(SyncError) in try client.push(operations) })
        }
    }

    /// `operations` pushed through `client` before this returns: a transport whose pushes
    /// must stay in order (a model whose histories repeat).
    public init(pushingAtOnce operations: [PushOperation], through client: any SyncTransport) {
        settle(Result { () throws(SyncError) in try client.push(operations) })
    }

    /// The server's answer, or why there is none. Waits as long as the transport does: its
    /// own timeout bounds every exchange.
    public func answer() -> Result<PushResponse, SyncError> {
        answered.wait()
        answered.signal()
        return result.withLock { $0 } ?? .failure(.unreachable("the push ended without an answer"))
    }

    private func settle(_ answer: Result<PushResponse, SyncError>) {
        result.withLock { $0 = answer }
        answered.signal()
    }
}
