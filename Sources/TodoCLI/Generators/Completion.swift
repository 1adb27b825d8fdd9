import Foundation
import TodoCore

/// The completion scripts, generated from `CommandTable`. Every script completes the same
/// things: commands and aliases, each command's options and the global ones, option values
/// (files, choices, todo numbers) and arguments; todo numbers come from `todo __complete ids`.
enum Completion {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String {
        switch shell {
        case "bash": bashScript()
        case "zsh": zshScript()
        default: fishScript()
        }
    }

    static var commands: [CommandSpec] { CommandTable.commands.filter { !$0.hidden } }

    /// `Generated from todo's command table by 'todo completions SHELL'; …`, as comment lines.
    static func header(_ shell: String) -> String {
        """
        # \(shell) completion for todo(1), generated from todo's command table by
        # 'todo completions \(shell)'. Do not edit: change the table, then run 'bash .ci/generate'.

        """
    }

    /// A word naming what a value is, shared by the scripts' helper functions: `text`,
    /// `path`, `ids`, `commands`, `contexts` (names and actions), `tags`, `projects` (from the
    /// state file), `words W…` (one of these), `list W…` (some of these, comma-separated),
    /// `attributes` or `filter`.
    static func kindWord(_ kind: ValueKind) -> String {
        switch kind {
        case .text, .field(.text): "text"
        case .path: "path"
        case .todoID, .field(.todos): "ids"
        case .command: "commands"
        case .context: "contexts"
        case .choice(let words): "words " + words.joined(separator: " ")
        case .field(.tags): "tags"
        case .field(.projects): "projects"
        case .field(.priorities): "words " + Priority.allCases.map(\.rawValue).joined(separator: " ")
        case .field(.dates): "words " + DateReader.names.joined(separator: " ")
        case .field(.rules): "words " + Recurrence.names.joined(separator: " ")
        case .attributes: "attributes"
        case .filter: "filter"
        case .commaSeparated(let words): "list " + words.joined(separator: " ")
        }
    }

    /// The keys of attribute words (`project`, `pri`, …) or, for filter terms, every filter
    /// key and `KEY.MODIFIER` it takes (`due.before`), with the kind of value after the
    /// colon, from the field table and `FilterKey.all`.
    static func keys(filter: Bool) -> [(key: String, kind: ValueKind)] {
        guard filter else {
            return TodoField.allCases.flatMap { field in
                (field.spec.syntax?.keys ?? []).map { (key: $0, kind: ValueKind.field(field.spec.completion)) }
            }
        }
        return FilterKey.all.flatMap { key in
            let kind = valueKind(key.key)
            let plain = key.takesPlain ? key.names.map { (key: $0, kind: kind) } : []
            return plain
                + key.modifiers.map { modifier in
                    (
                        key: "\(key.names[0]).\(modifier.rawValue)",
                        kind: modifier == .any || modifier == .none ? ValueKind.text : kind
                    )
                }
        }
    }

    /// What a shell offers after a filter key's colon.
    private static func valueKind(_ key: AttributeKey) -> ValueKind {
        switch key {
        case .field(let field): .field(field.spec.completion)
        case .status: .choice(TodoStatus.allCases.map(\.rawValue))
        case .stamp: .field(.dates)
        case .urgency, .uda, .limit, .taskwarrior: .text
        }
    }

    /// The keys grouped by the kind of value after them, in order of first appearance.
    static func keysByKind(filter: Bool) -> [(keys: [String], kind: ValueKind)] {
        var groups: [(keys: [String], kind: ValueKind)] = []
        for (key, kind) in keys(filter: filter) {
            if let index = groups.firstIndex(where: { $0.kind == kind }) {
                groups[index].keys.append(key)
            } else {
                groups.append(([key], kind))
            }
        }
        return groups
    }

    /// The keys of todo.txt's add-on words (`due:`, `t:`, `rec:`, `pri:`), blank-separated,
    /// from the field table: what the scripts offer in the todo.txt dialect besides
    /// +PROJECT and @CONTEXT.
    static var todoTxtKeys: String {
        TodoField.allCases.compactMap { field -> String? in
            switch field.spec.todoTxt {
            case .key(let key)?: key + ":"
            case .recurrence?: TodoTxtSyntax.recurrenceKey + ":"
            case .priority?: TodoTxtSyntax.priorityKey + ":"
            case .text?, .sigil?, .dependencies?, nil: nil
            }
        }.joined(separator: " ")
    }

    /// A POSIX extended regular expression (bash's `=~`, zsh's, fish's `string match -r`) for a
    /// word of todo references, as `TodoIDs(word, minimumHex: CommandWords.idHexDigits)` reads
    /// them: `3`, `#3`, `3-5`, `3,5,7`, UUID prefixes of that many hex digits or more, or a
    /// whole UUID (and `7-3`, which the command refuses as a range running downwards). The
    /// scripts skip such words before the command, as the parser does (`todo 3 modify`),
    /// counting them as the command's arguments.
    static var idPattern: String {
        let hex = "[0-9A-Fa-f]"
        let piece = "([0-9]+(-[0-9]+)?|\(hex){\(CommandWords.idHexDigits),32})"
        let uuid = "\(hex){8}(-\(hex){4}){3}-\(hex){12}"
        return "^#?(\(piece)(,\(piece))*|\(uuid))$"
    }

    /// The virtual tags' names, blank-separated (`VirtualTag.all`): offered after + and - in filter terms.
    static var virtualTags: String { VirtualTag.all.map(\.name).joined(separator: " ") }

    /// Every spelling of an option: `-d`, `--description`.
    static func spellings(_ option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }

    /// The help text's first sentence, without its full stop: a completion description.
    static func brief(_ help: String) -> String {
        let sentence = help.range(of: ". ").map { String(help[..<$0.lowerBound]) } ?? help
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// `text` inside single quotes, for bash, zsh and fish alike.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `'…'` for fish, where a backslash inside single quotes escapes a quote.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
