import Fluent

/// Version 12: each todo row names the v1 push operation that made its revision (`op_id`,
/// `StoredRecord.opId`), so a retry of it is answered from the row, and `operations` only
/// keeps results of operations whose todo changed since (`UserWrite`).
struct AddTodoOpIds: AsyncMigration {
    var name: String { "AddTodoOpIds.v12" }

    func prepare(on database: any Database) async throws {
        try await database.schema(TodoModel.schema).field("op_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TodoModel.schema).deleteField("op_id").update()
    }
}
