import Foundation
import TodoWire

/// The server's sync API as the engine calls it. `TodoHTTP.SyncClient` speaks it over HTTP;
/// keeping it a protocol here keeps the networking libraries out of every other command.
public protocol SyncTransport: Sendable {
    /// The server, as people should see it named (never with the token).
    var server: URL { get }
    /// A page of the change feed after `cursor`; nil when the server pruned deletions after
    /// it (HTTP 410), so that only the whole feed, read again from 0, tells what it holds.
    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse?
    /// Sends `operations`.
    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse
    /// Starts `push` and returns at once, so that the engine sends the next batch while the
    /// server still writes the last. By default on a thread of its own (`PushFlight`).
    func startPush(_ operations: [PushOperation]) -> PushFlight
}

extension SyncTransport {
    public func startPush(_ operations: [PushOperation]) -> PushFlight {
        PushFlight(sending: operations, through: self)
    }
}
