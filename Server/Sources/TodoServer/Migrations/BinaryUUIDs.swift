import Fluent
import SQLKit

/// Version 7: on SQLite, every UUID stored as text becomes its 16 bytes (`BinaryUUID`), in
/// one transaction; on PostgreSQL, which stores them as uuid, nothing.
///
/// Keys change in parent and child tables alike (users and the tokens, todos and operations
/// that name them), so foreign keys are checked at the commit, when they match again.
/// Fluent's own log of migrations keeps its ids as they are: it never looks one up.
struct BinaryUUIDs: AsyncMigration {
    var name: String { "BinaryUUIDs.v7" }

    /// The UUID columns of each table.
    static let columns: [(table: String, columns: [String])] = [
        (MetaModel.schema, ["id"]), (UserModel.schema, ["id"]), (TokenModel.schema, ["id", "user_id"]),
        (TodoModel.schema, ["id", "user_id", "uuid"]), (OperationModel.schema, ["id", "user_id", "op_id"]),
    ]

    func prepare(on database: any Database) async throws {
        guard SQLiteTuning.isSQLite(database) else { return }
        try await database.transaction { tx in
            let sql = try tx.sql()
            try await sql.raw("PRAGMA defer_foreign_keys = ON").run()
            for (table, columns) in Self.columns {
                for column in columns {
                    try await sql.raw("""
                        UPDATE \(ident: table) SET \(ident: column) = unhex(replace(\(ident: column), '-', '')) \
                        WHERE typeof(\(ident: column)) = 'text'
                        """).run()
                }
            }
        }
    }

    func revert(on database: any Database) async throws {
        guard SQLiteTuning.isSQLite(database) else { return }
        try await database.transaction { tx in
            let sql = try tx.sql()
            try await sql.raw("PRAGMA defer_foreign_keys = ON").run()
            for (table, columns) in Self.columns {
                for column in columns {
                    try await sql.raw("""
                        UPDATE \(ident: table) SET \(ident: column) = substr(hex(\(ident: column)), 1, 8) || '-' || \
                        substr(hex(\(ident: column)), 9, 4) || '-' || substr(hex(\(ident: column)), 13, 4) || '-' || \
                        substr(hex(\(ident: column)), 17, 4) || '-' || substr(hex(\(ident: column)), 21) \
                        WHERE typeof(\(ident: column)) = 'blob'
                        """).run()
                }
            }
        }
    }
}
