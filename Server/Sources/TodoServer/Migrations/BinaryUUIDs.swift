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
        (TodoModel.schema, ["id", "user_id", "uuid"]), (OperationModel.schema, ["id", "user_id", "op_id"])
    ]

    func prepare(on database: any Database) async throws {
        try await convert(database, from: "text") { column in "unhex(replace(\(column), '-', ''))" }
    }

    func revert(on database: any Database) async throws {
        try await convert(database, from: "blob") { column in
            "substr(hex(\(column)), 1, 8) || '-' || substr(hex(\(column)), 9, 4) || '-' || "
                + "substr(hex(\(column)), 13, 4) || '-' || "
                + "substr(hex(\(column)), 17, 4) || '-' || substr(hex(\(column)), 21)"
        }
    }

    /// Rewrites, on SQLite, every UUID column's values of SQLite type `type` as `value` of the
    /// column (a SQL expression), in one transaction with foreign keys checked at its commit.
    private func convert(_ database: any Database, from type: String, _ value: (String) -> String) async throws {
        guard SQLiteTuning.isSQLite(database) else { return }
        let statements = Self.columns.flatMap { table, columns in
            columns.map { column in
                let quoted = "\"\(column)\""
                return "UPDATE \"\(table)\" SET \(quoted) = \(value(quoted)) WHERE typeof(\(quoted)) = '\(type)'"
            }
        }
        try await database.transaction { tx in
            let sql = try tx.sql()
            try await sql.raw("PRAGMA defer_foreign_keys = ON").run()
            for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
        }
    }
}
