import Fluent

/// Version 11: what `prune` keeps of applied operations' results (`PrunedOperations`), so that
/// a push retried after pruning is answered as applied, not judged afresh.
struct AddPrunedOperations: AsyncMigration {
    var name: String { "AddPrunedOperations.v11" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PrunedOperations.table)
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("op_id", .uuid, .required)
            .field("uuid", .uuid, .required)
            .field("rev", .int64, .required)
            .field("deleted", .bool, .required)
            .unique(on: "user_id", "op_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PrunedOperations.table).delete()
    }
}
