import CZlib

/// zlib streams (RFC 1950: a header, deflate data, an Adler-32), as TaskChampion's snapshots
/// are written by flate2's `ZlibEncoder`: not raw deflate, not gzip.
///
/// The system's zlib on every platform: Apple's Compression framework writes raw deflate only,
/// and the header and checksum around it would have to be written here by hand.
public enum Zlib {
    /// `bytes` compressed at zlib's default level (6, as flate2's `Compression::default()`).
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&output, &length, bytes, uLong(bytes.count), Z_DEFAULT_COMPRESSION)
        guard status == Z_OK else { throw SyncCryptoError.platformFailure("compress2 (\(status))") }
        return Array(output.prefix(Int(length)))
    }

    /// The bytes of the one zlib stream `compressed` holds, if they are at most `limit`.
    ///
    /// Inflates in steps and stops past `limit`, so a small stream that inflates to gigabytes
    /// (a decompression bomb) costs memory in proportion to `limit`, then fails. Bytes after the
    /// stream's end make it corrupt, as does a stream that stops short.
    public static func decompress(_ compressed: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard todo_inflate_init(&stream) == Z_OK else { throw SyncCryptoError.platformFailure("inflateInit") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status = Z_OK
        try compressed.withUnsafeBufferPointer { input in
            var consumed = 0
            while status == Z_OK {
                if stream.avail_in == 0, consumed < input.count {
                    let count = min(input.count - consumed, Int(UInt32.max))
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + consumed)
                    stream.avail_in = uInt(count)
                    consumed += count
                }
                let produced = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return chunk.count - Int(stream.avail_out)
                }
                guard output.count + produced <= limit else { throw SyncCryptoError.tooLarge(limit: limit) }
                output += chunk.prefix(produced)
                // No progress possible with all the input given and room for output: it stops short.
                if status == Z_BUF_ERROR { throw SyncCryptoError.corruptCompressedData }
            }
            guard status == Z_STREAM_END, stream.avail_in == 0, consumed == input.count else {
                throw status == Z_MEM_ERROR
                    ? SyncCryptoError.platformFailure("inflate") : SyncCryptoError.corruptCompressedData
            }
        }
        return output
    }
}
