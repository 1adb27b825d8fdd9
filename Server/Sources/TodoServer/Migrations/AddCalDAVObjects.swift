import Fluent

/// Version 8: what the CalDAV face keeps of each todo a client wrote (`CalDAVObjects`): the
/// iCalendar text as sent, under the name the client gave it and its UID, so that what is
/// served back is that text with only todo's fields patched.
struct AddCalDAVObjects: AsyncMigration {
    var name: String { "AddCalDAVObjects.v8" }

    func prepare(on database: any Database) async throws {
        try await database.schema(CalDAVObjects.table)
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id))
            .field("uuid", .uuid, .required)
            .field("name", .string, .required)
            .field("uid", .string, .required)
            .field("ical", .string, .required)
            .field("rev", .int64, .required)
            .unique(on: "user_id", "uuid")
            .unique(on: "user_id", "name")
            .unique(on: "user_id", "uid")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CalDAVObjects.table).delete()
    }
}
