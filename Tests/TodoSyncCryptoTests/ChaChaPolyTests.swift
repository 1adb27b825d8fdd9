import Testing
@testable import TodoSyncCrypto

/// The platform's ChaCha20-Poly1305 against RFC 8439, section 2.8.2: several blocks, AAD that
/// is not TaskChampion's, both directions.
@Suite struct ChaChaPolyTests {
    static let key = Array(UInt8(0x80)...0x9f)
    static let nonce = hex("070000004041424344454647")
    static let aad = hex("50515253c0c1c2c3c4c5c6c7")
    static let plaintext = Array(
        ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
            + "sunscreen would be it.").utf8)
    static let sealed = hex(
        """
        d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2\
        905d6a5b6
        """
            + "7ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b"
            + "6116"
            + "1ae10b594f09e26a7e902ecbd0600691")

    @Test func seals() throws {
        #expect(
            try SystemPrimitives.chaChaPolySeal(
                key: Self.key, nonce: Self.nonce, aad: Self.aad, plaintext: Self.plaintext) == Self.sealed)
    }

    @Test func opens() throws {
        #expect(
            try SystemPrimitives.chaChaPolyOpen(key: Self.key, nonce: Self.nonce, aad: Self.aad, sealed: Self.sealed)
                == Self.plaintext)
        #expect(throws: SyncCryptoError.authenticationFailed) {
            try SystemPrimitives.chaChaPolyOpen(
                key: Self.key, nonce: Self.nonce, aad: Array(Self.aad.dropLast()), sealed: Self.sealed)
        }
    }
}
