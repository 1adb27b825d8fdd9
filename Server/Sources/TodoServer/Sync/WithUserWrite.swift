import Fluent
import Foundation
import Vapor

/// Runs `body` in one transaction that holds the user's write lock, then writes the records it
/// changed (`UserWrite`) and the user's counters with it. A change that grows the user's
/// storage past `quota` bytes is refused (507) and nothing is written; one that shrinks it
/// never is.
///
/// On PostgreSQL the transaction's first statement writes the user's row, which locks it until
/// commit. On SQLite the write waits its turn in `queue` and shares a transaction with the
/// writes queued beside it, on the queue's own connection (`WriterQueue`). Either way, two writers of one user never
/// overlap, so revisions commit in the order they were handed out and a reader of the change feed can
/// never see revision N+1 before revision N.
func withUserWrite<T: Sendable>(
    on db: any Database, queue: WriterQueue, userID: UUID, quota: Int64? = nil, at now: Date,
    _ body: @escaping @Sendable (UserWrite) async throws -> T
) async throws -> T {
    guard SQLiteTuning.isSQLite(db) else {
        return try await db.transaction { tx in
            try await userChange(on: FluentWriteConnection(db: tx), userID: userID, quota: quota, at: now, body)
        }
    }
    return try await queue.write { connection in
        try await userChange(on: connection, userID: userID, quota: quota, at: now, body)
    }
}

/// `withUserWrite`'s work, inside its transaction.
func userChange<T: Sendable>(
    on tx: any WriteConnection, userID: UUID, quota: Int64?, at now: Date,
    _ body: @escaping @Sendable (UserWrite) async throws -> T
) async throws -> T {
    let before = try await UserCounters.lock(userID, on: tx)
    let write = UserWrite(db: tx, userID: userID, counters: before, now: now)
    let result = try await body(write)
    let after = write.counters
    if let quota, after.storedBytes > quota, after.storedBytes > before.storedBytes {
        throw QuotaExceeded(stored: before.storedBytes, needed: after.storedBytes - before.storedBytes, quota: quota)
    }
    try await write.writeChanges()
    if after != before { try await after.write(userID, on: tx) }
    return result
}

/// 507 for a change that would take a user's storage past the quota.
struct QuotaExceeded: AbortError {
    let stored: Int64
    let needed: Int64
    let quota: Int64
    var status: HTTPResponseStatus { .insufficientStorage }
    var reason: String {
        """
        over this account's storage quota: \(stored) of \(quota) bytes used, this change needs \(needed) more; delete \
        or clear completed todos (deletions are always accepted)
        """
    }
}
