import Foundation
import Testing
@testable import TodoSyncCrypto

/// TaskChampion's own test data (src/server/test-*.data, made by its generate-test-data.py with
/// Python's cryptography; copied byte for byte from its commit e06a314e): what it reads, todo
/// reads, and what it refuses, todo refuses alike. test-bad-version_id.data is a stale copy its
/// tests no longer read; it too must not open.
@Suite struct TaskChampionVectorTests {
    static let clientID = UUID(uuidString: "0666d464-418a-4a08-ad53-6f15c78270cd")!
    static let secret = Array("b4a4e6b7b811eda1dc1a2693ded".utf8)
    static let versionID = UUID(uuidString: "b0517957-f912-4d49-8330-f612e73030c4")!
    /// `hashlib.pbkdf2_hmac('sha256', secret, clientID.bytes, 600000, 32)` in Python.
    static let derivedKey = "3161783d519a867f5c43b4ce89affb6d238de3bc4e3bbce6ad6045e9d6ed6423"
    /// Derived once, with TaskChampion's 600,000 iterations, for the whole suite.
    static let key = try! SyncKey(secret: secret, clientID: clientID)

    static func fixture(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name + ".data")))
    }

    @Test func theKeyIsTaskChampions() {
        #expect(Self.key.bytes == hex(Self.derivedKey))
    }

    @Test func goodOpensToSuccess() throws {
        let plaintext = try Envelope.open(Self.fixture("test-good"), key: Self.key, versionID: Self.versionID)
        #expect(plaintext == Array("SUCCESS".utf8))
    }

    /// Sealed with another secret, salt, AAD version id or app id: the tag does not verify.
    @Test(arguments: [
        "test-bad-secret", "test-bad-client-id", "test-bad-version-id", "test-bad-version_id", "test-bad-app-id"
    ])
    func badOnesFailAuthentication(name: String) throws {
        let envelope = try Self.fixture(name)
        #expect(throws: SyncCryptoError.authenticationFailed) {
            try Envelope.open(envelope, key: Self.key, versionID: Self.versionID)
        }
    }

    @Test func anotherEnvelopeVersionIsRefusedAsSuch() throws {
        let envelope = try Self.fixture("test-bad-version")
        #expect(throws: SyncCryptoError.unsupportedEnvelopeVersion(99)) {
            try Envelope.open(envelope, key: Self.key, versionID: Self.versionID)
        }
    }

    /// The good data, opened for another version id (as a server serving it elsewhere in the history).
    @Test func goodOpensOnlyForItsVersion() throws {
        let envelope = try Self.fixture("test-good")
        #expect(throws: SyncCryptoError.authenticationFailed) {
            try Envelope.open(envelope, key: Self.key, versionID: UUID())
        }
    }

    /// Sealing with a fixed nonce gives what Python's cryptography gives: the seal side matches
    /// too, not only the open side.
    @Test func sealMatchesPython() throws {
        let envelope = try Envelope.seal(
            Array("SUCCESS".utf8), key: Self.key, versionID: Self.versionID, nonce: Array(0..<12))
        #expect(envelope == hex("01000102030405060708090a0b0725d6fcee61365ed9df4c8ffea51b6daba16ae3f70865"))
    }
}

func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}
