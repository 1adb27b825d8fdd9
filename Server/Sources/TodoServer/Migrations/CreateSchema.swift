import Fluent
import Foundation

/// Version 1 of the schema, and the dataset id (written once, with the database).
struct CreateSchema: AsyncMigration {
    /// Whose time the dataset id is written at.
    let clock: ServerClock

    var name: String { "CreateSchema.v1" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MetaModel.schema)
            .id()
            .field("created_at_ms", .int64, .required)
            .create()
        try await MetaModel(now: clock.now).create(on: database)

        try await database.schema(UserModel.schema)
            .id()
            .field("name", .string, .required)
            .field("last_rev", .int64, .required)
            .field("next_legacy_id", .int64, .required)
            .field("created_at_ms", .int64, .required)
            .unique(on: "name")
            .create()

        try await database.schema(TokenModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("hash", .string, .required)
            .field("created_at_ms", .int64, .required)
            .field("revoked_at_ms", .int64)
            .unique(on: "hash")
            .create()

        // (user_id, rev) is unique because each revision is handed out once; its index also
        // serves the change feed.
        try await database.schema(TodoModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("uuid", .uuid, .required)
            .field("rev", .int64, .required)
            .field("deleted", .bool, .required)
            .field("legacy_id", .int64)
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("notes", .string, .required)
            .field("completed", .bool, .required)
            .field("created_at_ms", .int64, .required)
            .field("updated_at_ms", .int64, .required)
            .field("completed_at_ms", .int64)
            .unique(on: "user_id", "uuid")
            .unique(on: "user_id", "rev")
            .unique(on: "user_id", "legacy_id")
            .create()

        try await database.schema(OperationModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("op_id", .uuid, .required)
            .field("result", .string, .required)
            .field("created_at_ms", .int64, .required)
            .unique(on: "user_id", "op_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        for schema in [
            OperationModel.schema, TodoModel.schema, TokenModel.schema, UserModel.schema,
            MetaModel.schema
        ] {
            try await database.schema(schema).delete()
        }
    }
}
