import Fluent

/// Version 9: Taskwarrior 3's sync (`TaskChampion`): the client ids registered to each user,
/// each one's chain of versions, and its latest snapshot. Versions and snapshots are the
/// clients' encrypted bytes, kept as they came.
///
/// A snapshot has a table of its own, not a column of its client: SQLite rewrites a whole row
/// on every UPDATE, and the client's row changes at every version.
struct AddTaskChampion: AsyncMigration {
    var name: String { "AddTaskChampion.v9" }

    func prepare(on database: any Database) async throws {
        try await database.schema(TaskChampionTables.clients)
            .id()
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("client_hash", .string, .required)
            .field("latest_version_id", .uuid, .required)
            .field("latest_seq", .int64, .required)
            .field("snapshot_version_id", .uuid)
            .field("snapshot_seq", .int64)
            .field("snapshot_at_ms", .int64)
            // Versions added since the snapshot was stored, as the reference counts them.
            .field("versions_since_snapshot", .int64, .required)
            .field("stored_bytes", .int64, .required)
            .field("created_at_ms", .int64, .required)
            .unique(on: "client_hash")
            .create()
        // (client_id, parent_version_id) unique: the chain never forks, and its index finds a
        // child; (client_id, version_id) finds a version by its id.
        try await database.schema(TaskChampionTables.versions)
            .field("client_id", .uuid, .required, .references(TaskChampionTables.clients, .id))
            .field("version_id", .uuid, .required)
            .field("parent_version_id", .uuid, .required)
            .field("seq", .int64, .required)
            .field("segment", .data, .required)
            .field("stored_bytes", .int64, .required)
            .field("created_at_ms", .int64, .required)
            .unique(on: "client_id", "parent_version_id")
            .unique(on: "client_id", "version_id")
            .create()
        try await database.schema(TaskChampionTables.snapshots)
            .field("client_id", .uuid, .required, .references(TaskChampionTables.clients, .id))
            .field("version_id", .uuid, .required)
            .field("data", .data, .required)
            .field("stored_bytes", .int64, .required)
            .field("created_at_ms", .int64, .required)
            .unique(on: "client_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in [TaskChampionTables.snapshots, TaskChampionTables.versions, TaskChampionTables.clients] {
            try await database.schema(table).delete()
        }
    }
}
