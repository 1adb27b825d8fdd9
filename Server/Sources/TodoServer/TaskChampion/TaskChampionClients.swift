import Fluent
import FluentPostgresDriver
import Foundation
import TodoWire
import Vapor

/// A registered client id, as a request's authentication found it.
struct TaskChampionClient: Sendable {
    /// The registration's own id (`taskchampion list`), not the client id.
    let id: UUID
    let userID: UUID
    let userName: String
    /// The latest version when the request was authenticated (the nil UUID: none yet).
    let latestVersionID: UUID
    let userDisabled: Bool
}

/// One registration as `taskchampion list` shows it.
struct TaskChampionRegistration: Sendable {
    let id: UUID
    let createdAtMs: Int64
    let versions: Int64
    let storedBytes: Int64
    let snapshotAtMs: Int64?
    let lastVersionAtMs: Int64?
}

/// Client ids registered to users. Only a hash of each client id is stored (the client id is
/// what lets a replica read and write its user's history, as a token does), so the database
/// and `list` never show one; the registration has an id of its own.
enum TaskChampionClients {
    static let unknown = Abort(
        .forbidden,
        reason:
            "unknown client id: this server serves only client ids registered with `todo-server taskchampion add USER`")

    /// The stored hash of `clientID`.
    static func hash(_ clientID: UUID) -> String {
        TokenModel.hash("taskchampion:" + clientID.uuidString.lowercased())
    }

    /// The registration of `clientID` with its user, or nil when it has none.
    static func find(_ clientID: UUID, on db: any Database) async throws -> TaskChampionClient? {
        let query = """
            SELECT c.id AS id, c.user_id AS user_id, c.latest_version_id AS latest_version_id, u.name AS name, \
            u.disabled_at_ms AS disabled_at_ms FROM \(TaskChampionTables.clients) AS c JOIN \(UserModel.schema) AS u \
            ON u.id = c.user_id \
            WHERE c.client_hash = $1
            """
        return try await SQLValue.rows(
            db, query, [.text(hash(clientID))],
            sqlite: { read in
                TaskChampionClient(
                    id: try read.uuid("id"), userID: try read.uuid("user_id"), userName: try read.text("name"),
                    latestVersionID: try read.uuid("latest_version_id"),
                    userDisabled: try read.optional("disabled_at_ms", read.integer) != nil)
            },
            postgres: { row in
                let (id, userID, latest, name, disabled) = try row.decode(
                    (UUID, UUID, UUID, String, Int64?).self, context: .default)
                return TaskChampionClient(
                    id: id, userID: userID, userName: name, latestVersionID: latest, userDisabled: disabled != nil)
            }
        ).first
    }

    /// Registers a new client id for `userID`; returns it and the registration's id.
    static func add(userID: UUID, on db: any Database, at now: Date) async throws -> (clientID: UUID, id: UUID) {
        let (clientID, id) = (UUID(), UUID())
        try await FluentWriteConnection(db: db).run(
            """
            INSERT INTO \(TaskChampionTables.clients) \
            (id, user_id, client_hash, latest_version_id, latest_seq, versions_since_snapshot, stored_bytes, \
            created_at_ms) \
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """,
            [
                .uuid(id), .uuid(userID), .text(hash(clientID)), .uuid(TaskChampionStore.nilVersion), .integer(0),
                .integer(0), .integer(0),
                .integer(ISO8601Millis.milliseconds(now))
            ])
        return (clientID, id)
    }

    /// The registrations of `userID`, oldest first.
    static func list(userID: UUID, on db: any Database) async throws -> [TaskChampionRegistration] {
        let query = """
            SELECT c.id AS id, c.created_at_ms AS created_at_ms, c.latest_seq AS latest_seq, \
            c.stored_bytes AS stored_bytes, \
            c.snapshot_at_ms AS snapshot_at_ms, (SELECT MAX(v.created_at_ms) FROM \(TaskChampionTables.versions) AS v \
            WHERE v.client_id = c.id) AS last_version \
            FROM \(TaskChampionTables.clients) AS c WHERE c.user_id = $1 ORDER BY c.created_at_ms, c.id
            """
        return try await SQLValue.rows(
            db, query, [.uuid(userID)],
            sqlite: { read in
                TaskChampionRegistration(
                    id: try read.uuid("id"), createdAtMs: try read.integer("created_at_ms"),
                    versions: try read.integer("latest_seq"),
                    storedBytes: try read.integer("stored_bytes"),
                    snapshotAtMs: try read.optional("snapshot_at_ms", read.integer),
                    lastVersionAtMs: try read.optional("last_version", read.integer))
            },
            postgres: { row in
                let (id, created, seq, bytes, snapshot, last) = try row.decode(
                    (UUID, Int64, Int64, Int64, Int64?, Int64?).self, context: .default)
                return TaskChampionRegistration(
                    id: id, createdAtMs: created, versions: seq, storedBytes: bytes, snapshotAtMs: snapshot,
                    lastVersionAtMs: last)
            })
    }

    /// The registration a client id or a registration id names: its id and user; nil if none.
    static func named(_ text: String, on db: any Database) async throws -> (id: UUID, userID: UUID)? {
        guard let uuid = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else { return nil }
        return try await SQLValue.rows(
            db, "SELECT id, user_id FROM \(TaskChampionTables.clients) WHERE id = $1 OR client_hash = $2",
            [.uuid(uuid), .text(hash(uuid))],
            sqlite: { read in (id: try read.uuid("id"), userID: try read.uuid("user_id")) },
            postgres: { row in
                let (id, userID) = try row.decode((UUID, UUID).self, context: .default)
                return (id: id, userID: userID)
            }
        ).first
    }

    /// Deletes the registration `id` with its versions and snapshot, in `write`'s transaction;
    /// what it took comes off the user's storage.
    static func remove(_ id: UUID, in write: UserWrite) async throws {
        let bytes = try await write.db.rows(
            "SELECT stored_bytes FROM \(TaskChampionTables.clients) WHERE id = $1", [.uuid(id)],
            sqlite: { read in try read.integer("stored_bytes") },
            postgres: { row in try row.decode(Int64.self, context: .default) })
        guard let bytes = bytes.first else { return }
        try await deleteRows(where: "= $1", [.uuid(id)], on: write.db)
        write.counters.storedBytes -= bytes
    }

    /// Deletes every registration of `userID` with its versions and snapshot (`user delete`).
    static func removeAll(userID: UUID, on db: any WriteConnection) async throws {
        try await deleteRows(
            where: "IN (SELECT id FROM \(TaskChampionTables.clients) WHERE user_id = $1)", [.uuid(userID)], on: db)
    }

    /// Deletes the clients whose id is `condition`, children first.
    private static func deleteRows(where condition: String, _ binds: [SQLValue], on db: any WriteConnection)
        async throws
    {
        try await db.run("DELETE FROM \(TaskChampionTables.snapshots) WHERE client_id \(condition)", binds)
        try await db.run("DELETE FROM \(TaskChampionTables.versions) WHERE client_id \(condition)", binds)
        try await db.run("DELETE FROM \(TaskChampionTables.clients) WHERE id \(condition)", binds)
    }

    /// Deletes, for every client of `write`'s user with a snapshot, the versions at or before
    /// it that are older than `cutoffMs`: a replica that synced since the cutoff finds the
    /// child of its version still stored, and a new one starts from the snapshot. A replica
    /// further behind gets 410, as from the reference server. The versions deleted.
    static func prune(_ write: UserWrite, cutoffMs: Int64) async throws -> Int {
        let old = """
            FROM \(TaskChampionTables.versions) AS v WHERE v.client_id IN (SELECT c.id \
            FROM \(TaskChampionTables.clients) AS c \
            WHERE c.user_id = $1 AND c.snapshot_seq IS NOT NULL) AND v.created_at_ms < $2 AND v.seq <= \
            (SELECT c.snapshot_seq FROM \(TaskChampionTables.clients) AS c WHERE c.id = v.client_id)
            """
        let binds: [SQLValue] = [.uuid(write.userID), .integer(cutoffMs)]
        let perClient = try await write.db.rows(
            "SELECT v.client_id AS client_id, COUNT(*) AS count, CAST(SUM(v.stored_bytes) AS BIGINT) AS bytes " + old
                + " GROUP BY v.client_id", binds,
            sqlite: { read in (try read.uuid("client_id"), try read.integer("count"), try read.integer("bytes")) },
            postgres: { row in
                try row.decode((UUID, Int64, Int64).self, context: .default)
            })
        guard !perClient.isEmpty else { return 0 }
        try await write.db.run(
            "DELETE FROM \(TaskChampionTables.versions) WHERE (client_id, seq) IN (SELECT v.client_id, v.seq " + old
                + ")", binds)
        for (client, _, bytes) in perClient {
            try await write.db.run(
                "UPDATE \(TaskChampionTables.clients) SET stored_bytes = stored_bytes - $1 WHERE id = $2",
                [.integer(bytes), .uuid(client)])
            write.counters.storedBytes -= bytes
        }
        return Int(perClient.reduce(0) { $0 + $1.1 })
    }
}
