import Foundation
import Testing
@testable import TodoSyncCrypto

/// PBKDF2-HMAC-SHA256 against published and Python-computed values; the 600,000-iteration key
/// is checked in `TaskChampionVectorTests`.
@Suite struct KeyDerivationTests {
    /// RFC 7914, section 11: P = "passwd", S = "salt", c = 1, dkLen = 64.
    @Test func rfc7914() throws {
        let key = try SystemPrimitives.pbkdf2SHA256(
            password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, keyLength: 64)
        #expect(
            key
                == hex(
                    "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                        + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"))
    }

    /// `hashlib.pbkdf2_hmac('sha256', secret, clientID.bytes, 1000, 32)`: the salt is the client
    /// id's bytes in the text form's order.
    @Test func pythonWithTheClientIDAsSalt() throws {
        let key = try SyncKey(
            secret: TaskChampionVectorTests.secret, salt: TaskChampionVectorTests.clientID.bytes, iterations: 1000)
        #expect(TaskChampionVectorTests.clientID.bytes == hex("0666d464418a4a08ad536f15c78270cd"))
        #expect(key.bytes == hex("4dcdff44cd371f55e23cbfade47808f605201e43cd37a5f76378b3f4f7a74f11"))
    }

    /// TaskChampion allows a secret of any length; an empty one still derives a key.
    @Test func emptySecret() throws {
        let key = try SyncKey(secret: [], salt: Array("salt".utf8), iterations: 1)
        #expect(key.bytes.count == 32)
    }
}
