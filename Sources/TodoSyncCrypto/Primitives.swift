/// The platform's cryptography that TodoSyncCrypto uses, and nothing more: OpenSSL's libcrypto
/// on Linux (`OpenSSLPrimitives.swift`), CryptoKit and CommonCrypto on Apple platforms
/// (`ApplePrimitives.swift`); `SystemPrimitives` is the one this platform has.
///
/// Everything above it (the envelope, the AAD, the key's parameters) is shared, so the two
/// implementations stay a page each and are checked by the same tests.
protocol CryptoPrimitives {
    /// PBKDF2 with HMAC-SHA256.
    static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) throws -> [UInt8]
    /// `count` bytes from the system's cryptographically secure generator.
    static func randomBytes(_ count: Int) throws -> [UInt8]
    /// ChaCha20-Poly1305 (RFC 8439): the ciphertext followed by the 16-byte tag.
    static func chaChaPolySeal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws -> [UInt8]
    /// The plaintext of `sealed` (ciphertext and tag), or `SyncCryptoError.authenticationFailed`.
    static func chaChaPolyOpen(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: [UInt8]) throws -> [UInt8]
}

/// Bytes of a ChaCha20-Poly1305 key, nonce and tag.
enum ChaChaPoly1305 {
    static let keyLength = 32
    static let nonceLength = 12
    static let tagLength = 16
}
