import Foundation

/// Ids for new rows of `todos` and `operations` that sort after those made before them (UUID
/// version 7: milliseconds since 1970, then random bits), as text and as PostgreSQL's uuid
/// alike.
///
/// Rows are keyed by their id. Random ids put each new row at a random place in the primary
/// key's index, so that a push of 100 todos dirtied 100 pages of each of those indexes, all
/// written to the WAL and again at the checkpoint; ids in time order put them on the last
/// page or two. One generator serves one transaction: its random bits are drawn once, and
/// each id counts up from them.
struct RowIDs {
    private var bits = UUID().uuid
    private var count: UInt64 = 0

    /// A new id, stamped `now`.
    mutating func next(now: Date) -> UUID {
        count += 1
        var bytes = bits
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
            raw[6] = 0x70 | (raw[6] & 0x0F)
            // The last 8 bytes: random bits plus the count, so that no two ids of one generator meet.
            let low = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian &+ count
            raw.storeBytes(
                of: (low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000).bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }
}
