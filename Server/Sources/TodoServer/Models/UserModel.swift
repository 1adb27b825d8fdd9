import Fluent
import Foundation

/// An account. `lastRev` is the user's revision counter: every change to one of the user's
/// records takes the next value, inside the transaction that makes the change.
final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "last_rev") var lastRev: Int64
    /// The next integer id handed to a record for the seed's legacy API.
    @Field(key: "next_legacy_id") var nextLegacyId: Int64
    @Field(key: "created_at_ms") var createdAtMs: Int64
    /// When `user disable` was run; nil for an enabled user (added by `AddAccountControls`).
    @OptionalField(key: "disabled_at_ms") var disabledAtMs: Int64?
    /// The highest revision among the tombstones `prune` removed (added by `AddPruning`): a
    /// device that has read less of the feed may have missed a deletion.
    @Field(key: "pruned_rev") var prunedRev: Int64
    /// What this user's todos take in storage, as `TodoModel.storedBytes` counts it (added by
    /// `AddQuota`): what the quota (TODO_SERVER_QUOTA_MB) limits.
    @Field(key: "stored_bytes") var storedBytes: Int64

    init() {}

    init(name: String, now: Date) {
        self.id = UUID()
        self.name = name
        self.lastRev = 0
        self.nextLegacyId = 1
        self.prunedRev = 0
        self.storedBytes = 0
        self.createdAtMs = Int64((now.timeIntervalSince1970 * 1000).rounded())
    }

    /// Letters, digits and `._@-`, 1 to 64 characters: safe in logs, shells and URLs.
    static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.count) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._@-".unicodeScalars.contains($0))
        }
    }
}

extension UserModel {
    /// The user called `name`, or a command error saying how to create one.
    static func named(_ name: String, on db: any Database) async throws -> UserModel {
        guard let user = try await query(on: db).filter(\.$name == name).first() else {
            throw CommandFailure("no user \(name); create it with: todo-server user add \(name)")
        }
        return user
    }
}
