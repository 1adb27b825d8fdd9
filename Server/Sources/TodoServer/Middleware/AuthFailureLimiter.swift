import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Counts failed token checks per credential (the token sent, with the user name for Basic)
/// and per client address, so that tokens cannot be guessed at speed without one stale device
/// locking out a household behind one address. A credential that failed `credentialLimit`
/// times in `window` is refused (429, Retry-After) until the window ends; an address that failed
/// `addressLimit` times is refused too, except for credentials that authenticated from it
/// before (`knownFor`), so a valid token is never refused for other tokens' failures. Memory is
/// bounded: each table keeps at most `maxEntries`, the stalest dropped first.
final class AuthFailureLimiter: ApplicationShared {
    static let credentialLimit = 10
    static let addressLimit = 50
    static let window: TimeInterval = 60
    static let knownFor: TimeInterval = 30 * 86_400
    static let maxEntries = 10_000

    /// What a refusal was for.
    enum Scope: String, Sendable {
        case credential, address
    }

    private struct Tables {
        var credentials = WindowCounts()
        var addresses = WindowCounts()
        /// When each "address credential" pair last authenticated.
        var known: [String: Date] = [:]
    }
    private let tables = NIOLockedValueBox(Tables())

    /// Why `credential` from `address` must wait, and for how many seconds; nil when it may try.
    func wait(credential: String, address: String, now: Date) -> (scope: Scope, seconds: Int)? {
        tables.withLockedValue { tables in
            if let seconds = tables.credentials.wait(credential, limit: Self.credentialLimit, now: now) {
                return (.credential, seconds)
            }
            guard let seconds = tables.addresses.wait(address, limit: Self.addressLimit, now: now) else { return nil }
            let known =
                tables.known[Self.pair(address, credential)].map { now.timeIntervalSince($0) < Self.knownFor } ?? false
            return known ? nil : (.address, seconds)
        }
    }

    /// Records a failed check of `credential` from `address`.
    func fail(credential: String, address: String, now: Date) {
        tables.withLockedValue { tables in
            tables.credentials.count(credential, now: now)
            tables.addresses.count(address, now: now)
        }
    }

    /// Records that `credential` authenticated from `address`.
    func succeed(credential: String, address: String, now: Date) {
        tables.withLockedValue { tables in
            let key = Self.pair(address, credential)
            if tables.known[key] == nil, tables.known.count >= Self.maxEntries {
                tables.known = tables.known.filter { now.timeIntervalSince($0.value) < Self.knownFor }
                if tables.known.count >= Self.maxEntries, let stalest = tables.known.min(by: { $0.value < $1.value }) {
                    tables.known[stalest.key] = nil
                }
            }
            tables.known[key] = now
        }
    }

    private static func pair(_ address: String, _ credential: String) -> String { address + " " + credential }
}

/// Failures per key in a window that starts at a key's first failure, at most
/// `AuthFailureLimiter.maxEntries` keys.
private struct WindowCounts {
    private struct Entry { var start: Date; var failures: Int }
    private var entries: [String: Entry] = [:]

    /// Seconds `key` must still wait, past `limit` failures in its window; nil when it may try.
    mutating func wait(_ key: String, limit: Int, now: Date) -> Int? {
        guard let entry = entries[key] else { return nil }
        let left = AuthFailureLimiter.window - now.timeIntervalSince(entry.start)
        if left <= 0 {
            entries[key] = nil
            return nil
        }
        return entry.failures >= limit ? Int(left.rounded(.up)) : nil
    }

    mutating func count(_ key: String, now: Date) {
        if var entry = entries[key], now.timeIntervalSince(entry.start) < AuthFailureLimiter.window {
            entry.failures += 1
            entries[key] = entry
            return
        }
        if entries.count >= AuthFailureLimiter.maxEntries {
            entries = entries.filter { now.timeIntervalSince($0.value.start) < AuthFailureLimiter.window }
            if entries.count >= AuthFailureLimiter.maxEntries,
                let stalest = entries.min(by: { $0.value.start < $1.value.start })
            {
                entries[stalest.key] = nil
            }
        }
        entries[key] = Entry(start: now, failures: 1)
    }
}
