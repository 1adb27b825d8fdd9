import Foundation

/// A thread of its own for SQLite's writes (`WriterQueue`): the executor its groups run on, so
/// a group's statements run one after the other on one thread, blocking it (and not Swift's
/// concurrency pool, which also runs the request handlers) while SQLite works and syncs.
final class WriterThread: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var stopping = false

    /// Starts the thread, named `name` (on Linux, `top` and `perf` show it under the name of
    /// the thread that made it: Foundation names only its own `Thread` object).
    init(name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    /// Ends the thread once the jobs already given to it have run.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    fileprivate func add(_ job: UnownedJob) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func runJobs() {
        while let batch = nextJobs() {
            for job in batch { run(job) }
        }
    }

    /// The jobs waiting, once there are any; nil once stopped with none left.
    private func nextJobs() -> [UnownedJob]? {
        condition.withLock {
            while jobs.isEmpty && !stopping { condition.wait() }
            defer { jobs = [] }
            return jobs.isEmpty ? nil : jobs
        }
    }

    private func run(_ job: UnownedJob) {
        if #available(macOS 15.0, *) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

@available(macOS 15.0, *)
extension WriterThread: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        add(UnownedJob(job))
    }
}
