/// SHA-1 (FIPS 180-4), for name-based UUIDs (RFC 4122, version 5) only: not for security.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        for start in stride(from: 0, to: padded.count, by: 64) {
            compress(padded[start..<start + 64], into: &state)
        }
        return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    /// Mixes one 64-byte block into the five state words.
    private static func compress(_ block: ArraySlice<UInt8>, into state: inout [UInt32]) {
        var w = [UInt32](repeating: 0, count: 80)
        for i in 0..<16 {
            let at = block.startIndex + i * 4
            w[i] =
                UInt32(block[at]) << 24 | UInt32(block[at + 1]) << 16 | UInt32(block[at + 2]) << 8
                | UInt32(block[at + 3])
        }
        for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for i in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
