import TodoCore
import TodoWire

/// `todo list --format TEMPLATE`: literal text and `{field}`s, parsed once, rendered per todo.
///
/// Escapes: `\t` tab, `\n` newline, `\\` backslash, `\{` and `\}` braces; any other backslash
/// is kept as typed. Values are printed as stored (a name with a newline prints one).
struct ListTemplate: Equatable {
    enum Part: Equatable {
        case text(String)
        case field(String)
        /// A user-defined attribute the config declares.
        case uda(String)
    }

    /// The number, UUID, text fields and status, then the attributes of the field table.
    static let fields = ["id", "uuid"] + TodoField.allCases.filter(\.isAlwaysStored).map(\.key)
        + ["completed", "createdAt", "updatedAt", "completedAt", "synced"] + TodoField.attributes.map(\.key)

    var parts: [Part]

    /// `udas` gives the declared attributes, asked only for a `{NAME}` that is no field.
    init(_ template: String, udas: () throws -> UDASchema = { .none }) throws(CommandError) {
        parts = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            index = template.index(after: index)
            if character == "\\", index < template.endIndex {
                let next = template[index]
                let escapes: [Character: String] = ["t": "\t", "n": "\n", "\\": "\\", "{": "{", "}": "}"]
                if let replacement = escapes[next] {
                    text += replacement
                    index = template.index(after: index)
                } else {
                    text.append(character)
                }
            } else if character == "{" {
                guard let close = template[index...].firstIndex(of: "}") else {
                    throw Self.error("'{' without a closing '}' in --format (write \\{ for a brace)")
                }
                let name = String(template[index..<close])
                var isUDA = false
                if !Self.fields.contains(name), UDA.isName(name) { isUDA = try Self.declared(name, udas) }
                guard Self.fields.contains(name) || isUDA else {
                    let hint = closest(to: name, among: Self.fields).map { "; did you mean {\($0)}?" } ?? ""
                    throw Self.error("unknown field '{\(name)}' in --format (fields: \(Self.fields.map { "{\($0)}" }.joined(separator: " ")), and attributes 'todo config uda.NAME.type' declares)\(hint)")
                }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(isUDA ? .uda(name) : .field(name))
                index = template.index(after: close)
            } else if character == "}" {
                throw Self.error("'}' without an opening '{' in --format (write \\} for a brace)")
            } else {
                text.append(character)
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
    }

    /// Whether the config declares attribute `name`.
    private static func declared(_ name: String, _ udas: () throws -> UDASchema) throws(CommandError) -> Bool {
        do {
            return try udas()[name] != nil
        } catch {
            let (message, status) = explain(error)
            throw CommandError(message: message, status: status)
        }
    }

    private static func error(_ message: String) -> CommandError {
        CommandError(message: message, status: ExitStatus.usage)
    }

    /// The template filled in for `todo`, without a trailing newline.
    func render(_ todo: Todo) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .field(let name): out += Self.value(name, of: todo)
            case .uda(let name): out += todo.udas[name] ?? ""
            }
        }
        return out
    }

    /// A field as text: dates in ISO 8601 UTC, booleans as true/false, no completedAt as "";
    /// the field table's fields as `FieldValue.text` gives them (tags blank-separated, due
    /// and wait in their wire form, "" for none).
    static func value(_ field: String, of todo: Todo) -> String {
        if let field = TodoField(rawValue: field) { return field.value(of: todo).text }
        return switch field {
        case "id": String(todo.id)
        case "uuid": uuidText(todo.uuid)
        case "completed": String(todo.completed)
        case "createdAt": ISO8601Millis.string(todo.createdAt)
        case "updatedAt": ISO8601Millis.string(todo.updatedAt)
        case "completedAt": todo.completedAt.map(ISO8601Millis.string) ?? ""
        case "synced": String(todo.synced)
        default: ""
        }
    }
}
