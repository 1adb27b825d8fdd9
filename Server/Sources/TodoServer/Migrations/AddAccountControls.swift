import Fluent

/// Version 3: a user can be disabled (`todo-server user disable`), keeping the data.
struct AddAccountControls: AsyncMigration {
    var name: String { "AddAccountControls.v3" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("disabled_at_ms", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("disabled_at_ms").update()
    }
}
