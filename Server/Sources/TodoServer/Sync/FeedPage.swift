import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import TodoWire
import Vapor

/// A change-feed page as it fills: its JSON so far, and the revisions it holds.
struct FeedPage {
    var writer = FeedWriter()
    /// The revisions of the records written, in order.
    var revs: [Int64] = []
    var hasMore = false

    /// The page's JSON (`ChangesResponse`); `since` is the cursor it was read after.
    consuming func json(datasetId: UUID, since: Int64) -> [UInt8] {
        writer.finish(datasetId: datasetId, nextCursor: revs.last ?? since, hasMore: hasMore)
    }
}

/// One record of the feed as the database holds it.
struct FeedRow {
    /// The UUID as text, as the database gives it (SQLite stores it so; PostgreSQL's is formatted).
    var uuid: String
    var rev: Int64
    var deleted: Bool
    var content: FeedWriter.Content?

    /// The columns of `todos` a record is read from, in this order.
    private static let columns = """
        uuid, rev, deleted, name, description, notes, completed, created_at_ms, updated_at_ms, \
        completed_at_ms, attributes
        """

    /// Up to `limit` records of `userID` with `rev > after`, by ascending rev.
    ///
    /// Each driver's rows are read directly: SQLKit's `decode(column:as:)` goes through a
    /// `Decoder` per column, which cost more than all the rest of a page.
    static func read(_ db: any Database, userID: UUID, after: Int64, limit: Int) async throws -> [FeedRow] {
        let query =
            "SELECT \(columns) FROM \(TodoModel.schema) WHERE user_id = $1 AND rev > $2 ORDER BY rev ASC LIMIT $3"
        return try await SQLValue.rows(
            db, query, [.uuid(userID), .integer(after), .integer(Int64(limit))],
            sqlite: FeedRow.init(sqlite:), postgres: FeedRow.init(postgres:))
    }

    private init(sqlite read: SQLiteColumns) throws {
        uuid = UUIDText.text(try read.uuid("uuid"))
        rev = try read.integer("rev")
        deleted = try read.integer("deleted") != 0
        let name = try read.text("name")
        // A tombstone with its content (`StoredRecord.keepsContent`) sends it.
        content =
            deleted && name.isEmpty
            ? nil
            : FeedWriter.Content(
                name: name, description: try read.text("description"), notes: try read.text("notes"),
                completed: try read.integer("completed") != 0, createdAtMs: try read.integer("created_at_ms"),
                updatedAtMs: try read.integer("updated_at_ms"),
                completedAtMs: try read.optional("completed_at_ms", read.integer),
                attributes: try read.optional("attributes", read.text))
    }

    private init(postgres row: PostgresRow) throws {
        let (uuid, rev, deleted, name, description, notes, completed, created, updated, completedAt, attributes) =
            try row.decode(
                (UUID, Int64, Bool, String, String, String, Bool, Int64, Int64, Int64?, String?).self, context: .default
            )
        self.uuid = UUIDText.text(uuid)
        self.rev = rev
        self.deleted = deleted
        content =
            deleted && name.isEmpty
            ? nil
            : FeedWriter.Content(
                name: name, description: description, notes: notes, completed: completed, createdAtMs: created,
                updatedAtMs: updated, completedAtMs: completedAt, attributes: attributes)
    }
}
