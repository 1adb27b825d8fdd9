import Foundation
import TodoCore

/// The text `todo edit` opens in the editor: a `key: value` line for each field, then comments.
///
/// ```
/// name: #1 priority: taxes
/// description:
///   first line
///
///   # a line of the description, not a comment
/// notes: "ends with a blank \u001b"
/// ```
///
/// A line starting with a field's key and a colon starts that field (keys ignore case). The
/// further lines of a value are indented by two spaces, which reading takes off again, so
/// only a line at the very start can be a key or a comment (`#`). A value that lines cannot
/// carry exactly (control characters, blanks at either end or at the end of a line, a first
/// character `"`) is written as a JSON string on its key's line, and a single-line value that
/// is a JSON string is read as one. So reading what `render` wrote gives every value back.
/// The fields are the field table's (`TodoField`): tags blank-separated, dates as people type
/// them on the local clock, an empty value for none.
enum EditForm {
    /// One field of the form: its key, its value as text, and the change a new text makes.
    struct Field: Sendable {
        var key: String
        var text: @Sendable (Todo, InputContext) -> String
        var change: @Sendable (String, InputContext) throws(InputError) -> FieldChange
    }

    static let fields: [Field] = TodoField.editable.map { field in
        Field(
            key: field.key,
            text: { todo, context in typed(field.value(of: todo), in: context) },
            change: { text, context throws(InputError) in .set(field, try field.value(typed: text, in: context)) })
    }

    /// A value as a person types it: dates as on the command line, dependencies as todo
    /// numbers (a UUID for one not here), annotations and attributes a line each.
    static func typed(_ value: FieldValue, in context: InputContext) -> String {
        switch value {
        case .date(let date?): date.typed(in: context.dates)
        case .uuids(let uuids):
            uuids.map { uuid in context.todos?.todos.first { $0.uuid == uuid }.map { "\($0.id)" } ?? uuidText(uuid) }
                .sorted { ($0.count, $0) < ($1.count, $1) }.joined(separator: " ")
        case .annotations(let annotations):
            annotations.map { AnnotationLine.text($0, in: context.dates.timeZone) }.joined(separator: "\n")
        case .udas(let udas): udas.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        case .text, .tags, .word, .priority, .date: value.text
        }
    }

    static func render(_ todo: Todo, _ context: InputContext) -> String {
        var out = ""
        for field in fields { out += line(field.key, field.text(todo, context)) }
        let keys = fields.map { "'\($0.key):'" }.joined(separator: ", ")
        let help = """
            Editing todo #\(todo.id) (\(uuidText(todo.uuid).prefix(8))). A field starts at a line beginning with \
            its name: \(keys). Indent the further lines of a value by two spaces; a line starting \
            with '#' is a comment. A value in double quotes is read as a JSON string (\\n, \\t, \\", \\\\, \\u001b). \
            Tags are words separated by blanks; dependencies are todo numbers; an annotation is a \
            line YYYY-MM-DD HH:MM:SS TEXT, an attribute a line NAME: VALUE; a priority is H, M or L; a rule is daily, \
            weekdays, \
            weekly, monthly, yearly or a count and a unit (2w, +1w after completion); a date is typed \
            as on the command line (2026-12-01, 2026-12-01T15:00, fri, +3d); an empty value is none. \
            Save an unchanged file to change nothing, an empty one to abort.
            """
        let comment = wrap(help, width: 76).split(separator: "\n").map { "# \($0)\n" }.joined()
        return out + "\n" + comment
    }

    /// `key: value`, or `key:` and the value's lines indented, or `key: "json"`.
    static func line(_ key: String, _ value: String) -> String {
        guard isPlain(value) else { return "\(key): \(jsonString(value))\n" }
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count == 1 { return value.isEmpty ? "\(key):\n" : "\(key): \(value)\n" }
        return "\(key):\n" + lines.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined()
    }

    /// Whether lines carry `value` exactly: no control characters but newlines, no blank at
    /// either end or at the end of a line, and no quote to start with.
    static func isPlain(_ value: String) -> Bool {
        let scalars = value.unicodeScalars
        if let first = scalars.first, first.properties.isWhitespace || first == "\"" { return false }
        if let last = scalars.last, last.properties.isWhitespace { return false }
        var previous: Unicode.Scalar = "x"
        for scalar in scalars {
            if scalar != "\n", isControl(scalar) { return false }
            if scalar == "\n", previous != "\n", previous.properties.isWhitespace { return false }
            previous = scalar
        }
        return true
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `value` as a JSON string literal with every control character escaped.
    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The value of each field's key, as written in `text`; nil when `text` holds nothing
    /// but blanks and comments. Messages count lines from `firstLine`.
    static func parse(_ text: String, firstLine: Int = 1) throws(InputError) -> [String: String]? {
        var lines: [String: [String]] = [:]
        var current: String?
        var blank = true
        for (number, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(String.UnicodeScalarView(raw))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            if line.hasPrefix("#") { continue }
            if let (key, rest) = keyLine(line) {
                guard lines[key] == nil else { throw InputError("line \(number + firstLine): a second '\(key):' line") }
                lines[key] = [rest]
                current = key
                blank = false
            } else if let current {
                lines[current]!.append(unindented(line))
            } else if !line.allSatisfy(\.isWhitespace) {
                throw InputError(
                    "line \(number + firstLine): text before the first field; fields start with '\(fields[0].key):'")
            }
        }
        if blank { return nil }
        var values: [String: String] = [:]
        for field in fields {
            guard let written = lines[field.key] else { throw InputError("no '\(field.key):' line") }
            values[field.key] = try value(of: written)
        }
        return values
    }

    /// The lines `reopened` puts above the person's text.
    static let reasonLines = 3

    /// `body` to edit again after todo refused it: `reason` and what to do as comment lines
    /// at the top (`reasonLines` of them), as `git commit` does.
    static func reopened(_ body: String, reason: String) -> String {
        "# todo: \(reason)\n# Fix that and save again; save unchanged or empty to leave the todo as it was.\n#\n" + body
    }

    /// `text` without the comment lines at its top, where `reopened` puts its reason.
    static func withoutLeadingComments(_ text: String) -> String {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.drop { $0.first == "#" }
        return kept.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }

    /// The field `line` starts, and the text after its colon.
    private static func keyLine(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let word = line[..<colon].lowercased()
        guard let field = fields.first(where: { $0.key == word }) else { return nil }
        return (field.key, String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }))
    }

    /// A further line of a value: two spaces or a tab of indentation off, and blank if all blanks.
    private static func unindented(_ line: String) -> String {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return "" }
        if line.hasPrefix("  ") { return String(line.dropFirst(2)) }
        return line.hasPrefix("\t") ? String(line.dropFirst()) : line
    }

    /// A value from its lines: without blank lines at its ends, a JSON string decoded.
    private static func value(of written: [String]) throws(InputError) -> String {
        var lines = written[0].isEmpty ? Array(written.drop(while: \.isEmpty)) : written
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count == 1, lines[0].hasPrefix("\""),
            let decoded = try? JSONDecoder().decode(String.self, from: Data(lines[0].utf8))
        else { return lines.joined(separator: "\n") }
        return decoded
    }
}
