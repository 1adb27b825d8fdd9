import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Counts failed token checks per client address; past `limit` in `window`, that address is
/// refused (429, with Retry-After) until the window ends, so tokens cannot be guessed at
/// speed. Memory is bounded: at most `maxAddresses` are tracked, the stalest dropped first.
final class AuthFailureLimiter: ApplicationShared {
    static let limit = 10
    static let window: TimeInterval = 60
    static let maxAddresses = 10_000

    private struct Entry { var start: Date; var failures: Int }
    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    /// Seconds `address` must still wait, or nil when it may try.
    func wait(for address: String, now: Date = Date()) -> Int? {
        entries.withLockedValue { entries in
            guard let entry = entries[address] else { return nil }
            let left = Self.window - now.timeIntervalSince(entry.start)
            if left <= 0 {
                entries[address] = nil
                return nil
            }
            return entry.failures >= Self.limit ? Int(left.rounded(.up)) : nil
        }
    }

    /// Records a failed check from `address`.
    func fail(_ address: String, now: Date = Date()) {
        entries.withLockedValue { entries in
            if var entry = entries[address], now.timeIntervalSince(entry.start) < Self.window {
                entry.failures += 1
                entries[address] = entry
                return
            }
            if entries.count >= Self.maxAddresses {
                entries = entries.filter { now.timeIntervalSince($0.value.start) < Self.window }
                if entries.count >= Self.maxAddresses, let stalest = entries.min(by: { $0.value.start < $1.value.start }) {
                    entries[stalest.key] = nil
                }
            }
            entries[address] = Entry(start: now, failures: 1)
        }
    }
}
