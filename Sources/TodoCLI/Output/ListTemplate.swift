import Foundation
import TodoCore
import TodoWire

/// `todo list --format TEMPLATE`: literal text and `{field}`s, parsed once, rendered per todo.
///
/// Escapes: `\t` tab, `\n` newline, `\\` backslash, `\{` and `\}` braces; any other backslash
/// is kept as typed. Values are printed as stored (a name with a newline prints one), but
/// for dates, which are on the local clock (`{due}`), or in UTC as `--json` has them (`{due.utc}`).
struct ListTemplate: Equatable {
    enum Part: Equatable {
        case text(String)
        case field(String)
        /// A user-defined attribute the config declares.
        case uda(String)
        /// `{urgency}`: Taskwarrior's urgency, as `_get ID.urgency` prints it.
        case urgency
    }

    /// The field that is counted rather than stored.
    static let urgency = "urgency"

    /// The number, UUID, text fields and status, then the attributes of the field table.
    static let fields =
        ["id", "uuid"] + TodoField.allCases.filter(\.isAlwaysStored).map(\.key)
        + ["completed"] + TodoStamp.allCases.map(\.key) + ["synced"] + TodoField.attributes.map(\.key) + [urgency]

    /// The fields that hold dates: the times todo keeps and the date fields of the table.
    static let dateFields =
        TodoStamp.allCases.map(\.key) + TodoField.attributes.filter { $0.spec.kind == .date }.map(\.key)

    /// What a date field's name takes after a dot: `{due.utc}` is the date in UTC.
    static let utc = ".utc"

    /// Whether `name` is a field, or a date field in UTC (`due.utc`).
    static func isField(_ name: String) -> Bool {
        fields.contains(name) || (name.hasSuffix(utc) && dateFields.contains(String(name.dropLast(utc.count))))
    }

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
                if !Self.isField(name), UDA.isName(name) { isUDA = try Self.declared(name, udas) }
                guard Self.isField(name) || isUDA else {
                    let hint = closest(to: name, among: Self.fields).map { "; did you mean {\($0)}?" } ?? ""
                    throw Self.error(
                        """
                        unknown field '{\(name)}' in --format \
                        (fields: \(Self.fields.map { "{\($0)}" }.joined(separator: " ")), and attributes 'todo config \
                        uda.NAME.type' declares; a date field with .utc, as {due.utc}, is in UTC)\(hint)
                        """
                    )
                }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(isUDA ? .uda(name) : name == Self.urgency ? .urgency : .field(name))
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

    /// Whether it shows urgency, which needs every open todo and the coefficients.
    var needsUrgency: Bool { parts.contains(.urgency) }

    /// The template filled in for `todo`, without a trailing newline; dates on the clock of
    /// `zone`, urgency as `scores` counts it.
    func render(_ todo: Todo, in zone: TimeZone, scores: FilterContext? = nil) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .field(let name): out += Self.value(name, of: todo, in: zone)
            case .uda(let name): out += todo.udas[name] ?? ""
            case .urgency: out += scores.map { Urgency.number(Urgency.score(todo, in: $0)) } ?? ""
            }
        }
        return out
    }

    /// A field as text: booleans as true/false, "" for none; the field table's fields as
    /// `FieldValue.text` gives them (tags blank-separated); a date as a whole day
    /// (`2026-12-01`) or an instant on the clock of `zone` with its offset
    /// (`2026-12-01T15:00:00+01:00`), or with `.utc` as `--json` has it (`2026-12-01T14:00:00.000Z`).
    static func value(_ name: String, of todo: Todo, in zone: TimeZone) -> String {
        let inUTC = name.hasSuffix(utc)
        let field = inUTC ? String(name.dropLast(utc.count)) : name
        let local = { (date: Date) in inUTC ? ISO8601Millis.string(date) : LocalTime.iso(date, in: zone) }
        if let field = TodoField(rawValue: field) {
            let value = field.value(of: todo)
            if case .date(.instant(let instant)?) = value { return local(instant) }
            return value.text
        }
        if let stamp = TodoStamp(key: field) { return stamp.date(of: todo).map(local) ?? "" }
        return switch field {
        case "id": String(todo.id)
        case "uuid": uuidText(todo.uuid)
        case "completed": String(todo.completed)
        case "synced": String(todo.synced)
        default: ""
        }
    }
}
