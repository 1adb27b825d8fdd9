/// Why sealed or compressed data could not be read or written; each says so in one line.
///
/// None carries a secret, a key or plaintext, so any of them may be printed or logged.
public enum SyncCryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tag did not verify: a wrong encryption secret or client id (the salt), data altered
    /// on the way, or data sealed for another version id or app id.
    case authenticationFailed
    /// The envelope's first byte is not 1, the only format there is.
    case unsupportedEnvelopeVersion(UInt8)
    /// Fewer bytes than an envelope of empty plaintext has (version, nonce, tag).
    case truncatedEnvelope(length: Int)
    /// The bytes are not one whole zlib stream (header, deflate data, Adler-32).
    case corruptCompressedData
    /// The zlib stream inflates to more than the caller allowed.
    case tooLarge(limit: Int)
    /// The platform's library refused a call it should not refuse (no randomness, no memory).
    case platformFailure(String)

    public var description: String {
        switch self {
        case .authenticationFailed:
            """
            the encrypted data does not verify: wrong encryption secret or client id, or data altered or sealed for \
            another version
            """
        case .unsupportedEnvelopeVersion(let version): "unrecognized encryption envelope version \(version)"
        case .truncatedEnvelope(let length):
            "the encrypted data is \(length) bytes, shorter than an envelope (\(Envelope.overhead) bytes)"
        case .corruptCompressedData: "the snapshot is not valid zlib data"
        case .tooLarge(let limit): "the snapshot inflates to more than \(limit) bytes"
        case .platformFailure(let call): "\(call) failed"
        }
    }
}
