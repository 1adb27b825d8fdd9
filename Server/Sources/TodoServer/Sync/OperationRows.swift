import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import TodoWire
import Vapor

/// The write path's SQL on `operations`: the stored results of applied operations whose todos
/// changed since (`UserWrite`), read by opId for retries and written with multi-row INSERTs,
/// as JSON that goes into answers unparsed.
enum OperationRows {
    static let columns = ["id", "user_id", "op_id", "result", "created_at_ms"]

    /// The stored result (`PushResult` as JSON) of each of `opIds` that `userID` applied.
    static func read(_ db: any WriteConnection, userID: UUID, opIds: [UUID]) async throws -> [UUID: String] {
        guard !opIds.isEmpty else { return [:] }
        let list = SQLValue.placeholders(from: 2, count: opIds.count)
        let query = "SELECT op_id, result FROM \(OperationModel.schema) WHERE user_id = $1 AND op_id IN (\(list))"
        let rows = try await db.rows(
            query, [.uuid(userID)] + opIds.map(SQLValue.uuid),
            sqlite: { columns in (try columns.uuid("op_id"), try columns.text("result")) },
            postgres: { row in try row.decode((UUID, String).self, context: .default) })
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Stores `results` of `userID`'s operations, stamped `now`; one stored already is
    /// replaced (an opId is on a row only when no result of it is stored, short of a clock
    /// set back between a revision's replacement and its tombstone's pruning).
    static func write(_ results: [(opId: UUID, result: String)], userID: UUID, on db: any WriteConnection, now: Date)
        async throws
    {
        let nowMs = ISO8601Millis.milliseconds(now)
        var ids = RowIDs()
        for chunk in results.chunked(RecordRows.maxRowsPerInsert) {
            let rows = chunk.map {
                [SQLValue.uuid(ids.next(now: now)), .uuid(userID), .uuid($0.opId), .text($0.result), .integer(nowMs)]
            }
            try await db.insert(
                into: OperationModel.schema, columns: columns, rows: rows,
                suffix: " ON CONFLICT (user_id, op_id) DO UPDATE SET result = excluded.result, "
                    + "created_at_ms = excluded.created_at_ms")
        }
    }
}
