import Fluent
import FluentSQLiteDriver
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

    /// On the connection `db` runs on: a bounded wait for locks, for a write outside
    /// `withUserWrite` (a token's last use), which may meet a connection not yet tuned.
    static func boundWaits(on db: any Database) async throws {
        guard isSQLite(db) else { return }
        try await db.sql().raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
    }

    /// The WAL is copied into the database (a checkpoint) once it holds this many pages: by
    /// the writer whose commit takes it there, while the writers after it wait. SQLite's
    /// default of 1000 made that every few pushes of 100 todos (each changes some 200 pages,
    /// the random places of their UUIDs in two indexes). A checkpoint copies each page once,
    /// however many frames of the WAL hold it, so the longer the WAL, the fewer copies per
    /// push: 40000 pages (160 MB of WAL on disk) copied a third as many pages per push as
    /// 10000 (push100 at 8 connections: 220 -> 265 pushes/s, alternated), and the wait stays
    /// a fraction of a second (p99 110 ms).
    static let walPagesPerCheckpoint = 40_000

    /// The page cache of a connection that writes, in KiB. A group of pushes (`WriterQueue`)
    /// changes thousands of pages; with SQLite's default of 2 MiB they were written out to the WAL
    /// before the commit and read back. Connections that only read keep the default.
    static let writeCacheKiB = 32 << 10

    /// The writer's connection (`SQLiteWriteConnection`): a bounded wait for other programs'
    /// locks (`busy_timeout`), every commit synced to disk before it is answered (SQLite's
    /// default, stated), statement journals in memory rather than in temporary files,
    /// `walPagesPerCheckpoint` and `writeCacheKiB`.
    ///
    /// Foreign keys are not checked (SQLite's default; Fluent's connections turn them on): the
    /// writer's rows name their user, and each write's first statement locks that user's row
    /// (`UserCounters.lock`), failing the write when there is none, in the same transaction.
    /// Checking again cost a lookup of the user per row written.
    static let writerPragmas = [
        "busy_timeout = \(busyTimeoutMilliseconds)", "foreign_keys = OFF", "synchronous = FULL", "temp_store = MEMORY",
        "wal_autocheckpoint = \(walPagesPerCheckpoint)", "cache_size = -\(writeCacheKiB)"
    ]
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
