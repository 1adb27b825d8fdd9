import Foundation

/// A UUID's text as `uuidString` writes it (upper-case hex, four dashes) and as
/// `UUID(uuidString:)` reads it, without their `sprintf` and `sscanf`: a push of 100
/// operations converts some 600 of them, and those two calls were 4% of its time.
enum UUIDText {
    private static let digits = Array("0123456789ABCDEF".utf8)

    /// Whether the text has a dash before the digits of byte `offset` (8-4-4-4-12).
    private static func dash(before offset: Int) -> Bool {
        offset == 4 || offset == 6 || offset == 8 || offset == 10
    }

    /// `uuid.uuidString`.
    static func text(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if dash(before: offset) {
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
        text.utf8.withContiguousStorageIfAvailable(parse) ?? Array(text.utf8).withUnsafeBufferPointer(parse)
    }

    private static func parse(_ chars: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard chars.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = 0
        for offset in 0..<16 {
            if dash(before: offset) {
                guard chars[index] == UInt8(ascii: "-") else { return nil }
                index += 1
            }
            guard let high = nibble(chars[index]), let low = nibble(chars[index + 1]) else { return nil }
            bytes[offset] = high << 4 | low
            index += 2
        }
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
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
