import Fluent
import SQLKit
import Vapor

/// SQLite's settings the server relies on: WAL, so that readers never wait for a writer, and
/// a bounded wait for the write lock instead of SQLiteNIO's busy handler, which retries
/// forever (a backup or a sqlite3 shell holding the lock would hang pushes and spin a core).
enum SQLiteTuning {
    /// How long a write waits for another program's lock before the request gets a 503.
    static let busyTimeoutMilliseconds = 5000

    static func isSQLite(_ db: any Database) -> Bool {
        (db as? any SQLDatabase)?.dialect.name == "sqlite"
    }

    /// Once per database file: write-ahead logging (it persists in the file).
    static func useWAL(on db: any Database) async throws {
        guard isSQLite(db) else { return }
        try await db.sql().raw("PRAGMA journal_mode = WAL").run()
    }

    /// On the connection `db` runs on: a bounded wait for locks. A pragma per write
    /// transaction, because the driver offers no hook for new connections.
    static func boundWaits(on db: any Database) async throws {
        guard isSQLite(db) else { return }
        try await db.sql().raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
    }
}

extension Database {
    /// This database as SQLKit sees it; both drivers the server supports speak SQL.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw Abort(.internalServerError, reason: "the database does not speak SQL")
        }
        return sql
    }
}
