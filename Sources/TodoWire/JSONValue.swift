import Foundation
import TodoCore

/// Any JSON value, as `Decodable` reads it: how Codable's decoding of the wire (and batch
/// lines) hands a value to the one reading rule of field values (`FieldKind.read(from:)`),
/// through its `Reader`. Strictly typed: true is not 1.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number that is not an integer (or too large for one).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Strings first: most values are.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.container(keyedBy: WireKey.self)
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: WireKey.self)
            for (key, value) in members { try container.encode(value, forKey: WireKey(key)) }
        }
    }
}

extension JSONValue {
    /// Reads a decoded value, as `FieldKind.read(from:)` asks; times and UUIDs as `JSONDecoder`
    /// reads them from the wire (`DueDate(wire:)` at an instant; `UUID(uuidString:)`), and an
    /// annotation's unknown members are skipped, as Codable skips them.
    public struct Reader: FieldValueReader {
        /// A value of the wrong shape.
        public struct Mismatch: Error, Equatable, CustomStringConvertible {
            public var expected: String
            public var description: String { "expected \(expected)" }
        }

        /// What is left to read: one value, or none once it was read.
        @usableFromInline var value: JSONValue?

        public init(_ value: JSONValue) { self.value = value }

        public func fail(_ expected: String) -> Mismatch { Mismatch(expected: expected) }

        public mutating func readNull() throws -> Bool {
            guard value == .null else { return false }
            value = nil
            return true
        }

        public mutating func readString() throws -> String {
            guard case .string(let text)? = value else { throw fail("a string") }
            value = nil
            return text
        }

        public mutating func readUUID() throws -> UUID {
            guard case .string(let text)? = value, let uuid = UUID(uuidString: text) else { throw fail("a UUID") }
            value = nil
            return uuid
        }

        public mutating func readTime() throws -> Date {
            guard case .string(let text)? = value, case .instant(let date)? = DueDate(wire: text) else {
                throw fail("an ISO 8601 UTC time")
            }
            value = nil
            return date
        }

        public mutating func readElements(_ element: (inout Reader) throws -> Void) throws {
            guard case .array(let elements)? = value else { throw fail("an array") }
            for item in elements {
                var reader = Reader(item)
                try element(&reader)
            }
            value = nil
        }

        public mutating func readObject(_ member: (String, inout Reader) throws -> Void) throws {
            guard case .object(let members)? = value else { throw fail("an object") }
            for (key, item) in members.sorted(by: { $0.key < $1.key }) {
                var reader = Reader(item)
                try member(key, &reader)
            }
            value = nil
        }

        public mutating func readUnknownMember(_ key: String) throws {
            value = nil
        }
    }
}
