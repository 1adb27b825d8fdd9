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
/// Groups run on a thread of their own (`WriterThread`) over a connection of their own
/// (`SQLiteWriteConnection`), both made at the first write: a group's statements run there
/// one after the other, with no hand-off between threads until its writes are answered.
///
/// A waiting writer holds no connection and no thread (SQLite's busy handler slept in steps of
/// up to 100 ms on a thread of the driver's pool). Other programs (a backup, a sqlite3 shell)
/// and the server's other writes (users, tokens) meet the bounded busy wait
/// (`SQLiteTuning.busyTimeoutMilliseconds`). One queue per application: the writes of two
/// applications in one process (the tests) go to two databases.
final class WriterQueue: Sendable {
    /// The most writes one transaction holds: it bounds what a failed commit takes with it
    /// and how long the group keeps the write lock.
    static let maxGroup = 32

    private struct Job: Sendable {
        /// The write, in the group's transaction.
        let run: @Sendable (any WriteConnection) async throws -> Void
        /// Answers the writer once its group is committed, or with why it was not.
        let finish: @Sendable (Result<Void, any Error>) -> Void
    }

    private struct State {
        var jobs: [Job] = []
        var draining = false
        var groups = 0
        /// Set by `close`: no write is taken after it.
        var closed = false
        /// Made at the first write, ended by `close`.
        var thread: WriterThread?
        var connection: SQLiteWriteConnection?
    }

    /// The SQLite database file, nil for an application on PostgreSQL (which has no queue).
    private let path: String?
    private let state = NIOLockedValueBox(State())

    init(path: String?) {
        self.path = path
    }

    /// Writes waiting for their group, and groups run so far (for the tests).
    var counts: (waiting: Int, groups: Int) { state.withLockedValue { ($0.jobs.count, $0.groups) } }

    /// Runs `body` in a write transaction on the writer's connection, after every write queued
    /// before it, and returns its result once the transaction is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (any WriteConnection) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (answer: CheckedContinuation<T, any Error>) in
            // Set by `run`, which succeeded when the outcome is a success.
            let value = NIOLockedValueBox<T?>(nil)
            let job = Job(
                run: { connection in
                    let result = try await body(connection)
                    value.withLockedValue { $0 = result }
                },
                finish: { outcome in answer.resume(with: outcome.map { value.withLockedValue { $0! } }) })
            enqueue(job)
        }
    }

    /// Queues `job`, and starts a drain on the writer's thread unless one runs.
    private func enqueue(_ job: Job) {
        enum Next { case queued, refused, drain(WriterThread) }
        let next = state.withLockedValue { state -> Next in
            guard !state.closed else { return .refused }
            state.jobs.append(job)
            guard !state.draining else { return .queued }
            state.draining = true
            let thread = state.thread ?? WriterThread(name: "sqlite-writer")
            state.thread = thread
            return .drain(thread)
        }
        switch next {
        case .queued: break
        case .refused: job.finish(.failure(Abort(.serviceUnavailable, reason: "the server is shutting down")))
        case .drain(let thread):
            if #available(macOS 15.0, *) {
                Task(executorPreference: thread) { await self.drain() }
            } else {
                Task { await self.drain() }
            }
        }
    }

    /// Commits groups until no write waits; closes the connection then if `close` was called.
    private func drain() async {
        while true {
            let group = state.withLockedValue { state in
                let group = Array(state.jobs.prefix(Self.maxGroup))
                state.jobs.removeFirst(group.count)
                if group.isEmpty { state.draining = false } else { state.groups += 1 }
                return group
            }
            guard !group.isEmpty else { break }
            let outcomes = await commit(group)
            for (job, outcome) in zip(group, outcomes) { job.finish(outcome) }
        }
        if state.withLockedValue({ $0.closed }) { closeIdle() }
    }

    /// Runs `group` in one transaction, each write in its own savepoint; what each write
    /// answers. Every write fails with the transaction when it cannot commit.
    private func commit(_ group: [Job]) async -> [Result<Void, any Error>] {
        do {
            let connection = try openConnection()
            try connection.execute("BEGIN IMMEDIATE")
            do {
                var outcomes: [Result<Void, any Error>] = []
                for job in group { outcomes.append(try await inSavepoint(job, on: connection)) }
                try connection.execute("COMMIT")
                return outcomes
            } catch {
                if connection.inTransaction { try? connection.execute("ROLLBACK") }
                throw error
            }
        } catch {
            return group.map { _ in .failure(error) }
        }
    }

    /// Runs `job` in a savepoint, rolled back if it fails; throws only when the rollback
    /// fails, which ends the transaction.
    private func inSavepoint(_ job: Job, on connection: SQLiteWriteConnection) async throws -> Result<Void, any Error> {
        try connection.execute("SAVEPOINT write")
        do {
            try await job.run(connection)
            try connection.execute("RELEASE write")
            return .success(())
        } catch {
            try connection.execute("ROLLBACK TO write")
            try connection.execute("RELEASE write")
            return .failure(error)
        }
    }

    /// The writer's connection, opened at the first group.
    private func openConnection() throws -> SQLiteWriteConnection {
        if let connection = state.withLockedValue({ $0.connection }) { return connection }
        guard let path else {
            throw Abort(.internalServerError, reason: "SQLite's write queue used without a SQLite database")
        }
        let connection = try SQLiteWriteConnection(path: path)
        state.withLockedValue { $0.connection = connection }
        return connection
    }

    /// Takes no more writes, and closes the connection and ends the thread once the writes
    /// already queued are done.
    func close() {
        let idle = state.withLockedValue { state in
            state.closed = true
            return !state.draining
        }
        if idle { closeIdle() }
    }

    /// Closes the connection and ends the thread; only when no drain runs.
    private func closeIdle() {
        let (thread, connection) = state.withLockedValue { state in
            defer { (state.thread, state.connection) = (nil, nil) }
            return (state.thread, state.connection)
        }
        connection?.close()
        thread?.stop()
    }
}
