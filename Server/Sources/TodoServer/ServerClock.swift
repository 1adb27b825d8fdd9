import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The server's clock, injected as the CLI's is: `configure` installs one per application
/// (`app.serverClock`), and every route, middleware, command and migration takes the time from
/// it (`request.now`, `application.now`), so that tests can set it (`set`). The one place that
/// reads the system's clock; elapsed times (request logs, deadlines) are measured on the
/// monotonic clocks, which say no time of day.
final class ServerClock: ApplicationShared {
    private let source = NIOLockedValueBox<@Sendable () -> Date>(ServerClock.system)

    /// The system's clock.
    private static let system: @Sendable () -> Date = { Date() }

    init() {}

    var now: Date { source.withLockedValue { $0 }() }

    /// From now on, the time `source` gives.
    func set(_ source: @escaping @Sendable () -> Date) {
        self.source.withLockedValue { $0 = source }
    }
}

private struct RequestTimeKey: StorageKey {
    typealias Value = Date
}

extension Application {
    /// The application's clock, the one `configure` installs.
    var serverClock: ServerClock { ServerClock.of(self) }

    /// The time now, on the server's clock.
    var now: Date { serverClock.now }
}

extension Request {
    /// The time of this request on the server's clock, read once: every part of the request
    /// (authentication, the write, the answer) sees the same instant.
    var now: Date {
        if let time = storage[RequestTimeKey.self] { return time }
        let time = application.now
        storage[RequestTimeKey.self] = time
        return time
    }
}
