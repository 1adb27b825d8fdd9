import Fluent
import NIOConcurrencyHelpers
import Vapor

/// The application's SQLite writes, run one at a time, first come first served, and
/// committed in groups: what queued while one group ran is the next group, one transaction
/// with one fsync for all of it.
///
/// SQLite lets one writer in at a time, and a commit waits for the disk (some 4 ms here,
/// whatever it writes), so one push per commit capped the server at one push per fsync. Here
/// each write runs in a savepoint of the group's transaction: one that fails is rolled back
/// alone, and the others commit. No write is answered before its group's commit is on disk,
/// and a failed commit fails every write of the group, so a client is never told of a change
/// that was not kept.
///
/// A waiting writer holds no connection and no thread (SQLite's busy handler slept in steps of
/// up to 100 ms on a thread of the driver's pool). Other programs (a backup, a sqlite3 shell)
/// still meet the bounded busy wait (`SQLiteTuning.boundWaits`). One queue per application:
/// the writes of two applications in one process (the tests) go to two databases.
final class WriterQueue: ApplicationShared {
    /// The most writes one transaction holds: it bounds what a failed commit takes with it
    /// and how long the group keeps the write lock.
    static let maxGroup = 32

    private struct Job: Sendable {
        /// The database, the same for every write of one application: a group runs on its
        /// first write's.
        let db: any Database
        /// The write, in the group's transaction.
        let run: @Sendable (any Database) async throws -> Void
        /// Answers the writer once its group is committed, or with why it was not.
        let finish: @Sendable (Result<Void, any Error>) -> Void
    }

    private let state = NIOLockedValueBox<(jobs: [Job], draining: Bool, groups: Int)>(([], false, 0))

    init() {}

    /// Writes waiting for their group, and groups run so far (for the tests).
    var counts: (waiting: Int, groups: Int) { state.withLockedValue { ($0.jobs.count, $0.groups) } }

    /// Runs `body` in a write transaction on `db`, after every write queued before it, and
    /// returns its result once the transaction is committed.
    func write<T: Sendable>(on db: any Database, _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (answer: CheckedContinuation<T, any Error>) in
            // Set by `run`, which succeeded when the outcome is a success.
            let value = NIOLockedValueBox<T?>(nil)
            let job = Job(
                db: db,
                run: { tx in
                    let result = try await body(tx)
                    value.withLockedValue { $0 = result }
                },
                finish: { outcome in answer.resume(with: outcome.map { value.withLockedValue { $0! } }) })
            let start = state.withLockedValue { state in
                state.jobs.append(job)
                defer { state.draining = true }
                return !state.draining
            }
            if start { Task { await self.drain() } }
        }
    }

    /// Commits groups until no write waits.
    private func drain() async {
        while true {
            let group = state.withLockedValue { state in
                let group = Array(state.jobs.prefix(Self.maxGroup))
                state.jobs.removeFirst(group.count)
                if group.isEmpty { state.draining = false } else { state.groups += 1 }
                return group
            }
            guard let first = group.first else { return }
            let outcomes = await Self.commit(group, on: first.db)
            for (job, outcome) in zip(group, outcomes) { job.finish(outcome) }
        }
    }

    /// Runs `group` in one transaction, each write in its own savepoint; what each write
    /// answers. Every write fails with the transaction when it cannot commit.
    private static func commit(_ group: [Job], on db: any Database) async -> [Result<Void, any Error>] {
        do {
            return try await db.withConnection { connection in
                try await SQLiteTuning.tuneWrites(on: connection)
                return try await connection.transaction { tx in
                    var outcomes: [Result<Void, any Error>] = []
                    for job in group { outcomes.append(try await inSavepoint(job, on: tx)) }
                    return outcomes
                }
            }
        } catch {
            return group.map { _ in .failure(error) }
        }
    }

    /// Runs `job` in a savepoint, rolled back if it fails; throws only when the rollback
    /// fails, which ends the transaction.
    private static func inSavepoint(_ job: Job, on tx: any Database) async throws -> Result<Void, any Error> {
        try await SQLValue.run(tx, "SAVEPOINT write", [])
        do {
            try await job.run(tx)
            try await SQLValue.run(tx, "RELEASE write", [])
            return .success(())
        } catch {
            try await SQLValue.run(tx, "ROLLBACK TO write", [])
            try await SQLValue.run(tx, "RELEASE write", [])
            return .failure(error)
        }
    }
}

extension Request {
    /// The application's queue of SQLite writes.
    var writerQueue: WriterQueue { .of(application) }
}
