import Fluent
import Foundation
import SQLKit
import Vapor

extension UserModel {
    /// The next revision of this user's data; valid only inside `withUserWrite`.
    func takeRev() -> Int64 {
        lastRev += 1
        return lastRev
    }

    /// Legacy ids are below 2^53, exact in every JSON reader.
    static let legacyIdLimit: Int64 = 1 << 53

    /// The next unused legacy id of this user, or nil once they are used up (a todo made
    /// through the sync API then has none: the legacy routes do not show it); valid only
    /// inside `withUserWrite`.
    func takeLegacyId() -> Int64? {
        guard nextLegacyId < Self.legacyIdLimit else { return nil }
        defer { nextLegacyId += 1 }
        return nextLegacyId
    }
}

/// Runs `body` in one transaction that holds the user's write lock, then saves the user's
/// counters with it. A change that grows the user's storage (`UserModel.account`) past
/// `quota` bytes is refused (507) and rolled back; one that shrinks it never is.
///
/// The transaction's first statement writes the user's row. On PostgreSQL that locks the row
/// until commit; on SQLite it takes the database's write lock. Either way, two writers of one
/// user never overlap, so revisions commit in the order they were handed out and a reader of
/// the change feed can never see revision N+1 before revision N.
func withUserWrite<T: Sendable>(
    on db: any Database, userID: UUID, quota: Int64? = nil,
    _ body: @escaping @Sendable (any Database, UserModel) async throws -> T
) async throws -> T {
    try await db.transaction { tx in
        try await SQLiteTuning.boundWaits(on: tx)
        try await tx.sql().update(UserModel.schema)
            .set(SQLIdentifier("last_rev"), to: SQLIdentifier("last_rev"))
            .where(SQLIdentifier("id"), .equal, SQLBind(userID))
            .run()
        guard let user = try await UserModel.find(userID, on: tx) else {
            throw Abort(.unauthorized, reason: "unknown user")
        }
        let before = (user.lastRev, user.nextLegacyId, user.prunedRev, user.storedBytes)
        let result = try await body(tx, user)
        if let quota, user.storedBytes > quota, user.storedBytes > before.3 {
            throw QuotaExceeded(stored: before.3, needed: user.storedBytes - before.3, quota: quota)
        }
        if (user.lastRev, user.nextLegacyId, user.prunedRev, user.storedBytes) != before {
            try await user.update(on: tx)
        }
        return result
    }
}

/// 507 for a change that would take a user's storage past the quota.
struct QuotaExceeded: AbortError {
    let stored: Int64
    let needed: Int64
    let quota: Int64
    var status: HTTPResponseStatus { .insufficientStorage }
    var reason: String {
        "over this account's storage quota: \(stored) of \(quota) bytes used, this change needs \(needed) more; delete or clear completed todos (deletions are always accepted)"
    }
}

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
