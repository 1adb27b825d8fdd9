import Foundation
import Testing
@testable import TodoSyncCrypto

/// Snapshot compression: zlib streams as flate2 and Python write them, and the inflate's bounds.
@Suite struct ZlibTests {
    static let snapshot =
        #"""
        {"e14cd4a8-2b6f-4d3e-9b8f-bd0d9ea9d1c3":{"status":"pending","description":"water the plants",\#
        "entry":"1735689600"}}
        """#
    /// `zlib.compress(snapshot)` in Python 3.11 (zlib 1.2.13, level 6, as flate2's default).
    static let pythonCompressed = hex(
        """
        789c0dca410ac3201040d1ab845957d06aace636a33349856245a7941272f7bafdef9fc0c6657218d43df95d39b2ac620abb4aa42932463\
        2d9c2
        """
            + "76c21094cf800d1a572af5801b108fdc4b93f2aeb37f51b82ff2e4a5bdb0ca980357e9bf49e661571fa2d71aaeeb0f22f42417")

    @Test func readsPythonsStream() throws {
        #expect(try Zlib.decompress(Self.pythonCompressed, limit: 1 << 20) == Array(Self.snapshot.utf8))
    }

    @Test(arguments: [0, 1, 115, 70_000, 1 << 20])
    func roundTrip(count: Int) throws {
        var random = SystemRandomNumberGenerator()
        let words = ["pending", "completed", "description", "{", "}", ":", "\""]
        let bytes = Array(
            (0..<count).lazy.map { _ in words.randomElement(using: &random)! }.joined().utf8.prefix(count))
        let compressed = try Zlib.compress(bytes)
        #expect(compressed.prefix(1) == [0x78], "a zlib header, not raw deflate or gzip")
        #expect(try Zlib.decompress(compressed, limit: count) == bytes)
    }

    /// 16 MiB of zeros are 16 KiB compressed; with a 1 MiB limit the inflate stops there.
    @Test func aBombFailsAtTheLimit() throws {
        let bomb = try Zlib.compress([UInt8](repeating: 0, count: 16 << 20))
        #expect(bomb.count < 20_000)
        #expect(throws: SyncCryptoError.tooLarge(limit: 1 << 20)) { try Zlib.decompress(bomb, limit: 1 << 20) }
    }

    @Test func theLimitIsInclusive() throws {
        let bytes = Array(Self.snapshot.utf8)
        #expect(try Zlib.decompress(Self.pythonCompressed, limit: bytes.count) == bytes)
        #expect(throws: SyncCryptoError.tooLarge(limit: bytes.count - 1)) {
            try Zlib.decompress(Self.pythonCompressed, limit: bytes.count - 1)
        }
    }

    @Test func corruptStreamsAreRefused() throws {
        let stream = Self.pythonCompressed
        var flipped = stream
        flipped[stream.count / 2] ^= 0xff
        var badChecksum = stream
        badChecksum[stream.count - 1] ^= 0x01
        let corrupt: [[UInt8]] = [
            [], Array(stream.prefix(1)), Array(stream.prefix(stream.count / 2)), Array(stream.dropLast()),
            flipped, badChecksum, stream + [0], Array(Self.snapshot.utf8),
            Array(stream.dropFirst(2).dropLast(4)),  // raw deflate
            hex("1f8b08000000000000ff") + Array(stream.dropFirst(2))  // a gzip header
        ]
        for bytes in corrupt {
            #expect(throws: SyncCryptoError.corruptCompressedData) { try Zlib.decompress(bytes, limit: 1 << 20) }
        }
    }
}
