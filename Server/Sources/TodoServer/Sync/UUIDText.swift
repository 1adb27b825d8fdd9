import Foundation

/// A UUID's text as `uuidString` writes it (upper-case hex, four dashes) and as
/// `UUID(uuidString:)` reads it, without their `sprintf` and `sscanf`: a push of 100
/// operations converts some 600 of them, and those two calls were 4% of its time.
enum UUIDText {
    private static let digits = Array("0123456789ABCDEF".utf8)
    /// The offsets of the dashes in the text.
    private static let dashes: Set<Int> = [8, 13, 18, 23]

    /// `uuid.uuidString`.
    static func text(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        out[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    out[index] = digits[Int(byte >> 4)]
                    out[index + 1] = digits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// `UUID(uuidString: text)`: hex digits of either case, dashes where `text(_:)` puts them.
    static func uuid(_ text: String) -> UUID? {
        text.utf8.withContiguousStorageIfAvailable(parse) ?? UUID(uuidString: text)
    }

    private static func parse(_ chars: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard chars.count == 36 else { return nil }
        var bytes = UUID().uuid
        var index = 0
        return withUnsafeMutableBytes(of: &bytes) { out -> UUID? in
            for position in 0..<16 {
                if dashes.contains(index) {
                    guard chars[index] == UInt8(ascii: "-") else { return nil }
                    index += 1
                }
                guard let high = nibble(chars[index]), let low = nibble(chars[index + 1]) else { return nil }
                out[position] = high << 4 | low
                index += 2
            }
            return UUID(uuid: out.load(as: uuid_t.self))
        }
    }

    private static func nibble(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): char - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
