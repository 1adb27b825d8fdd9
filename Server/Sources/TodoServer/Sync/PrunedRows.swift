import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

/// The uuids and revisions of the tombstones `todo-server prune` removed (`pruned_records`):
/// a push creating one of those uuids again is answered as the tombstone was (a conflict with
/// it), so a device that never read the deletion drops its copy instead of bringing it back.
/// Two numbers a deleted todo, kept for good.
enum PrunedRows {
    static let table = "pruned_records"

    /// Keeps the uuid and revision of every tombstone that `tombstones` (a `FROM todos WHERE
    /// …` clause with its binds) selects, before `prune` deletes them.
    static func remember(_ db: any WriteConnection, tombstones: String, _ binds: [SQLValue]) async throws {
        // The WHERE in the SELECT keeps SQLite's parser from reading ON CONFLICT as a join's.
        try await db.run(
            "INSERT INTO \(table) (user_id, uuid, rev) SELECT user_id, uuid, rev " + tombstones
                + " ON CONFLICT (user_id, uuid) DO UPDATE SET rev = excluded.rev", binds)
    }

    /// The revisions of the pruned tombstones of `uuids` that `userID` had.
    static func read(_ db: any WriteConnection, userID: UUID, uuids: some Collection<UUID>) async throws -> [UUID:
        Int64]
    {
        guard !uuids.isEmpty else { return [:] }
        let list = SQLValue.placeholders(from: 2, count: uuids.count)
        let rows = try await db.rows(
            "SELECT uuid, rev FROM \(table) WHERE user_id = $1 AND uuid IN (\(list))",
            [.uuid(userID)] + uuids.map(SQLValue.uuid),
            sqlite: { columns in (try columns.uuid("uuid"), try columns.integer("rev")) },
            postgres: { row in try row.decode((UUID, Int64).self, context: .default) })
        return Dictionary(rows, uniquingKeysWith: max)
    }
}
