import Vapor

/// Bounds the memory of the CalDAV answers about a whole list being made at once (REPORTs,
/// PROPFINDs of the list at depth 1), server-wide, within `HTTPLimits.maxAnswerMemory`. Such
/// an answer reads its user's records and kept texts and is as large, each in more than one
/// form on the way (measured: about four times the user's stored bytes at its peak), so it
/// is counted at four times the user's stored bytes (plus 64 KiB) while it is made. One that
/// does not fit is answered 503 with Retry-After at once, unless no other is being made (a
/// list larger than the limit is still served, one at a time) or it is `small`. The answer,
/// once made, counts against the HTTP front's budget of unread answers instead.
struct AnswerBuilds: Sendable {
    private let budget: ByteBudget

    init(limit: Int) {
        budget = ByteBudget(limit: limit, alwaysAdmitting: Self.small)
    }

    /// An answer counted at this or less (a list of up to about 240 KB) is always made: it
    /// takes milliseconds, and a large one being made must not stop everyone else's.
    static let small = 1 << 20

    /// What a REPORT of `user` is counted at while it is made.
    static func estimate(_ user: AuthenticatedUser) -> Int {
        Int(clamping: user.storedBytes) * 4 + 64 << 10
    }

    /// Runs `make` with `bytes` counted, or throws 503 when they do not fit.
    func making<T>(_ bytes: Int, _ make: () async throws -> T) async throws -> T {
        guard budget.reserve(bytes) else {
            throw Abort(
                .serviceUnavailable, headers: ["Retry-After": "5"],
                reason: "the server is making too many large answers right now; try again shortly")
        }
        defer { budget.release(bytes) }
        return try await make()
    }

    /// Bytes counted now (for /metrics).
    var held: Int { budget.held }

    private struct Key: StorageKey { typealias Value = AnswerBuilds }

    static func of(_ app: Application) -> AnswerBuilds {
        app.storage[Key.self] ?? AnswerBuilds(limit: HTTPLimits().maxAnswerMemory)
    }

    static func set(_ builds: AnswerBuilds, on app: Application) { app.storage[Key.self] = builds }
}
