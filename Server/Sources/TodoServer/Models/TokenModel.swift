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

    init() {}

    init(userID: UUID, hash: String, now: Date = Date()) {
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

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
