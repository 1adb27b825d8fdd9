#if canImport(CryptoKit)
    import CommonCrypto
    import CryptoKit
    import Foundation
    import Security

    /// The primitives on Apple platforms: CommonCrypto's PBKDF2, the Security framework's random
    /// bytes, CryptoKit's ChaChaPoly (macOS 10.15 and later).
    enum ApplePrimitives: CryptoPrimitives {
        static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) throws -> [UInt8] {
            var key = [UInt8](repeating: 0, count: keyLength)
            let status = password.withUnsafeBufferPointer { password in
                password.withMemoryRebound(to: CChar.self) { password in
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2), password.baseAddress, password.count, salt, salt.count,
                        CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(iterations), &key, keyLength)
                }
            }
            guard status == Int32(kCCSuccess) else { throw SyncCryptoError.platformFailure("CCKeyDerivationPBKDF") }
            return key
        }

        static func randomBytes(_ count: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            guard SecRandomCopyBytes(kSecRandomDefault, count, &bytes) == errSecSuccess
            else { throw SyncCryptoError.platformFailure("SecRandomCopyBytes") }
            return bytes
        }

        static func chaChaPolySeal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
            guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else {
                throw SyncCryptoError.platformFailure("ChaChaPoly")
            }
            let box = try ChaChaPoly.seal(
                plaintext, using: SymmetricKey(data: key), nonce: ChaChaPoly.Nonce(data: nonce),
                authenticating: aad)
            return Array(box.ciphertext) + Array(box.tag)
        }

        static func chaChaPolyOpen(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: [UInt8]) throws -> [UInt8] {
            guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else {
                throw SyncCryptoError.platformFailure("ChaChaPoly")
            }
            guard sealed.count >= ChaChaPoly1305.tagLength else { throw SyncCryptoError.authenticationFailed }
            let box = try ChaChaPoly.SealedBox(
                nonce: ChaChaPoly.Nonce(data: nonce), ciphertext: sealed.dropLast(ChaChaPoly1305.tagLength),
                tag: sealed.suffix(ChaChaPoly1305.tagLength))
            do {
                return Array(try ChaChaPoly.open(box, using: SymmetricKey(data: key), authenticating: aad))
            } catch CryptoKitError.authenticationFailure {
                throw SyncCryptoError.authenticationFailed
            }
        }
    }

    typealias SystemPrimitives = ApplePrimitives
#endif
