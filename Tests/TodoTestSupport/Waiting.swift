import Foundation

/// Runs `work`, which blocks (reading a socket, waiting for a child process), on a thread of
/// its own. Tests run in parallel on Swift's few cooperative threads, which also run the app's
/// handlers: a test blocking one of them could hold up the very answer it waits for.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `offThePool` for work that cannot fail.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Whether `condition` holds within `seconds`: checked at once, then every `interval` until
/// it does or time is up.
public func eventually(
    within seconds: Double = 30, every interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try await condition() { return true }
        if Date() >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}
