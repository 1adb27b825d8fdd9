import Fluent

/// Version 2: a todo's attributes (tags, project, priority, due, wait), one nullable JSON
/// column, so a database made before them keeps every row as it was (no attributes set).
/// One column rather than one per field: the server stores what the wire carries without a
/// second list of the fields, and a field added to the table needs no migration.
struct AddAttributes: AsyncMigration {
    var name: String { "AddAttributes.v2" }

    func prepare(on database: any Database) async throws {
        try await database.schema(TodoModel.schema)
            .field("attributes", .string)
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TodoModel.schema)
            .deleteField("attributes")
            .update()
    }
}
