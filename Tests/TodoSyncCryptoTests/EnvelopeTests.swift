import Foundation
import Testing
@testable import TodoSyncCrypto

/// Sealing and opening with todo's own keys: round trips, what binds an envelope, its bounds.
@Suite struct EnvelopeTests {
    /// Few iterations: these tests are about the envelope, not the key's cost.
    static let key = try! SyncKey(secret: Array("SEKRIT".utf8), salt: UUID().bytes, iterations: 10)

    @Test(arguments: [0, 1, 7, 4096, 1 << 20])
    func roundTrip(count: Int) throws {
        let plaintext = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let version = UUID()
        let envelope = try Envelope.seal(plaintext, key: Self.key, versionID: version)
        #expect(envelope.count == plaintext.count + Envelope.overhead)
        #expect(envelope.first == 1)
        #expect(try Envelope.open(envelope, key: Self.key, versionID: version) == plaintext)
    }

    @Test func eachSealHasItsOwnNonce() throws {
        let version = UUID()
        let first = try Envelope.seal(Array("same".utf8), key: Self.key, versionID: version)
        let second = try Envelope.seal(Array("same".utf8), key: Self.key, versionID: version)
        #expect(first[1..<13] != second[1..<13])
    }

    @Test func anotherVersionIDDoesNotOpen() throws {
        let envelope = try Envelope.seal(Array("history".utf8), key: Self.key, versionID: UUID())
        #expect(throws: SyncCryptoError.authenticationFailed) {
            try Envelope.open(envelope, key: Self.key, versionID: UUID())
        }
    }

    @Test func anotherSecretOrSaltDoesNotOpen() throws {
        let version = UUID()
        let envelope = try Envelope.seal(Array("history".utf8), key: Self.key, versionID: version)
        let others = [
            try SyncKey(secret: Array("SEKRIT!".utf8), salt: UUID().bytes, iterations: 10),
            try SyncKey(secret: Array("SEKRIT".utf8), salt: UUID().bytes, iterations: 10)
        ]
        for other in others {
            #expect(throws: SyncCryptoError.authenticationFailed) {
                try Envelope.open(envelope, key: other, versionID: version)
            }
        }
    }

    /// Any flipped bit, in the nonce, the ciphertext or the tag, fails the tag.
    @Test func anyAlteredByteDoesNotOpen() throws {
        let version = UUID()
        let envelope = try Envelope.seal(Array("history segment".utf8), key: Self.key, versionID: version)
        for index in 1..<envelope.count {
            var altered = envelope
            altered[index] ^= 0x01
            #expect(throws: SyncCryptoError.authenticationFailed) {
                try Envelope.open(altered, key: Self.key, versionID: version)
            }
        }
    }

    @Test func truncatedEnvelopesAreRefused() throws {
        let version = UUID()
        let envelope = try Envelope.seal([], key: Self.key, versionID: version)
        for length in 0..<envelope.count {
            #expect(throws: SyncCryptoError.truncatedEnvelope(length: length)) {
                try Envelope.open(Array(envelope.prefix(length)), key: Self.key, versionID: version)
            }
        }
        let longer = try Envelope.seal(Array("segment".utf8), key: Self.key, versionID: version)
        #expect(throws: SyncCryptoError.authenticationFailed) {
            try Envelope.open(Array(longer.dropLast()), key: Self.key, versionID: version)
        }
    }

    @Test func nothingSecretIsPrinted() throws {
        let shown = [
            "\(Self.key)", String(reflecting: Self.key),
            {
                var text = ""; dump(Self.key, to: &text); return text
            }()
        ]
        let keyHex = Self.key.bytes.map { String(format: "%02x", $0) }.joined()
        for text in shown {
            #expect(!text.contains(keyHex) && !text.contains("\(Self.key.bytes)"))
        }
        #expect(SyncCryptoError.authenticationFailed.description.contains("secret"))
    }
}
