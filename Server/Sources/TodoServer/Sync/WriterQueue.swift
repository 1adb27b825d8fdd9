/// This process's SQLite write transactions, one at a time, first come first served.
///
/// SQLite lets one writer in at a time anyway. Without this queue, a transaction that finds
/// the write lock taken waits in SQLite's busy handler, which sleeps in steps of up to 100 ms
/// on a thread of the driver's pool, and wakes late: under load most of a push's time was
/// spent asleep. Here a waiting writer holds no connection and no thread, and starts as soon
/// as the one before it commits. Other programs (a backup, a sqlite3 shell) still meet the
/// bounded busy wait (`SQLiteTuning.boundWaits`).
actor WriterQueue {
    /// The process's one queue: a server has one database.
    static let sqlite = WriterQueue()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` when every writer queued before it is done.
    nonisolated func serialize<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
