import Foundation
import TodoCore

/// One line of `todo batch` input, its shape checked but its ids not yet resolved.
enum BatchStep: Equatable {
    case add(name: String, description: String, notes: String)
    case edit(reference: String, changes: [FieldChange])
    case toggle([String])
    case delete([String])
    case clearCompleted
}

/// Parses `todo batch` input: JSON Lines, one object per non-blank line.
enum BatchInput {
    static let fields: [String: [String]] = [
        "add": ["name", "description", "notes"],
        "edit": ["id", "name", "description", "notes"],
        "toggle": ["id", "ids"],
        "delete": ["id", "ids"],
        "clear-completed": [],
    ]
    static let actions = ["add", "edit", "toggle", "delete", "clear-completed"]

    /// The steps in `text` with their line numbers (from 1); the first bad line is a usage error.
    static func parse(_ text: String) throws(CommandError) -> [(line: Int, step: BatchStep)] {
        var steps: [(line: Int, step: BatchStep)] = []
        for (offset, line) in lines(text).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                steps.append((offset + 1, try step(String(line))))
            } catch {
                throw CommandError(message: "line \(offset + 1): \(error.message); nothing applied", status: ExitStatus.usage)
            }
        }
        return steps
    }

    static func step(_ line: String) throws(InputError) -> BatchStep {
        let object: [String: BatchValue]
        do {
            object = try JSONDecoder().decode(BatchObject.self, from: Data(line.utf8)).fields
        } catch DecodingError.typeMismatch {
            throw InputError("expected a JSON object")
        } catch {
            throw InputError("not valid JSON")
        }
        guard let value = object["action"] else { throw InputError("no \"action\"") }
        guard case .string(let action) = value, let allowed = fields[action] else {
            throw InputError("\"action\" must be one of \(actions.joined(separator: ", "))")
        }
        for key in object.keys.sorted() where key != "action" && !allowed.contains(key) {
            throw InputError("\"\(key)\" is not a field of \(action) (its fields: \(allowed.isEmpty ? "none" : allowed.joined(separator: ", ")))")
        }
        func text(_ key: String) throws(InputError) -> String? {
            switch object[key] {
            case nil: return nil
            case .string(let text)?: return text
            default: throw InputError("\"\(key)\" must be a string")
            }
        }
        switch action {
        case "add":
            guard let name = try text("name") else { throw InputError("add needs \"name\"") }
            return .add(name: name, description: try text("description") ?? "", notes: try text("notes") ?? "")
        case "edit":
            guard let id = object["id"] else { throw InputError("edit needs \"id\"") }
            var changes: [FieldChange] = []
            for field in TodoField.allCases where field.spec.kind == .text {
                if let value = try text(field.key) { changes.append(FieldChange(field, value)) }
            }
            guard !changes.isEmpty else { throw InputError("edit needs \"name\", \"description\" or \"notes\"") }
            return .edit(reference: try reference(id, "id"), changes: changes)
        case "toggle", "delete":
            var references: [String] = []
            if let id = object["id"] { references.append(try reference(id, "id")) }
            if let ids = object["ids"] {
                guard case .array(let values) = ids else { throw InputError("\"ids\" must be an array") }
                for value in values { references.append(try reference(value, "ids")) }
            }
            guard !references.isEmpty else { throw InputError("\(action) needs \"id\" or a non-empty \"ids\"") }
            return action == "toggle" ? .toggle(references) : .delete(references)
        default:
            return .clearCompleted
        }
    }

    private static func reference(_ value: BatchValue, _ key: String) throws(InputError) -> String {
        switch value {
        case .int(let number): return String(number)
        case .string(let text): return text
        default: throw InputError("\"\(key)\" must hold todo numbers or strings (a number or UUID prefix)")
        }
    }
}

/// Any JSON value, typed strictly: true is not 1, 1.5 is not a number of a todo.
enum BatchValue: Decodable, Equatable {
    case int(Int)
    case string(String)
    case array([BatchValue])
    case other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let values = try? container.decode([BatchValue].self) {
            self = .array(values)
        } else {
            self = .other
        }
    }
}

struct BatchObject: Decodable {
    var fields: [String: BatchValue] = [:]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys { fields[key.stringValue] = try container.decode(BatchValue.self, forKey: key) }
    }
}
