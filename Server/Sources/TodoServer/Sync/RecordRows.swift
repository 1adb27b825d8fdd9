import FluentPostgresDriver
import FluentSQLiteDriver
import TodoWire
import Foundation
import Vapor

/// The write path's SQL on `todos`: records read by uuid, legacy id or liveness, and the
/// records a write changed written back with multi-row upserts. Through the write path's
/// connection, with each database's own binds and rows: Fluent's models and SQLKit's encoders
/// cost more than the statements.
enum RecordRows {
    /// The columns of a record, in the order they are read and written.
    static let columns = [
        "id", "user_id", "uuid", "rev", "deleted", "legacy_id", "name", "description", "notes", "completed",
        "created_at_ms", "updated_at_ms", "completed_at_ms", "attributes", "op_id"
    ]

    /// The columns a record is read from, in this order: all but `user_id`, which the reads
    /// name.
    private static let readColumns = columns.filter { $0 != "user_id" }.joined(separator: ", ")

    /// What a write does to a row whose (user, uuid) exists: every column but its id takes
    /// the new value.
    private static let upsert =
        " ON CONFLICT (user_id, uuid) DO UPDATE SET "
        + columns.filter { !["id", "user_id", "uuid"].contains($0) }.map { "\($0) = excluded.\($0)" }.joined(
            separator: ", ")

    /// Rows per INSERT statement. At 15 columns that binds at most 7500 values, well below
    /// the limits of PostgreSQL (65535) and SQLite (32766 by default since 3.32; the bundled
    /// build allows 250000). A full push (`SyncAPI.maxOperationsPerPush`, 1000) takes two.
    static let maxRowsPerInsert = 500

    /// Rows per INSERT statement on `db`: PostgreSQL binds an array per column (`unnest`), so
    /// a full push takes one (its fallback of a bind per value still fits: 30,000).
    static func maxRowsPerInsert(on db: any WriteConnection) -> Int {
        db.bindsArrays ? 2 * SyncAPI.maxOperationsPerPush : maxRowsPerInsert
    }

    /// The records of `uuids` that `userID` has, tombstones too.
    static func read(_ db: any WriteConnection, userID: UUID, uuids: some Collection<UUID>) async throws
        -> [StoredRecord]
    {
        guard !uuids.isEmpty else { return [] }
        let list = SQLValue.placeholders(from: 2, count: uuids.count)
        return try await read(db, "user_id = $1 AND uuid IN (\(list))", [.uuid(userID)] + uuids.map(SQLValue.uuid))
    }

    /// The record of `userID` with legacy id `legacyId`, a tombstone too.
    static func read(_ db: any WriteConnection, userID: UUID, legacyId: Int64) async throws -> StoredRecord? {
        try await read(db, "user_id = $1 AND legacy_id = $2", [.uuid(userID), .integer(legacyId)]).first
    }

    /// The records of `userID` that are not tombstones, by revision.
    static func readLive(_ db: any WriteConnection, userID: UUID) async throws -> [StoredRecord] {
        try await read(db, "user_id = $1 AND deleted = $2 ORDER BY rev", [.uuid(userID), .bool(false)])
    }

    /// The records of `userID` named `name` that are not tombstones.
    static func readLive(_ db: any WriteConnection, userID: UUID, named name: String) async throws -> [StoredRecord] {
        try await read(
            db, "user_id = $1 AND deleted = $2 AND name = $3 ORDER BY rev", [.uuid(userID), .bool(false), .text(name)])
    }

    private static func read(_ db: any WriteConnection, _ condition: String, _ binds: [SQLValue]) async throws
        -> [StoredRecord]
    {
        let query = "SELECT \(readColumns) FROM \(TodoModel.schema) WHERE \(condition)"
        return try await db.rows(
            query, binds, sqlite: StoredRecord.init(sqlite:), postgres: StoredRecord.init(postgres:))
    }

    /// Writes `records` of `userID`: new ones are inserted, and a row whose (user, uuid)
    /// exists takes the new values of every column but its id.
    static func write(_ records: [StoredRecord], userID: UUID, on db: any WriteConnection) async throws {
        for chunk in records.chunked(maxRowsPerInsert(on: db)) {
            try await db.insert(
                into: TodoModel.schema, columns: columns, rows: chunk.map { $0.values(userID: userID) }, suffix: upsert)
        }
    }
}

extension StoredRecord {
    /// The values of `RecordRows.columns`, in order.
    func values(userID: UUID) -> [SQLValue] {
        [
            .uuid(id), .uuid(userID), .uuid(uuid), .integer(rev), .bool(deleted),
            .optional(legacyId.map(SQLValue.integer)),
            .text(name), .text(descriptionText), .text(notes), .bool(completed), .integer(createdAtMs),
            .integer(updatedAtMs),
            .optional(completedAtMs.map(SQLValue.integer)), .optional(attributesJSON.map(SQLValue.text)),
            .optional(opId.map(SQLValue.uuid))
        ]
    }

    fileprivate init(sqlite read: SQLiteColumns) throws {
        self.init(
            id: try read.uuid("id"), uuid: try read.uuid("uuid"), rev: try read.integer("rev"),
            deleted: try read.integer("deleted") != 0, legacyId: try read.optional("legacy_id", read.integer),
            name: try read.text("name"), descriptionText: try read.text("description"), notes: try read.text("notes"),
            completed: try read.integer("completed") != 0, createdAtMs: try read.integer("created_at_ms"),
            updatedAtMs: try read.integer("updated_at_ms"),
            completedAtMs: try read.optional("completed_at_ms", read.integer),
            attributesJSON: try read.optional("attributes", read.text), opId: try read.optional("op_id", read.uuid))
    }

    fileprivate init(postgres row: PostgresRow) throws {
        let (
            id, uuid, rev, deleted, legacyId, name, description, notes, completed, created, updated, completedAt,
            attributes, opId
        ) = try row.decode(
            (UUID, UUID, Int64, Bool, Int64?, String, String, String, Bool, Int64, Int64, Int64?, String?, UUID?).self,
            context: .default)
        self.init(
            id: id, uuid: uuid, rev: rev, deleted: deleted, legacyId: legacyId, name: name,
            descriptionText: description, notes: notes,
            completed: completed, createdAtMs: created, updatedAtMs: updated, completedAtMs: completedAt,
            attributesJSON: attributes, opId: opId)
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements, in order.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        precondition(size > 0)
        return stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
