import Foundation

/// The ChaCha20-Poly1305 key of a replica, derived from its encryption secret.
///
/// Deriving costs 600,000 iterations of PBKDF2 (a few hundred milliseconds): derive once per
/// `todo sync` and pass the key around; it is never written anywhere (docs/DESIGN.md, "The
/// crypto layer"). Its bytes stay inside this module, and printing, dumping or interpolating
/// it shows no more than that it is a key.
public struct SyncKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// TaskChampion's PBKDF2-HMAC-SHA256 iterations (its docs/src/encryption.md).
    public static let iterations = 600_000

    let bytes: [UInt8]

    /// Derives the key as TaskChampion's sync server protocol does: the salt is the client id's 16 bytes.
    public init(secret: [UInt8], clientID: UUID) throws {
        try self.init(secret: secret, salt: clientID.bytes, iterations: Self.iterations)
    }

    /// Derives the key from `secret` and `salt` with PBKDF2-HMAC-SHA256.
    ///
    /// Other salts are for TaskChampion's cloud storage, which keeps a random one beside the data.
    public init(secret: [UInt8], salt: [UInt8]) throws {
        try self.init(secret: secret, salt: salt, iterations: Self.iterations)
    }

    /// Fewer iterations than TaskChampion's are for tests only: nothing else would read the data.
    init(secret: [UInt8], salt: [UInt8], iterations: Int) throws {
        bytes = try SystemPrimitives.pbkdf2SHA256(
            password: secret, salt: salt, iterations: iterations,
            keyLength: ChaChaPoly1305.keyLength)
    }

    public var description: String { "SyncKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension UUID {
    /// The 16 bytes, in the order of the text form (RFC 9562), as Rust's `Uuid::as_bytes`.
    var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }
}
