import Foundation

/// JSON written straight into bytes from stored values, as `WireJSON.encoder` writes the same
/// wire types up to key order and escapes: the server's largest and most frequent answers (the
/// change feed, push results) are written with it rather than built as wire types for
/// `JSONEncoder`.
public struct WireWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Bytes that are JSON already.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        bytes += json
    }

    public mutating func raw(_ json: StaticString) {
        json.withUTF8Buffer { bytes += $0 }
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    public mutating func integer(_ value: Int64) {
        bytes += String(value).utf8
    }

    /// A UUID as the encoder writes it: `uuidString`, upper case.
    public mutating func uuid(_ uuid: UUID) {
        quoted(uuid.uuidString)
    }

    /// A string already known to need no escapes (a UUID, a date).
    public mutating func quoted(_ plain: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes += plain.utf8
        bytes.append(UInt8(ascii: "\""))
    }

    /// A date as the wire writes it, from milliseconds since 1970.
    public mutating func date(milliseconds: Int64) {
        bytes.append(UInt8(ascii: "\""))
        ISO8601Millis.append(ISO8601Millis.date(milliseconds: milliseconds), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON array of `elements`, each written by `element`.
    public mutating func array<Element>(_ elements: [Element], _ element: (inout WireWriter, Element) -> Void) {
        raw("[")
        for (index, value) in elements.enumerated() {
            if index > 0 { raw(",") }
            element(&self, value)
        }
        raw("]")
    }

    /// `value` written by `write`, or null.
    public mutating func optional<Value>(_ value: Value?, _ write: (inout WireWriter, Value) -> Void) {
        guard let value else { return raw("null") }
        write(&self, value)
    }

    /// Drops what was written after the first `count` bytes.
    public mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// A string, escaped as JSON needs: quotes, backslashes and control characters.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case 0..<0x20:
                raw(#"\u00"#)
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}

extension WireWriter {
    /// A `TodoRecord`: `content` nil writes no `todo` member (a tombstone that kept none). `uuid` is the
    /// UUID's text as the encoder writes it (`uuidString`, as SQLite keeps it).
    public mutating func record(uuid: String, rev: Int64, deleted: Bool, content: FeedWriter.Content?) {
        raw(#"{"deleted":"#)
        bool(deleted)
        raw(#","rev":"#)
        integer(rev)
        if let content { todo(content) }
        raw(#","uuid":"#)
        quoted(uuid)
        raw("}")
    }

    private mutating func todo(_ content: FeedWriter.Content) {
        raw(#","todo":{"completed":"#)
        bool(content.completed)
        if let completedAt = content.completedAtMs {
            raw(#","completedAt":"#)
            date(milliseconds: completedAt)
        }
        raw(#","createdAt":"#)
        date(milliseconds: content.createdAtMs)
        raw(#","description":"#)
        string(content.description)
        raw(#","name":"#)
        string(content.name)
        raw(#","notes":"#)
        string(content.notes)
        raw(#","updatedAt":"#)
        date(milliseconds: content.updatedAtMs)
        if let attributes = content.attributes { members(of: attributes) }
        raw("}")
    }

    /// The members of a JSON object the server wrote, without its braces; nothing for `{}`.
    private mutating func members(of object: String) {
        var object = object
        object.withUTF8 { utf8 in
            guard utf8.count > 2, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return }
            bytes.append(UInt8(ascii: ","))
            bytes += utf8[1..<(utf8.count - 1)]
        }
    }
}
