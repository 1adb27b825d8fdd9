import Fluent

/// Version 4: a token's device name, expiry and last use (`todo-server token add --device
/// --expires`, `token list`).
struct AddTokenDetails: AsyncMigration {
    var name: String { "AddTokenDetails.v4" }

    /// One column a statement: SQLite's ALTER TABLE adds one at a time.
    static let columns: [(name: FieldKey, type: DatabaseSchema.DataType)] = [
        ("device", .string), ("expires_at_ms", .int64), ("last_used_at_ms", .int64)
    ]

    func prepare(on database: any Database) async throws {
        for column in Self.columns {
            try await database.schema(TokenModel.schema).field(column.name, column.type).update()
        }
    }

    func revert(on database: any Database) async throws {
        for column in Self.columns {
            try await database.schema(TokenModel.schema).deleteField(column.name).update()
        }
    }
}
