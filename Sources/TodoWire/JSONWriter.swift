import Foundation

/// Appends JSON tokens to a byte buffer: the state file, the journal, `--json`, export, and
/// the sync API's answers (the change feed, push results), which are written straight from
/// stored values rather than built as wire types for `JSONEncoder`. The caller places the
/// punctuation, or asks for it (`comma()`, `colon()`) in the writer's `spacing`.
public struct JSONWriter {
    /// How `comma()` and `colon()` write: `, ` and `: ` (the state file, `--json`: a person
    /// reads them), or `,` and `:` (the wire, as `WireJSON.encoder` writes).
    public enum Spacing: Sendable { case spaced, compact }

    public var bytes: [UInt8] = []
    public let spacing: Spacing

    public init(capacity: Int = 0, spacing: Spacing = .spaced) {
        self.spacing = spacing
        bytes.reserveCapacity(capacity)
    }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Bytes that are JSON already.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        bytes.append(contentsOf: json)
    }

    /// `,` or `, ` by `spacing`: between elements and members.
    @inline(__always)
    public mutating func comma() {
        bytes.append(0x2C)
        if spacing == .spaced { bytes.append(0x20) }
    }

    /// `:` or `: ` by `spacing`: after a key.
    @inline(__always)
    public mutating func colon() {
        bytes.append(0x3A)
        if spacing == .spaced { bytes.append(0x20) }
    }

    /// `"key":`, with no space whatever the `spacing`.
    public mutating func key(_ name: StaticString) {
        bytes.append(0x22)
        raw(name)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// A string, escaped as JSON needs: quotes, backslashes and control characters; the rest,
    /// UTF-8 included, is copied a run at a time.
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
                    let hex: StaticString = "0123456789abcdef"
                    hex.withUTF8Buffer { digits in
                        bytes.append(contentsOf: [0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                    }
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(0x22)
    }

    /// A string already known to need no escapes (a UUID's text, a date, a status word).
    public mutating func quoted(_ plain: String) {
        bytes.append(0x22)
        bytes.append(contentsOf: plain.utf8)
        bytes.append(0x22)
    }

    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
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

    public mutating func int(_ value: Int64) {
        int(Int(value))
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

    /// A date as the wire writes it, from milliseconds since 1970.
    public mutating func date(milliseconds: Int64) {
        date(ISO8601Millis.date(milliseconds: milliseconds))
    }

    /// Lower-case, dashed: `8f0e1c2a-…`, as the state file, `--json` and export write UUIDs.
    public mutating func lowercaseUUID(_ value: UUID) {
        uuid(value, digits: "0123456789abcdef")
    }

    /// Upper-case, dashed (`UUID.uuidString`): as `WireJSON.encoder` writes a UUID, and SQLite
    /// keeps the server's.
    public mutating func uppercaseUUID(_ value: UUID) {
        uuid(value, digits: "0123456789ABCDEF")
    }

    @inline(__always)
    private mutating func uuid(_ value: UUID, digits hex: StaticString) {
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

    /// Drops what was written after the first `count` bytes.
    public mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }
}
