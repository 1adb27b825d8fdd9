#if !canImport(CryptoKit)
    import CLibCrypto

    /// The primitives through OpenSSL's libcrypto: `PKCS5_PBKDF2_HMAC`, `RAND_bytes`, and the EVP
    /// interface's `EVP_chacha20_poly1305`, whose default nonce is the 12 bytes RFC 8439 uses.
    enum OpenSSLPrimitives: CryptoPrimitives {
        static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) throws -> [UInt8] {
            var key = [UInt8](repeating: 0, count: keyLength)
            let status = password.withUnsafeBufferPointer { password in
                password.withMemoryRebound(to: CChar.self) { password in
                    PKCS5_PBKDF2_HMAC(
                        password.baseAddress, Int32(password.count), salt, Int32(salt.count),
                        Int32(iterations), EVP_sha256(), Int32(keyLength), &key)
                }
            }
            guard status == 1 else { throw SyncCryptoError.platformFailure("PKCS5_PBKDF2_HMAC") }
            return key
        }

        static func randomBytes(_ count: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw SyncCryptoError.platformFailure("RAND_bytes") }
            return bytes
        }

        static func chaChaPolySeal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
            let context = try Context(key: key, nonce: nonce, aad: aad, encrypting: true)
            var sealed = try context.update(plaintext)
            var tag = [UInt8](repeating: 0, count: ChaChaPoly1305.tagLength)
            var final = [UInt8](repeating: 0, count: ChaChaPoly1305.tagLength)
            var length: Int32 = 0
            guard EVP_EncryptFinal_ex(context.pointer, &final, &length) == 1,
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_GET_TAG, Int32(tag.count), &tag) == 1
            else { throw SyncCryptoError.platformFailure("EVP_EncryptFinal_ex") }
            sealed += tag
            return sealed
        }

        static func chaChaPolyOpen(key: [UInt8], nonce: [UInt8], aad: [UInt8], sealed: [UInt8]) throws -> [UInt8] {
            guard sealed.count >= ChaChaPoly1305.tagLength else { throw SyncCryptoError.authenticationFailed }
            let context = try Context(key: key, nonce: nonce, aad: aad, encrypting: false)
            let plaintext = try context.update(Array(sealed.dropLast(ChaChaPoly1305.tagLength)))
            var tag = Array(sealed.suffix(ChaChaPoly1305.tagLength))
            var final = [UInt8](repeating: 0, count: ChaChaPoly1305.tagLength)
            var length: Int32 = 0
            guard EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_SET_TAG, Int32(tag.count), &tag) == 1
            else { throw SyncCryptoError.platformFailure("EVP_CIPHER_CTX_ctrl") }
            // The tag is checked here; until it verifies, the plaintext goes nowhere.
            guard EVP_DecryptFinal_ex(context.pointer, &final, &length) == 1 else {
                throw SyncCryptoError.authenticationFailed
            }
            return plaintext
        }

        /// An `EVP_CIPHER_CTX` set up with key, nonce and AAD, freed with this object.
        private final class Context {
            let pointer: OpaquePointer
            let encrypting: Bool

            init(key: [UInt8], nonce: [UInt8], aad: [UInt8], encrypting: Bool) throws {
                guard let pointer = EVP_CIPHER_CTX_new() else {
                    throw SyncCryptoError.platformFailure("EVP_CIPHER_CTX_new")
                }
                self.pointer = pointer
                self.encrypting = encrypting
                let initialize = encrypting ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
                guard key.count == ChaChaPoly1305.keyLength, nonce.count == ChaChaPoly1305.nonceLength,
                    initialize(pointer, EVP_chacha20_poly1305(), nil, key, nonce) == 1
                else { throw SyncCryptoError.platformFailure("EVP_CipherInit_ex") }
                _ = try update(aad, aad: true)
            }

            deinit { EVP_CIPHER_CTX_free(pointer) }

            /// Runs `input` through the cipher (as AAD when `aad`), in pieces that fit an `Int32`.
            func update(_ input: [UInt8], aad: Bool = false) throws -> [UInt8] {
                let step = encrypting ? EVP_EncryptUpdate : EVP_DecryptUpdate
                var output = [UInt8](repeating: 0, count: aad ? 0 : input.count)
                var done = 0
                while done < input.count {
                    let count = min(input.count - done, 1 << 30)
                    var written: Int32 = 0
                    let status = input.withUnsafeBufferPointer { input in
                        output.withUnsafeMutableBufferPointer { output in
                            step(
                                pointer, aad ? nil : output.baseAddress! + done, &written, input.baseAddress! + done,
                                Int32(count))
                        }
                    }
                    guard status == 1, aad || Int(written) == count else {
                        throw SyncCryptoError.platformFailure("EVP_CipherUpdate")
                    }
                    done += count
                }
                return output
            }
        }
    }

    typealias SystemPrimitives = OpenSSLPrimitives
#endif
