import Fluent
import Foundation
import Vapor

/// An API token. Only the SHA-256 of the token is stored; the token itself is shown once.
final class TokenModel: Model, @unchecked Sendable {
    static let schema = "tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "hash") var hash: String
    @Field(key: "created_at_ms") var createdAtMs: Int64
    @OptionalField(key: "revoked_at_ms") var revokedAtMs: Int64?
    /// What the token is for, as `token add --device` named it (added by `AddTokenDetails`).
    @OptionalField(key: "device") var device: String?
    @OptionalField(key: "expires_at_ms") var expiresAtMs: Int64?
    /// When it last authenticated a request, to the minute (see `noteUse`).
    @OptionalField(key: "last_used_at_ms") var lastUsedAtMs: Int64?

    init() {}

    init(userID: UUID, hash: String, now: Date) {
        self.id = UUID()
        self.userID = userID
        self.hash = hash
        self.createdAtMs = Int64((now.timeIntervalSince1970 * 1000).rounded())
    }

    /// `todo_` followed by 32 random bytes in base64url: 256 bits, so a plain hash is enough.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "todo_" + base64
    }

    /// Whether it has expired at `nowMs`.
    func hasExpired(atMs nowMs: Int64) -> Bool {
        expiresAtMs.map { $0 <= nowMs } ?? false
    }

    /// Records a use at `nowMs`, written at most once a minute per token so that requests
    /// do not each cost a write; best effort, never failing the request.
    func noteUse(atMs nowMs: Int64, on db: any Database) async {
        guard lastUsedAtMs.map({ nowMs - $0 >= 60_000 }) ?? true else { return }
        lastUsedAtMs = nowMs
        try? await SQLiteTuning.boundWaits(on: db)
        try? await update(on: db)
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
