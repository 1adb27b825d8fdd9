import Vapor

/// An object the application holds one of (the metrics, the TLS context, the limiter on
/// failed authentication). `configure` makes each before any request arrives, because the
/// application's storage is not safe to write from concurrent requests.
protocol ApplicationShared: AnyObject, Sendable {
    init()
}

private struct SharedKey<Object: ApplicationShared>: StorageKey {
    typealias Value = Object
}

extension ApplicationShared {
    /// Makes the application's one instance; `configure` calls it.
    static func install(on app: Application) {
        app.storage[SharedKey<Self>.self] = Self()
    }

    /// The application's one instance.
    static func of(_ app: Application) -> Self {
        // Only an application that was never configured lacks it: a throwaway will do.
        app.storage[SharedKey<Self>.self] ?? Self()
    }
}
