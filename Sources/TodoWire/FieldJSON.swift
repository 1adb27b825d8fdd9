import Foundation
import TodoCore

// Field values (`FieldValue`) in JSON, by their kind (`FieldKind`), with one writer and one
// reading rule for every place that writes or reads them: the state file, the journal, the
// sync base, `--json` and export (TodoStore), the wire's attributes (`WireAttributes`, its
// storage column and its Codable form), the server's push reader and the client's reader of
// the server's answers (`WireReadable`).
//
// Text is a string; tags an array of strings (sorted when written); a word, a priority or a
// date (`DueDate.wire`) a string or null; UUIDs an array of strings (lower case, sorted);
// annotations an array of `{"at": TIME, "text": TEXT}`; UDAs an object of strings.

extension JSONWriter {
    /// A field's value, punctuated in this writer's `spacing`: the state file's and the wire's
    /// bytes for one value differ only in spaces after `,` and `:`.
    public mutating func value(_ value: FieldValue) {
        switch value {
        case .text(let text): string(text)
        case .tags(let tags):
            raw("[")
            for (index, tag) in tags.sorted().enumerated() {
                if index > 0 { comma() }
                string(tag)
            }
            raw("]")
        case .word(let word): optionalString(word)
        case .priority(let priority): optionalString(priority?.rawValue)
        case .date(let date): optionalString(date?.wire)
        case .uuids(let uuids):
            raw("[")
            // Upper- and lower-case hex sort alike: digits come before letters in both.
            for (index, uuid) in uuids.sorted(by: { $0.uuidString < $1.uuidString }).enumerated() {
                if index > 0 { comma() }
                lowercaseUUID(uuid)
            }
            raw("]")
        case .annotations(let annotations):
            raw("[")
            for (index, annotation) in annotations.enumerated() {
                if index > 0 { comma() }
                raw("{")
                key("at")
                date(annotation.at)
                comma()
                key("text")
                string(annotation.text)
                raw("}")
            }
            raw("]")
        case .udas(let udas):
            raw("{")
            for (index, (name, value)) in udas.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { comma() }
                string(name)
                colon()
                string(value)
            }
            raw("}")
        }
    }

    private mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }
}

/// What the one reading rule of field values (`FieldKind.read(from:)`) asks of a JSON reader:
/// `JSONReader` (the state file, the journal, and the wire's bodies in `WireReadable`: the
/// server's reading of a push, the client's of its answers) and `JSONValue.Reader` (Codable's
/// decoding of the wire, batch lines).
///
/// Each reader throws its own errors, and reads a UUID or a time as its callers always have;
/// the shapes, what null means, and what a value may hold are the rule's.
public protocol FieldValueReader {
    associatedtype Failure: Error

    /// Consumes `null` if it comes next.
    mutating func readNull() throws -> Bool
    mutating func readString() throws -> String
    mutating func readUUID() throws -> UUID
    /// An instant, as an annotation's `at`.
    mutating func readTime() throws -> Date
    /// Reads an array, each element with `element`.
    mutating func readElements(_ element: (inout Self) throws -> Void) throws
    /// Reads an object, handing each key to `member`, which reads its value.
    mutating func readObject(_ member: (String, inout Self) throws -> Void) throws
    /// The value of a member whose key an annotation does not have: skipped, or refused.
    mutating func readUnknownMember(_ key: String) throws
    /// What to throw for a value, read from here, that the rule refuses.
    func fail(_ expected: String) -> Failure
    /// A date in its wire form (`"YYYY-MM-DD"` or `"…T…Z"`), read without a `String` of it
    /// where the reader can; nil leaves the value to `readString`.
    mutating func readDateFast() -> DueDate?
}

extension FieldValueReader {
    public mutating func readDateFast() -> DueDate? { nil }
}

extension FieldKind {
    /// A value of this kind. Null is unset for every kind but text; an empty word is none;
    /// annotations come in the order given (the state file puts them in theirs). A key given
    /// twice in an annotation or among UDAs is refused.
    @inlinable
    public func read<Reader: FieldValueReader>(from reader: inout Reader) throws -> FieldValue {
        if self != .text, try reader.readNull() { return unset }
        let start = reader
        switch self {
        case .text:
            return .text(try reader.readString())
        case .tags:
            var tags = Set<String>()
            try reader.readElements { tags.insert(try $0.readString()) }
            return .tags(tags)
        case .word:
            let word = try reader.readString()
            return .word(word.isEmpty ? nil : word)
        case .priority:
            guard let priority = Priority(rawValue: try reader.readString()) else {
                throw start.fail("a priority: \"H\", \"M\", \"L\" or null")
            }
            return .priority(priority)
        case .date:
            if let date = reader.readDateFast() { return .date(date) }
            guard let date = DueDate(wire: try reader.readString()) else {
                throw start.fail("a date like \"2026-12-01\" or \"2026-12-01T15:00:00.000Z\", or null")
            }
            return .date(date)
        case .uuids:
            var uuids = Set<UUID>()
            try reader.readElements { uuids.insert(try $0.readUUID()) }
            return .uuids(uuids)
        case .annotations:
            var annotations: [Annotation] = []
            try reader.readElements { annotations.append(try Self.readAnnotation(from: &$0)) }
            return .annotations(annotations)
        case .udas:
            var udas: [String: String] = [:]
            try reader.readObject { name, reader in
                let at = reader
                guard udas.updateValue(try reader.readString(), forKey: name) == nil else {
                    throw at.fail("no second \"\(name)\" in one object")
                }
            }
            return .udas(udas)
        }
    }

    /// `{"at": "2026-11-25T10:00:00.000Z", "text": "…"}`.
    @inlinable
    static func readAnnotation<Reader: FieldValueReader>(from reader: inout Reader) throws -> Annotation {
        var (at, text): (Date?, String?) = (nil, nil)
        let start = reader
        try reader.readObject { key, reader in
            switch key {
            case "at":
                guard at == nil else { throw reader.fail("no second \"at\" in one object") }
                at = try reader.readTime()
            case "text":
                guard text == nil else { throw reader.fail("no second \"text\" in one object") }
                text = try reader.readString()
            default: try reader.readUnknownMember(key)
            }
        }
        guard let at, let text else { throw start.fail("an annotation: {\"at\": DATE, \"text\": TEXT}") }
        return Annotation(at: at, text: text)
    }
}

extension JSONReader {
    /// A date in its wire form, read straight from the bytes between its quotes (a day, or
    /// an instant such as `start`); nil, the reader past any white space only, for any other
    /// value (an escape, a date not in the wire form: `readString` then says what is wrong).
    public mutating func readDateFast() -> DueDate? {
        guard peek() == 0x22 else { return nil }
        let start = position + 1
        var end = start
        while end < bytes.count, end - start <= 30, bytes[end] != 0x22, bytes[end] != 0x5C { end += 1 }
        guard end < bytes.count, bytes[end] == 0x22,
            let date = DueDate(wire: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        else { return nil }
        position = end + 1
        return date
    }
}
