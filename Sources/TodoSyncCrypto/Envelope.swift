import Foundation

/// TaskChampion's encrypted envelope: one version byte (1), a random 12-byte nonce, then the
/// ChaCha20-Poly1305 ciphertext and its 16-byte tag.
///
/// The AAD is the app id (1, task data) and the 16 bytes of a version id, so data sealed for
/// one place in the history cannot be served in another: a history segment is sealed for its
/// parent version's id, a snapshot for its own (TaskChampion's docs/src/encryption.md).
public enum Envelope {
    static let version: UInt8 = 1
    static let appID: UInt8 = 1
    /// The bytes an envelope adds to its plaintext.
    public static let overhead = 1 + ChaChaPoly1305.nonceLength + ChaChaPoly1305.tagLength

    /// The envelope of `plaintext`, bound to `versionID`, under a fresh random nonce.
    public static func seal(_ plaintext: [UInt8], key: SyncKey, versionID: UUID) throws -> [UInt8] {
        try seal(
            plaintext, key: key, versionID: versionID, nonce: SystemPrimitives.randomBytes(ChaChaPoly1305.nonceLength))
    }

    /// A fixed nonce is for known-answer tests: a nonce used twice with one key gives the key away.
    static func seal(_ plaintext: [UInt8], key: SyncKey, versionID: UUID, nonce: [UInt8]) throws -> [UInt8] {
        let sealed = try SystemPrimitives.chaChaPolySeal(
            key: key.bytes, nonce: nonce, aad: aad(versionID), plaintext: plaintext)
        return [version] + nonce + sealed
    }

    /// The plaintext of `envelope`, if it was sealed with `key` for `versionID`.
    public static func open(_ envelope: [UInt8], key: SyncKey, versionID: UUID) throws -> [UInt8] {
        // The version first: another format's envelope may be shorter than this one's.
        if let first = envelope.first, first != version { throw SyncCryptoError.unsupportedEnvelopeVersion(first) }
        guard envelope.count >= overhead else { throw SyncCryptoError.truncatedEnvelope(length: envelope.count) }
        let nonce = Array(envelope[1..<1 + ChaChaPoly1305.nonceLength])
        let sealed = Array(envelope[(1 + ChaChaPoly1305.nonceLength)...])
        return try SystemPrimitives.chaChaPolyOpen(key: key.bytes, nonce: nonce, aad: aad(versionID), sealed: sealed)
    }

    static func aad(_ versionID: UUID) -> [UInt8] { [appID] + versionID.bytes }
}
