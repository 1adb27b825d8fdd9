import Fluent
import Foundation
import Vapor

/// A user's counters (`UserModel`'s `last_rev`, `next_legacy_id`, `pruned_rev` and
/// `stored_bytes`) as their write transaction holds them, read and written with raw SQL.
struct UserCounters: Equatable, Sendable {
    /// The latest revision handed out (`UserModel.lastRev`).
    var lastRev: Int64
    var nextLegacyId: Int64
    var prunedRev: Int64
    /// What the user's records take (`UserModel.storedBytes`): what the quota limits.
    var storedBytes: Int64

    /// The next revision of this user's data.
    mutating func takeRev() -> Int64 {
        lastRev += 1
        return lastRev
    }

    /// The next unused legacy id, or nil once they are used up (a todo made through the sync
    /// API then has none: the legacy routes do not show it).
    mutating func takeLegacyId() -> Int64? {
        guard nextLegacyId < UserModel.legacyIdLimit else { return nil }
        defer { nextLegacyId += 1 }
        return nextLegacyId
    }

    /// Writes the user's row, which takes their write lock (see `withUserWrite`), and reads
    /// the counters with the same statement.
    static func lock(_ userID: UUID, on db: any WriteConnection) async throws -> UserCounters {
        let query = """
            UPDATE \(UserModel.schema) SET last_rev = last_rev WHERE id = $1 \
            RETURNING last_rev, next_legacy_id, pruned_rev, stored_bytes
            """
        let rows = try await db.rows(
            query, [.uuid(userID)],
            sqlite: { read in
                UserCounters(
                    lastRev: try read.integer("last_rev"), nextLegacyId: try read.integer("next_legacy_id"),
                    prunedRev: try read.integer("pruned_rev"), storedBytes: try read.integer("stored_bytes"))
            },
            postgres: { row in
                let (lastRev, nextLegacyId, prunedRev, storedBytes) = try row.decode(
                    (Int64, Int64, Int64, Int64).self, context: .default)
                return UserCounters(
                    lastRev: lastRev, nextLegacyId: nextLegacyId, prunedRev: prunedRev, storedBytes: storedBytes)
            })
        guard let counters = rows.first else { throw Abort(.unauthorized, reason: "unknown user") }
        return counters
    }

    /// Writes these counters to the user's row.
    func write(_ userID: UUID, on db: any WriteConnection) async throws {
        let statement =
            """
            UPDATE \(UserModel.schema) SET last_rev = $1, next_legacy_id = $2, pruned_rev = $3, stored_bytes = $4 \
            WHERE id = $5
            """
        try await db.run(
            statement,
            [.integer(lastRev), .integer(nextLegacyId), .integer(prunedRev), .integer(storedBytes), .uuid(userID)])
    }
}

extension UserModel {
    /// Legacy ids are below 2^53, exact in every JSON reader.
    static let legacyIdLimit: Int64 = 1 << 53
}
