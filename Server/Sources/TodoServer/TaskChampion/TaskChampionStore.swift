import Fluent
import FluentPostgresDriver
import Foundation
import TodoWire
import Vapor

/// The tables of Taskwarrior 3's sync (`AddTaskChampion`).
enum TaskChampionTables {
    static let clients = "tc_clients"
    static let versions = "tc_versions"
    static let snapshots = "tc_snapshots"
}

/// How soon the server asks a replica for a snapshot (`X-Snapshot-Request`), as the reference
/// server (taskchampion-sync-server) computes it.
enum SnapshotUrgency: Int, Comparable, Sendable {
    case none, low, high

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The reference's defaults: a snapshot is wanted 14 days or 100 versions after the last.
    static let snapshotDays: Int64 = 14
    static let snapshotVersions: Int64 = 100

    /// The header's value, nil for none.
    var header: String? {
        switch self {
        case .none: nil
        case .low: "urgency=low"
        case .high: "urgency=high"
        }
    }

    /// High without a snapshot; else the greater of what the whole days since the snapshot
    /// and the versions since it ask: low from 14 days or 100 versions, high from half as
    /// much again (21 days, 150 versions).
    static func of(snapshotAtMs: Int64?, versionsSince: Int64, nowMs: Int64) -> SnapshotUrgency {
        guard let snapshotAtMs else { return .high }
        func urgency(_ value: Int64, _ threshold: Int64) -> SnapshotUrgency {
            value >= threshold * 3 / 2 ? .high : value >= threshold ? .low : .none
        }
        // Whole days, truncated as the reference's `num_days` does.
        let days = (nowMs - snapshotAtMs) / 86_400_000
        return max(urgency(days, snapshotDays), urgency(versionsSince, snapshotVersions))
    }
}

/// The TaskChampion sync protocol's storage: a chain of versions per client id and its latest
/// snapshot, bytes the server never reads. Every change goes through the write path
/// (`withUserWrite`) under the owning user's write lock, so the requests of one client id
/// (and of one user) are serialised, and what they store counts against the user's quota.
struct TaskChampionStore {
    let db: any Database
    let queue: WriterQueue
    var quota: Int64? = nil

    /// The nil UUID: the parent of a chain's first version.
    static let nilVersion = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    /// What a row costs beside its bytes, counted against the quota.
    static let rowBytes: Int64 = 100
    /// A snapshot is taken only for one of the latest this many versions (the reference's).
    static let snapshotSearch: Int64 = 5

    enum AddVersionOutcome: Equatable, Sendable {
        case added(versionID: UUID, urgency: SnapshotUrgency)
        /// The parent was not the latest version: this one is.
        case conflict(latest: UUID)
    }

    enum ChildVersion: Sendable {
        case found(versionID: UUID, segment: ByteBuffer)
        /// No child, and the parent is the latest version (or there are none): up to date.
        case upToDate
        /// No child, and the parent is not the latest: it was pruned, or never was.
        case gone
    }

    /// The client's row as a write reads it.
    private struct ClientState {
        var latestVersionID: UUID
        var latestSeq: Int64
        var snapshotVersionID: UUID?
        var snapshotSeq: Int64?
        var snapshotAtMs: Int64?
        var versionsSinceSnapshot: Int64
    }

    /// Adds `segment` as the child of `parent`, if `parent` is the latest version (any parent
    /// will do for a client with none yet); asks for a snapshot as the reference does.
    func addVersion(_ client: TaskChampionClient, parent: UUID, segment: ByteBuffer, at now: Date) async throws
        -> AddVersionOutcome
    {
        try await withUserWrite(on: db, queue: queue, userID: client.userID, quota: quota, at: now) { write in
            let state = try await Self.state(of: client, on: write.db)
            if state.latestVersionID != Self.nilVersion, parent != state.latestVersionID {
                return .conflict(latest: state.latestVersionID)
            }
            let versionID = UUID()
            let seq = state.latestSeq + 1
            let bytes = Int64(segment.readableBytes) + Self.rowBytes
            let nowMs = ISO8601Millis.milliseconds(write.now)
            try await write.db.run(
                """
                INSERT INTO \(TaskChampionTables.versions) \
                (client_id, version_id, parent_version_id, seq, segment, stored_bytes, created_at_ms) \
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                """,
                [
                    .uuid(client.id), .uuid(versionID), .uuid(parent), .integer(seq), .blob(segment), .integer(bytes),
                    .integer(nowMs)
                ])
            try await write.db.run(
                """
                UPDATE \(TaskChampionTables.clients) SET latest_version_id = $1, latest_seq = $2, \
                stored_bytes = stored_bytes + $3, \
                versions_since_snapshot = versions_since_snapshot + 1 WHERE id = $4
                """,
                [.uuid(versionID), .integer(seq), .integer(bytes), .uuid(client.id)])
            write.counters.storedBytes += bytes
            // From the client as it was before this version, as the reference does.
            let urgency = SnapshotUrgency.of(
                snapshotAtMs: state.snapshotAtMs, versionsSince: state.versionsSinceSnapshot, nowMs: nowMs)
            return .added(versionID: versionID, urgency: urgency)
        }
    }

    /// The version whose parent is `parent`; read without the write lock (a version, once
    /// stored, never changes).
    func childVersion(_ client: TaskChampionClient, parent: UUID) async throws -> ChildVersion {
        let rows = try await SQLValue.rows(
            db,
            """
            SELECT version_id, segment FROM \(TaskChampionTables.versions) WHERE client_id = $1 AND \
            parent_version_id = $2
            """,
            [.uuid(client.id), .uuid(parent)],
            sqlite: { read in (try read.uuid("version_id"), try read.blob("segment")) },
            postgres: { row in try row.decode((UUID, ByteBuffer).self, context: .default) })
        if let (versionID, segment) = rows.first { return .found(versionID: versionID, segment: segment) }
        // The latest as authentication read it: a client knows only versions stored before
        // its request began.
        let latest = client.latestVersionID
        return latest == parent || latest == Self.nilVersion ? .upToDate : .gone
    }

    /// Keeps `data` as the snapshot at `versionID` when that is one of the latest versions and
    /// newer than the snapshot kept; otherwise drops it, as the reference does. Whether it
    /// was kept.
    func addSnapshot(_ client: TaskChampionClient, versionID: UUID, data: ByteBuffer, at now: Date) async throws -> Bool
    {
        try await withUserWrite(on: db, queue: queue, userID: client.userID, quota: quota, at: now) { write in
            let state = try await Self.state(of: client, on: write.db)
            guard versionID != Self.nilVersion, versionID != state.snapshotVersionID else { return false }
            let seqs = try await write.db.rows(
                "SELECT seq FROM \(TaskChampionTables.versions) WHERE client_id = $1 AND version_id = $2",
                [.uuid(client.id), .uuid(versionID)],
                sqlite: { read in try read.integer("seq") },
                postgres: { row in try row.decode(Int64.self, context: .default) })
            guard let seq = seqs.first else { return false }
            let recent = state.latestSeq - seq < Self.snapshotSearch
            guard recent, seq > (state.snapshotSeq ?? 0) else { return false }
            let old = try await write.db.rows(
                "SELECT stored_bytes FROM \(TaskChampionTables.snapshots) WHERE client_id = $1", [.uuid(client.id)],
                sqlite: { read in try read.integer("stored_bytes") },
                postgres: { row in try row.decode(Int64.self, context: .default) })
            let bytes = Int64(data.readableBytes) + Self.rowBytes
            let change = bytes - (old.first ?? 0)
            let nowMs = ISO8601Millis.milliseconds(write.now)
            try await write.db.run(
                "DELETE FROM \(TaskChampionTables.snapshots) WHERE client_id = $1", [.uuid(client.id)])
            try await write.db.run(
                """
                INSERT INTO \(TaskChampionTables.snapshots) (client_id, version_id, data, stored_bytes, created_at_ms) \
                VALUES ($1, $2, $3, $4, $5)
                """,
                [.uuid(client.id), .uuid(versionID), .blob(data), .integer(bytes), .integer(nowMs)])
            try await write.db.run(
                """
                UPDATE \(TaskChampionTables.clients) SET snapshot_version_id = $1, snapshot_seq = $2, \
                snapshot_at_ms = $3, \
                versions_since_snapshot = 0, stored_bytes = stored_bytes + $4 WHERE id = $5
                """,
                [.uuid(versionID), .integer(seq), .integer(nowMs), .integer(change), .uuid(client.id)])
            write.counters.storedBytes += change
            return true
        }
    }

    /// The latest snapshot's version and bytes, or nil when there is none.
    func snapshot(_ client: TaskChampionClient) async throws -> (versionID: UUID, data: ByteBuffer)? {
        try await SQLValue.rows(
            db, "SELECT version_id, data FROM \(TaskChampionTables.snapshots) WHERE client_id = $1", [.uuid(client.id)],
            sqlite: { read in (try read.uuid("version_id"), try read.blob("data")) },
            postgres: { row in try row.decode((UUID, ByteBuffer).self, context: .default) }
        ).first.map { (versionID: $0.0, data: $0.1) }
    }

    /// The client's row in the write's transaction; 403 when it was removed meanwhile.
    private static func state(of client: TaskChampionClient, on db: any WriteConnection) async throws -> ClientState {
        let rows = try await db.rows(
            """
            SELECT latest_version_id, latest_seq, snapshot_version_id, snapshot_seq, snapshot_at_ms, \
            versions_since_snapshot \
            FROM \(TaskChampionTables.clients) WHERE id = $1 AND user_id = $2
            """,
            [.uuid(client.id), .uuid(client.userID)],
            sqlite: { read in
                ClientState(
                    latestVersionID: try read.uuid("latest_version_id"), latestSeq: try read.integer("latest_seq"),
                    snapshotVersionID: try read.optional("snapshot_version_id", read.uuid),
                    snapshotSeq: try read.optional("snapshot_seq", read.integer),
                    snapshotAtMs: try read.optional("snapshot_at_ms", read.integer),
                    versionsSinceSnapshot: try read.integer("versions_since_snapshot"))
            },
            postgres: { row in
                let (latest, seq, snapshot, snapshotSeq, snapshotAt, since) = try row.decode(
                    (UUID, Int64, UUID?, Int64?, Int64?, Int64).self, context: .default)
                return ClientState(
                    latestVersionID: latest, latestSeq: seq, snapshotVersionID: snapshot, snapshotSeq: snapshotSeq,
                    snapshotAtMs: snapshotAt,
                    versionsSinceSnapshot: since)
            })
        guard let state = rows.first else { throw TaskChampionClients.unknown }
        return state
    }
}
