import Vapor

extension WriterQueue {
    private struct Key: StorageKey {
        typealias Value = WriterQueue
    }

    /// Makes the application's queue, for the SQLite database at `path` (nil: on PostgreSQL,
    /// none), closed when the application shuts down.
    static func install(on app: Application, path: String?) {
        let queue = WriterQueue(path: path)
        app.storage[Key.self] = queue
        app.lifecycle.use(Closer(queue: queue))
    }

    /// The application's queue.
    static func of(_ app: Application) -> WriterQueue {
        // Only an application that was never configured lacks it: one that cannot write will do.
        app.storage[Key.self] ?? WriterQueue(path: nil)
    }

    /// Closes the queue at the application's shutdown.
    private struct Closer: LifecycleHandler {
        let queue: WriterQueue

        func shutdown(_ application: Application) { queue.close() }
        func shutdownAsync(_ application: Application) async { queue.close() }
    }
}

extension Request {
    /// The application's queue of SQLite writes.
    var writerQueue: WriterQueue { .of(application) }
}
