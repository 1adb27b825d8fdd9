import Foundation

/// A TaskChampion sync server as the replica engine calls it, with the encryption and the
/// snapshots' compression done inside (`TodoHTTP.TaskChampionClient`): the engine sees only
/// plaintext history segments and snapshots.
public protocol ReplicaTransport: Sendable {
    /// The server, as people should see it named.
    var server: URL { get }
    /// The version after `parent`, if there is one.
    func childVersion(of parent: UUID) throws(SyncError) -> ChildVersion
    /// Adds a version holding `segment` after `parent`.
    func addVersion(_ segment: [UInt8], parent: UUID) throws(SyncError) -> AddedVersion
    /// The latest snapshot and its version, nil when the server has none.
    func snapshot() throws(SyncError) -> (version: UUID, tasks: [UInt8])?
    /// Stores `tasks` (the snapshot's JSON) as the state at `version`.
    func addSnapshot(_ tasks: [UInt8], version: UUID) throws(SyncError)
}

/// The server's answer to a request for the version after one.
public enum ChildVersion: Equatable, Sendable {
    case version(id: UUID, segment: [UInt8])
    /// `parent` is the latest version.
    case upToDate
    /// The server holds neither `parent` nor a version after it (pruned): only its snapshot
    /// tells what it holds now.
    case gone
}

/// The server's answer to a new version.
public enum AddedVersion: Equatable, Sendable {
    /// Stored as `id`; `snapshotWanted` when the server asks for a snapshot.
    case accepted(id: UUID, snapshotWanted: Bool)
    /// Another replica added a version after the parent first: pull, rebase, try again.
    case conflict(expectedParent: UUID)
}
