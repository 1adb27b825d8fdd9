import Foundation
import TodoCore
import TodoWire

/// One line of `todo batch` input, its shape checked but its ids not yet resolved.
enum BatchStep: Equatable {
    /// The name and every other field given; `depends`, the todos the new one depends on
    /// (nil: not given), resolved when earlier lines have run.
    case add(name: String, changes: [FieldChange], depends: [String]? = nil)
    case edit(reference: String, changes: [FieldChange], depends: [String]? = nil)
    case toggle([String])
    case delete([String])
    case clearCompleted
}

/// Parses `todo batch` input: JSON Lines, one object per non-blank line. `add` and `edit`
/// take the field table's keys: text as strings, tags as an array of strings, a project,
/// priority or date (anything the command line reads) as a string, or null for none.
enum BatchInput {
    static let fieldKeys = TodoField.settable.map(\.key)

    /// A line's "action", and the keys it takes besides.
    enum Verb: String, CaseIterable {
        case add, edit, toggle, delete
        case clearCompleted = "clear-completed"

        var keys: [String] {
            switch self {
            case .add: BatchInput.fieldKeys
            case .edit: ["id"] + BatchInput.fieldKeys
            case .toggle, .delete: ["id", "ids"]
            case .clearCompleted: []
            }
        }
    }

    /// The steps in `text` with their line numbers (from 1); the first bad line is a usage error.
    static func parse(_ text: String, in dates: DateContext) throws(CommandError) -> [(line: Int, step: BatchStep)] {
        var steps: [(line: Int, step: BatchStep)] = []
        for (offset, line) in lines(text).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                steps.append((offset + 1, try step(String(line), in: dates)))
            } catch {
                throw CommandError(
                    message: "line \(offset + 1): \(error.message); nothing applied", status: ExitStatus.usage)
            }
        }
        return steps
    }

    static func step(_ line: String, in dates: DateContext) throws(InputError) -> BatchStep {
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decode(BatchObject.self, from: Data(line.utf8)).fields
        } catch DecodingError.typeMismatch {
            throw InputError("expected a JSON object")
        } catch {
            throw InputError("not valid JSON")
        }
        guard let value = object["action"] else { throw InputError("no \"action\"") }
        guard case .string(let action) = value, let verb = Verb(rawValue: action) else {
            throw InputError("\"action\" must be one of \(Verb.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        for key in object.keys.sorted() where key != "action" && !verb.keys.contains(key) {
            throw InputError(
                """
                \"\(key)\" is not a field of \(action) (its \
                fields: \(verb.keys.isEmpty ? "none" : verb.keys.joined(separator: ", ")))
                """
            )
        }
        var changes: [FieldChange] = []
        var depends: [String]?
        for field in TodoField.settable {
            guard let value = object[field.key] else { continue }
            if field.spec.referencesTodos {
                depends = try references(value, field.key)
            } else {
                changes.append(.set(field, try self.value(value, of: field, in: dates)))
            }
        }
        switch verb {
        case .add:
            guard case .set(.name, .text(let name))? = changes.first(where: { $0.field == .name }) else {
                throw InputError("add needs \"name\"")
            }
            return .add(name: name, changes: changes.filter { $0.field != .name }, depends: depends)
        case .edit:
            guard let id = object["id"] else { throw InputError("edit needs \"id\"") }
            guard !changes.isEmpty || depends != nil else {
                throw InputError("edit needs one or more of \(fieldKeys.joined(separator: ", "))")
            }
            return .edit(reference: try reference(id, "id"), changes: changes, depends: depends)
        case .toggle:
            return .toggle(try targets(object, action))
        case .delete:
            return .delete(try targets(object, action))
        case .clearCompleted:
            return .clearCompleted
        }
    }

    /// The todos a toggle or delete line names by "id" and "ids", at least one.
    private static func targets(_ object: [String: JSONValue], _ action: String) throws(InputError) -> [String] {
        var references: [String] = []
        if let id = object["id"] { references.append(try reference(id, "id")) }
        if let ids = object["ids"] {
            guard case .array(let values) = ids else { throw InputError("\"ids\" must be an array") }
            for value in values { references.append(try reference(value, "ids")) }
        }
        guard !references.isEmpty else { throw InputError("\(action) needs \"id\" or a non-empty \"ids\"") }
        return references
    }

    /// A field's value in a batch line, of the field's kind: text and tags in their JSON shape,
    /// read by the one reading rule of field values (`FieldKind.read(from:)`); the rest typed
    /// as on the command line.
    private static func value(_ value: JSONValue, of field: TodoField, in dates: DateContext) throws(InputError)
        -> FieldValue
    {
        switch field.spec.kind {
        case .text:
            guard let text = read(value, as: .text) else { throw InputError("\"\(field.key)\" must be a string") }
            return text
        case .tags:
            guard case .array = value else { throw InputError("\"\(field.key)\" must be an array of strings") }
            guard case .tags(let tags)? = read(value, as: .tags), tags.allSatisfy(Tag.isValid) else {
                throw InputError("\"\(field.key)\" must hold tags (\(field.valueRule))")
            }
            return .tags(tags)
        case .word, .priority, .date, .uuids, .annotations, .udas:
            return try typed(value, of: field, in: dates)
        }
    }

    /// `value` read as JSON of `kind`, or nil if it is not of its shape.
    private static func read(_ value: JSONValue, as kind: FieldKind) -> FieldValue? {
        var reader = JSONValue.Reader(value)
        return try? kind.read(from: &reader)
    }

    /// A value the command line reads from a string (a project, priority or date), or null for none.
    private static func typed(_ value: JSONValue, of field: TodoField, in dates: DateContext) throws(InputError)
        -> FieldValue
    {
        switch value {
        case .null: return field.spec.kind.unset
        case .string(let text):
            do {
                return try field.value(typed: text, in: InputContext(dates: dates))
            } catch {
                throw InputError("\"\(field.key)\": \(error.message)")
            }
        case .bool, .int, .number, .array, .object: throw InputError("\"\(field.key)\" must be a string or null")
        }
    }

    /// Todos named by an array of numbers and UUID prefixes; null for none.
    private static func references(_ value: JSONValue, _ key: String) throws(InputError) -> [String] {
        switch value {
        case .null: return []
        case .array(let items):
            var references: [String] = []
            for item in items { references.append(try reference(item, key)) }
            return references
        case .bool, .int, .number, .string, .object:
            throw InputError("\"\(key)\" must be an array of todo numbers or UUID prefixes, or null")
        }
    }

    private static func reference(_ value: JSONValue, _ key: String) throws(InputError) -> String {
        switch value {
        case .int(let number): return String(number)
        case .string(let text): return text
        case .bool, .number, .array, .null, .object:
            throw InputError("\"\(key)\" must hold todo numbers or strings (a number or UUID prefix)")
        }
    }
}

struct BatchObject: Decodable {
    var fields: [String: JSONValue] = [:]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys { fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
    }
}
