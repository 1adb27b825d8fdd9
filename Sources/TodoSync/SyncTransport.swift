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
    /// Sends `operations`; `since` is the feed cursor the client has read up to, which lets
    /// the server say (`feedCursor`) when the feed holds nothing but this push after it.
    func push(_ operations: [PushOperation], since: Int64?) throws(SyncError) -> PushResponse
}
