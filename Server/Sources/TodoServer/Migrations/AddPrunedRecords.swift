import Fluent

/// Version 10: the uuids and revisions of pruned tombstones (`PrunedRows`), so that a todo
/// deleted long ago is not made again by a device that never read its deletion.
struct AddPrunedRecords: AsyncMigration {
    var name: String { "AddPrunedRecords.v10" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PrunedRows.table)
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("uuid", .uuid, .required)
            .field("rev", .int64, .required)
            .unique(on: "user_id", "uuid")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PrunedRows.table).delete()
    }
}
