import Foundation
import TodoWire

/// Appends JSON tokens to a byte buffer. The caller places the punctuation.
public struct JSONWriter {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"key":`
    public mutating func key(_ name: StaticString) {
        bytes.append(0x22)
        raw(name)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    public mutating func string(_ value: String) {
        bytes.append(0x22)
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(0x5C)
                switch byte {
                case 0x22, 0x5C: bytes.append(byte)
                case 0x0A: bytes.append(0x6E)
                case 0x0D: bytes.append(0x72)
                case 0x09: bytes.append(0x74)
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(0x22)
    }

    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(48 + magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    public mutating func null() { raw("null") }

    public mutating func date(_ value: Date) {
        bytes.append(0x22)
        ISO8601Millis.append(value, to: &bytes)
        bytes.append(0x22)
    }

    public mutating func date(_ value: Date?) {
        if let value { date(value) } else { null() }
    }

    /// Lower-case, dashed: `8f0e1c2a-…`.
    public mutating func uuid(_ value: UUID) {
        let hex: StaticString = "0123456789abcdef"
        bytes.append(0x22)
        withUnsafeBytes(of: value.uuid) { raw in
            hex.withUTF8Buffer { digits in
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(0x2D) }
                    bytes.append(digits[Int(raw[index] >> 4)])
                    bytes.append(digits[Int(raw[index] & 0xF)])
                }
            }
        }
        bytes.append(0x22)
    }
}
