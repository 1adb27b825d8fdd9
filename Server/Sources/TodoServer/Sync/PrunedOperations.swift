import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import TodoWire
import Vapor

/// What `todo-server prune` keeps of an applied operation's stored result (`pruned_operations`):
/// its opId, todo, revision and whether it deleted. A push retried after pruning (its first
/// answer lost) is answered as applied at that revision, as before pruning, and not judged
/// afresh: a conflict with a copy changed since would make the device merge against the base
/// it wrote from and send its change again over the later one (seed 770364).
///
/// An operation applied once has moved its todo past its base revision, so judged afresh it
/// is a conflict: only conflicts are looked up here, and a first push looks up nothing.
/// Four values an operation, kept for good, as `PrunedRows` keeps a deleted todo's two. A
/// pruned tombstone's own operation (`StoredRecord.opId`) is kept here too (`remember`).
enum PrunedOperations {
    static let table = "pruned_operations"
    static let columns = ["user_id", "op_id", "uuid", "rev", "deleted"]
    /// Rows of `operations` moved at a time: the results read are whole JSON.
    static let rowsPerMove = 500

    /// What `move` and `remember` do to an opId kept already.
    private static let upsert =
        " ON CONFLICT (user_id, op_id) DO UPDATE SET uuid = excluded.uuid, rev = excluded.rev, "
        + "deleted = excluded.deleted"

    /// Keeps the result of the operation that made each tombstone `tombstones` (a `FROM todos
    /// WHERE …` clause with its binds) selects, when one did (`StoredRecord.opId`), before
    /// `prune` deletes them.
    static func remember(_ db: any WriteConnection, tombstones: String, _ binds: [SQLValue]) async throws {
        // The WHERE in the SELECT keeps SQLite's parser from reading ON CONFLICT as a join's.
        try await db.run(
            "INSERT INTO \(table) (user_id, op_id, uuid, rev, deleted) SELECT user_id, op_id, uuid, rev, deleted "
                + tombstones + " AND op_id IS NOT NULL" + upsert, binds)
    }

    /// Moves `write`'s user's stored results older than `cutoffMs` here, kept without their
    /// content; returns how many it moved.
    static func move(_ write: UserWrite, cutoffMs: Int64) async throws -> Int {
        let (db, userID) = (write.db, write.userID)
        let query =
            """
            SELECT id, op_id, result FROM \(OperationModel.schema) WHERE user_id = $1 AND created_at_ms < $2 \
            LIMIT \(rowsPerMove)
            """
        var moved = 0
        while true {
            let rows = try await db.rows(
                query, [.uuid(userID), .integer(cutoffMs)],
                sqlite: { read in (try read.uuid("id"), try read.uuid("op_id"), try read.text("result")) },
                postgres: { row in try row.decode((UUID, UUID, String).self, context: .default) })
            guard !rows.isEmpty else { return moved }
            let kept = rows.compactMap { row -> [SQLValue]? in
                // A result only ever holds what the push wrote; one that does not read is dropped
                // as every result was before.
                guard let record = try? WireJSON.decode(PushResult.self, from: Data(row.2.utf8)).record
                else { return nil }
                return [.uuid(userID), .uuid(row.1), .uuid(record.uuid), .integer(record.rev), .bool(record.deleted)]
            }
            // An older client's creation of a pruned todo, applied again, may have stored its opId twice.
            try await db.insert(into: table, columns: columns, rows: kept, suffix: upsert)
            let list = SQLValue.placeholders(from: 1, count: rows.count)
            try await db.run("DELETE FROM \(OperationModel.schema) WHERE id IN (\(list))", rows.map { .uuid($0.0) })
            moved += rows.count
        }
    }

    /// The answers kept for `opIds` of `userID`, as the push stored them without content
    /// (`revisionsOnly`), by opId.
    static func read(_ db: any WriteConnection, userID: UUID, opIds: some Collection<UUID>) async throws -> [UUID:
        String]
    {
        guard !opIds.isEmpty else { return [:] }
        let list = SQLValue.placeholders(from: 2, count: opIds.count)
        let rows = try await db.rows(
            "SELECT op_id, uuid, rev, deleted FROM \(table) WHERE user_id = $1 AND op_id IN (\(list))",
            [.uuid(userID)] + opIds.map(SQLValue.uuid),
            sqlite: { read in
                (
                    try read.uuid("op_id"), try read.uuid("uuid"), try read.integer("rev"),
                    try read.integer("deleted") != 0
                )
            },
            postgres: { row in try row.decode((UUID, UUID, Int64, Bool).self, context: .default) })
        var answers: [UUID: String] = [:]
        for (opId, uuid, rev, deleted) in rows {
            let json = PushResponseWriter.result(
                opId: opId, status: .applied, record: (UUIDText.text(uuid), rev, deleted, nil))
            answers[opId] = String(decoding: json, as: UTF8.self)
        }
        return answers
    }
}
