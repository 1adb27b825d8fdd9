import Fluent
import FluentPostgresDriver
import Foundation
import TodoWire
import Vapor

/// What the database keeps forever otherwise: the results of applied operations (for replies
/// to retried pushes) and tombstones (for devices that have not read a deletion yet).
///
/// Both are removed once older than the horizon. An applied operation's opId, todo and
/// revision are kept (`PrunedOperations`), those of the operation that made a pruned tombstone
/// too: a push retried after that long is answered as applied, as before. A pruned tombstone's
/// uuid and revision are kept (`PrunedRows`) and answer pushes as the tombstone did. A device
/// whose cursor is below a pruned tombstone's revision may have missed that deletion: the feed
/// answers it 410 (`prunedRev`), and it reads the whole feed again, deleting what the server
/// no longer holds unless it changed it (TodoSync).
enum Pruning {
    /// The documented default horizon.
    static let defaultDays = 90

    struct Outcome: Equatable {
        var tombstones = 0
        var operations = 0
        /// Taskwarrior 3 versions at or before their client's snapshot (`TaskChampionClients.prune`).
        var versions = 0
    }

    /// Prunes what every user has older than `cutoff`, one user at a time, each under that
    /// user's write lock (so a push never sees half of it).
    static func prune(_ db: any Database, queue: WriterQueue, olderThan cutoff: Date) async throws -> Outcome {
        let cutoffMs = ISO8601Millis.milliseconds(cutoff)
        var outcome = Outcome()
        for userID in try await UserModel.query(on: db).all().compactMap(\.id) {
            // A user deleted meanwhile has nothing left to prune.
            guard try await UserModel.find(userID, on: db) != nil else { continue }
            // Pruning deletes rows and stamps nothing: its own time is the cutoff's.
            let one = try await withUserWrite(on: db, queue: queue, userID: userID, at: cutoff) { write in
                try await prune(write, cutoffMs: cutoffMs)
            }
            outcome.tombstones += one.tombstones
            outcome.operations += one.operations
            outcome.versions += one.versions
        }
        return outcome
    }

    /// Prunes `write`'s user, in its transaction: statements for both databases, run on the
    /// write path's connection (on SQLite, the writer's own).
    private static func prune(_ write: UserWrite, cutoffMs: Int64) async throws -> Outcome {
        let (db, userID) = (write.db, write.userID)
        var outcome = Outcome()
        let old = "FROM \(TodoModel.schema) WHERE user_id = $1 AND deleted = $2 AND updated_at_ms < $3"
        let oldBinds: [SQLValue] = [.uuid(userID), .bool(true), .integer(cutoffMs)]
        let (count, highest) = try await counted(db, "SELECT COUNT(*) AS count, MAX(rev) AS highest " + old, oldBinds)
        if let highest, count > 0 {
            outcome.tombstones = Int(count)
            // The content tombstones keep (`StoredRecord.keepsContent`) counts as its bytes;
            // a tombstone without any has empty texts.
            let kept =
                """
                SUM(octet_length(name) + octet_length(description) + octet_length(notes) + \
                COALESCE(octet_length(attributes), 0))
                """
            let keptBytes =
                try await counted(db, "SELECT COUNT(*) AS count, \(kept) AS highest " + old, oldBinds).highest ?? 0
            // Their kept CalDAV texts go with them: no sync-collection names those deletions now.
            write.counters.storedBytes -= try await CalDAVObjects.remove(db, uuidsIn: "SELECT uuid " + old, oldBinds)
            try await PrunedRows.remember(db, tombstones: old, oldBinds)
            try await PrunedOperations.remember(db, tombstones: old, oldBinds)
            try await db.run("DELETE " + old, oldBinds)
            write.counters.prunedRev = max(write.counters.prunedRev, highest)
            write.counters.storedBytes -= count * TodoModel.tombstoneBytes + keptBytes
        }
        outcome.operations = try await PrunedOperations.move(write, cutoffMs: cutoffMs)
        outcome.versions = try await TaskChampionClients.prune(write, cutoffMs: cutoffMs)
        return outcome
    }

    /// The `count` and `highest` columns of `query`'s one row.
    private static func counted(_ db: any WriteConnection, _ query: String, _ binds: [SQLValue]) async throws -> (
        count: Int64, highest: Int64?
    ) {
        let rows = try await db.rows(
            query, binds,
            sqlite: { read in (try read.integer("count"), try read.optional("highest", read.integer)) },
            postgres: { row in try row.decode((Int64, Int64?).self, context: .default) })
        guard let row = rows.first else { throw Abort(.internalServerError, reason: "a count returned no row") }
        return row
    }
}

/// `todo-server prune [--older-than DAYS]`: removes tombstones, operation results and
/// Taskwarrior 3 versions already in a snapshot older than the horizon (default 90 days). Run it daily (a timer; see
/// DEPLOY.md).
struct PruneCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "older-than", help: "Days to keep (default \(Pruning.defaultDays)).")
        var days: Int?
    }

    let help =
        """
        Remove deleted todos' tombstones, pushes' stored results and Taskwarrior versions in a snapshot older than a \
        horizon (default \(Pruning.defaultDays) days).
        """

    func run(using context: CommandContext, signature: Signature) async throws {
        let days = signature.days ?? Pruning.defaultDays
        guard days >= 0 else { throw CommandFailure("--older-than takes a number of days, 0 or more") }
        let cutoff = context.application.now.addingTimeInterval(-Double(days) * 86_400)
        let outcome = try await Pruning.prune(
            context.application.db, queue: .of(context.application), olderThan: cutoff)
        let done =
            """
            Pruned \(outcome.tombstones) tombstones, \(outcome.operations) operation results and \(outcome.versions) \
            Taskwarrior versions older than \(days) days.
            """
        context.console.output(done.consoleText())
    }
}
