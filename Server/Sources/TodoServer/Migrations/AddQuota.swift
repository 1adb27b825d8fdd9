import Fluent
import SQLKit

/// Version 6: the bytes each user's todos take (`UserModel.storedBytes`, for the quota),
/// counted for the todos already stored.
struct AddQuota: AsyncMigration {
    var name: String { "AddQuota.v6" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("stored_bytes", .int64, .required, .sql(.default(0))).update()
        let sql = try database.sql()
        // Bytes, not characters: SQLite's length() of a BLOB, PostgreSQL's octet_length().
        let bytes = sql.dialect.name == "sqlite" ? "length(CAST(%@ AS BLOB))" : "octet_length(%@)"
        func size(_ column: String) -> String {
            "COALESCE(" + bytes.replacingOccurrences(of: "%@", with: column) + ", 0)"
        }
        try await sql.raw(
            """
            UPDATE users SET stored_bytes = (SELECT COALESCE(SUM(CASE WHEN todos.deleted \
            THEN \(unsafeRaw: String(TodoModel.tombstoneBytes)) \
            ELSE \(unsafeRaw: String(TodoModel.recordBytes)) + \(unsafeRaw: size("name")) \
            + \(unsafeRaw: size("description")) + \(unsafeRaw: size("notes")) + \(unsafeRaw: size("attributes")) \
            END), 0) \
            FROM todos WHERE todos.user_id = users.id)
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("stored_bytes").update()
    }
}
