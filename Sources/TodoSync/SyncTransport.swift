import Foundation
import TodoWire

/// The server's sync API as the engine calls it. `TodoHTTP.SyncClient` speaks it over HTTP;
/// keeping it a protocol here keeps the networking libraries out of every other command.
public protocol SyncTransport: Sendable {
    /// The server, as people should see it named (never with the token).
    var server: URL { get }
    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse
    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse
}
