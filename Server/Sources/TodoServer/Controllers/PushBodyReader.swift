import Foundation
import TodoCore
import TodoWire

/// Reads a push body (`PushRequest`) in one pass over its bytes, for the shape clients send:
/// known keys, once each, holding values of their types. For anything else it answers nil and
/// the body goes to `WireJSON.decoder`, whose reading (and whose errors) stand; for what it
/// reads, it reads what the decoder would. The decoder took a fifth of a push's time.
enum PushBodyReader {
    typealias Unusual = JSONScanner.Unusual

    static func read(_ bytes: UnsafeRawBufferPointer) -> PushRequest? {
        var scanner = JSONScanner(bytes)
        guard let request = try? request(&scanner), scanner.atEnd() else { return nil }
        return request
    }

    private static func request(_ scanner: inout JSONScanner) throws(Unusual) -> PushRequest {
        var operations: [PushOperation]?
        var since: Int64?
        var pruned: Bool?
        var seen = Seen()
        try scanner.object { scanner, key throws(Unusual) in
            switch key {
            case "operations":
                try seen.first(0)
                var list: [PushOperation] = []
                try scanner.array { scanner throws(Unusual) in list.append(try operation(&scanner)) }
                operations = list
            case "since":
                try seen.first(1)
                since = try scanner.null() ? nil : scanner.integer()
            case "prunedTombstones":
                try seen.first(2)
                pruned = try scanner.null() ? nil : scanner.bool()
            default: throw Unusual()
            }
        }
        guard let operations else { throw Unusual() }
        return PushRequest(operations: operations, since: since, prunedTombstones: pruned)
    }

    private static func operation(_ scanner: inout JSONScanner) throws(Unusual) -> PushOperation {
        var (opId, kind, uuid, baseRev, todo): (UUID?, PushOperation.Kind?, UUID?, Int64?, TodoFields?)
        var seen = Seen()
        try scanner.object { scanner, key throws(Unusual) in
            switch key {
            case "opId": try seen.first(0); opId = try uuidValue(&scanner)
            case "kind":
                try seen.first(1)
                guard let value = PushOperation.Kind(rawValue: try scanner.string()) else { throw Unusual() }
                kind = value
            case "uuid": try seen.first(2); uuid = try uuidValue(&scanner)
            case "baseRev": try seen.first(3); baseRev = try scanner.integer()
            case "todo": try seen.first(4); todo = try scanner.null() ? nil : fields(&scanner)
            default: throw Unusual()
            }
        }
        guard let opId, let kind, let uuid, let baseRev else { throw Unusual() }
        return PushOperation(opId: opId, kind: kind, uuid: uuid, baseRev: baseRev, todo: todo)
    }

    private static func fields(_ scanner: inout JSONScanner) throws(Unusual) -> TodoFields {
        var (name, description, notes, completed): (String?, String?, String?, Bool?)
        var (createdAt, updatedAt, completedAt): (Date?, Date?, Date?)
        var attributes: [TodoField: FieldValue] = [:]
        var seen = Seen()
        try scanner.object { scanner, key throws(Unusual) in
            switch key {
            case "name": try seen.first(0); name = try scanner.string()
            case "description": try seen.first(1); description = try scanner.string()
            case "notes": try seen.first(2); notes = try scanner.string()
            case "completed": try seen.first(3); completed = try scanner.bool()
            case "createdAt": try seen.first(4); createdAt = try date(&scanner)
            case "updatedAt": try seen.first(5); updatedAt = try date(&scanner)
            case "completedAt": try seen.first(6); completedAt = try scanner.null() ? nil : date(&scanner)
            default:
                guard let field = attributeFields[key], attributes[field] == nil else { throw Unusual() }
                attributes[field] = try value(of: field.spec.kind, &scanner)
            }
        }
        guard let name, let description, let notes, let completed, let createdAt, let updatedAt else { throw Unusual() }
        return TodoFields(
            name: name, description: description, notes: notes, completed: completed, createdAt: createdAt,
            updatedAt: updatedAt, completedAt: completedAt, attributes: WireAttributes(attributes))
    }

    private static let attributeFields = Dictionary(uniqueKeysWithValues: TodoField.attributes.map { ($0.key, $0) })

    /// An attribute's value by the one reading rule (`FieldKind.read(from:)`), which the
    /// decoder's reading of `WireAttributes` follows too.
    private static func value(of kind: FieldKind, _ scanner: inout JSONScanner) throws(Unusual) -> FieldValue {
        do {
            return try kind.read(from: &scanner)
        } catch {
            throw Unusual()
        }
    }

    static func uuidValue(_ scanner: inout JSONScanner) throws(Unusual) -> UUID {
        guard let uuid = UUIDText.uuid(try scanner.string()) else { throw Unusual() }
        return uuid
    }

    /// A date as `WireJSON.decoder` reads one.
    private static func date(_ scanner: inout JSONScanner) throws(Unusual) -> Date {
        guard let date = ISO8601Millis.parse(try scanner.string()) else { throw Unusual() }
        return date
    }

    /// The keys of one object read so far, by number: a key repeated is unusual.
    private struct Seen {
        private var bits: UInt32 = 0

        mutating func first(_ key: Int) throws(Unusual) {
            guard bits & 1 << key == 0 else { throw Unusual() }
            bits |= 1 << key
        }
    }
}

/// The push scanner, for the one reading rule of field values: what it leaves to the decoder
/// (a time or UUID it does not read, an annotation's unknown member) is `Unusual`.
extension JSONScanner: FieldValueReader {
    typealias Failure = Unusual

    func fail(_ expected: String) -> Unusual { Unusual() }

    mutating func readNull() throws -> Bool { try null() }

    mutating func readString() throws -> String { try string() }

    mutating func readUUID() throws -> UUID { try PushBodyReader.uuidValue(&self) }

    /// At an instant, as the decoder reads it (`JSONValue.Reader`): `DueDate(wire:)`.
    mutating func readTime() throws -> Date {
        guard case .instant(let date)? = DueDate(wire: try string()) else { throw Unusual() }
        return date
    }

    mutating func readElements(_ element: (inout JSONScanner) throws -> Void) throws {
        try array { scanner throws(Unusual) in
            do { try element(&scanner) } catch { throw Unusual() }
        }
    }

    mutating func readObject(_ member: (String, inout JSONScanner) throws -> Void) throws {
        try object { scanner, key throws(Unusual) in
            do { try member(key, &scanner) } catch { throw Unusual() }
        }
    }

    mutating func readUnknownMember(_ key: String) throws { throw Unusual() }
}
