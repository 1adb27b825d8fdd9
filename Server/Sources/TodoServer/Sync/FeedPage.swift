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
        let query = "SELECT \(columns) FROM \(TodoModel.schema) WHERE user_id = $1 AND rev > $2 ORDER BY rev ASC LIMIT $3"
        if let sqlite = db as? any SQLiteDatabase {
            // Fluent keeps UUIDs in SQLite as their text (`uuidString`).
            let rows = try await sqlite.query(query, [.text(userID.uuidString), .integer(Int(after)), .integer(limit)])
            return try rows.map(FeedRow.init(sqlite:))
        }
        if let postgres = db as? any PostgresDatabase {
            let result = try await postgres.query(query, [PostgresData(uuid: userID), PostgresData(int64: after), PostgresData(int64: Int64(limit))]).get()
            return try result.rows.map(FeedRow.init(postgres:))
        }
        throw Abort(.internalServerError, reason: "the change feed reads SQLite or PostgreSQL only")
    }

    private init(sqlite row: SQLiteRow) throws {
        func integer(_ name: String) throws -> Int64 {
            guard case .integer(let value)? = row.column(name) else { throw Self.unreadable(name) }
            return Int64(value)
        }
        func text(_ name: String) throws -> String {
            guard case .text(let value)? = row.column(name) else { throw Self.unreadable(name) }
            return value
        }
        func optional<T>(_ name: String, _ read: (String) throws -> T) throws -> T? {
            if case .null? = row.column(name) { return nil }
            return try read(name)
        }
        uuid = try text("uuid")
        guard uuid.utf8.count == 36 else { throw Self.unreadable("uuid") }
        rev = try integer("rev")
        deleted = try integer("deleted") != 0
        content = deleted ? nil : FeedWriter.Content(
            name: try text("name"), description: try text("description"), notes: try text("notes"),
            completed: try integer("completed") != 0, createdAtMs: try integer("created_at_ms"),
            updatedAtMs: try integer("updated_at_ms"), completedAtMs: try optional("completed_at_ms", integer),
            attributes: try optional("attributes", text))
    }

    private init(postgres row: PostgresRow) throws {
        let (uuid, rev, deleted, name, description, notes, completed, created, updated, completedAt, attributes) = try row.decode(
            (UUID, Int64, Bool, String, String, String, Bool, Int64, Int64, Int64?, String?).self, context: .default)
        self.uuid = uuid.uuidString
        self.rev = rev
        self.deleted = deleted
        content = deleted ? nil : FeedWriter.Content(
            name: name, description: description, notes: notes, completed: completed, createdAtMs: created,
            updatedAtMs: updated, completedAtMs: completedAt, attributes: attributes)
    }

    private static func unreadable(_ column: String) -> Abort {
        Abort(.internalServerError, reason: "a todo's \(column) in the database is not what the server wrote")
    }
}
