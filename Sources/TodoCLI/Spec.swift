import TodoCore

/// What a command-line word completes to, for help, completions and the man page.
public enum ValueKind: Sendable, Equatable {
    case text
    case path
    case todoID
    /// A command's word, or the name of a report the config defines (`report.NAME.columns`).
    case command
    /// `todo context`'s first word: a defined context's name (`context.NAME` in the config)
    /// or one of the command's action words (`ContextCommand.actions`).
    case context
    case choice([String])
    /// A field's values, as the field table says (tags, projects, priorities, dates).
    case field(FieldCompletion)
    /// A name's words, among which attribute words (`+TAG`, `project:NAME`, …) set fields.
    case attributes
    /// Filter terms (`+TAG`, `-TAG`, `project:NAME`, `due.before:DATE`, words to search for).
    case filter
    /// Words from this list, separated by commas (`--sort due,-priority`); the command checks them.
    case commaSeparated([String])

    /// The parts of a choice that stand for any text: `uda.NAME.type`,
    /// `urgency.user.tag.TAG.coefficient`, `urgency.uda.NAME.VALUE.coefficient`.
    static let placeholders: Set<String> = ["NAME", "TAG", "PROJECT", "WORD", "VALUE"]

    /// Whether `word` is `choice`, or fits it where the choice has placeholder parts
    /// (`uda.client.type` fits `uda.NAME.type`); a placeholder stands for some text, dots too.
    static func word(_ word: String, matches choice: String) -> Bool {
        let parts = choice.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.contains(where: placeholders.contains) else { return word == choice }
        return fits(Substring(word), parts[...])
    }

    /// Whether `word` fits the dot-separated `parts`.
    private static func fits(_ word: Substring, _ parts: ArraySlice<String>) -> Bool {
        guard let first = parts.first else { return word.isEmpty }
        let rest = parts.dropFirst()
        guard placeholders.contains(first) else {
            guard word.hasPrefix(first) else { return false }
            let after = word.dropFirst(first.count)
            return rest.isEmpty ? after.isEmpty : after.first == "." && fits(after.dropFirst(), rest)
        }
        if rest.isEmpty { return !word.isEmpty }
        var index = word.startIndex
        while let dot = word[index...].firstIndex(of: ".") {
            if dot > word.startIndex, fits(word[word.index(after: dot)...], rest) { return true }
            index = word.index(after: dot)
        }
        return false
    }

    /// Whether words of this kind may start with a dash (`-TAG`), so the parser keeps them.
    var takesSignedWords: Bool { self == .attributes || self == .filter }
}

/// One option, as `--long VALUE` or a flag when `valueName` is nil.
public struct OptionSpec: Sendable {
    public var long: String
    public var short: Character?
    public var valueName: String?
    public var kind: ValueKind
    /// Made when help, the man page or completion reads it, not each time the table is.
    private var helpText: @Sendable () -> String
    public var help: String {
        get { helpText() }
        set { helpText = { [newValue] in newValue } }
    }

    public static func flag(
        _ long: String, short: Character? = nil, _ help: @escaping @autoclosure @Sendable () -> String
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, kind: .text, helpText: help)
    }

    public static func value(
        _ long: String, short: Character? = nil, _ valueName: String,
        _ help: @escaping @autoclosure @Sendable () -> String, kind: ValueKind = .text
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: valueName, kind: kind, helpText: help)
    }

    /// The option with the help `help`, for a command that reads it its own way (`sync --dry-run`).
    public func explained(_ help: String) -> OptionSpec {
        var option = self
        option.help = help
        return option
    }

    /// `--filter FILTER`, `-q, --quiet`
    public var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(long)"
        return valueName.map { "\(names) \($0)" } ?? names
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var kind: ValueKind
    public var optional: Bool
    public var repeats: Bool
    public var help: String

    public init(
        _ name: String, _ kind: ValueKind = .text, optional: Bool = false, repeats: Bool = false, _ help: String
    ) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.repeats = repeats
        self.help = help
    }

    public var synopsis: String {
        let core = repeats ? "\(name)..." : name
        return optional ? "[\(core)]" : core
    }
}

/// A positional argument a command reads by name (`invocation.argument(.key)`), typed by
/// what its spec says it holds: `Argument<String>` a word the parser refuses a command line
/// without, `Argument<String?>` one that may be left out, `Argument<[String]>` the words from
/// its place on. Its spec is the command table's, so that the two cannot disagree.
struct Argument<Value>: Sendable {
    let spec: ArgumentSpec

    private init(spec: ArgumentSpec) { self.spec = spec }
}

extension Argument<String> {
    init(_ name: String, _ kind: ValueKind = .text, _ help: String) { self.init(spec: ArgumentSpec(name, kind, help)) }
}

extension Argument<String?> {
    init(_ name: String, _ kind: ValueKind = .text, _ help: String) {
        self.init(spec: ArgumentSpec(name, kind, optional: true, help))
    }
}

extension Argument<[String]> {
    init(_ name: String, _ kind: ValueKind = .text, optional: Bool = false, _ help: String) {
        self.init(spec: ArgumentSpec(name, kind, optional: optional, repeats: true, help))
    }
}

/// A subcommand: its words, arguments, options and help, described once.
public struct CommandSpec: Sendable {
    public var name: String
    public var aliases: [String] = []
    /// The name and the aliases: every word that runs this command.
    var words: [String] { [name] + aliases }
    public var summary: String
    /// What the command does with its command line: the `Plan` that `run` carries out.
    var plan: @Sendable (Invocation, Context) throws -> Plan
    private var discussionText: @Sendable () -> String = { "" }
    /// Made when help or the man page reads it, not each time the table is.
    public var discussion: String { discussionText() }
    public var arguments: [ArgumentSpec] = []
    public var options: [OptionSpec] = []
    /// Words people bring from other tools (Taskwarrior, todo.txt) for this command: typed
    /// as a command, they are answered with this command's name, never run.
    public var habits: [String] = []
    public var examples: [(command: String, meaning: String)] = []
    /// A table after the discussion: a heading and (term, meaning) rows (`next`'s formula).
    private var tableContent: @Sendable () -> (heading: String, rows: [(String, String)])? = { nil }
    public var table: (heading: String, rows: [(String, String)])? { tableContent() }
    /// Left out of help and the man page (the completion callback).
    public var hidden = false
    /// Listed in `todo --help`; every command is listed in `todo help commands`.
    public var everyday = true

    /// `todo list [--filter FILTER] …`
    public var usage: String { (["todo", name] + usageParts).joined(separator: " ") }

    /// The arguments and options of `usage`, each in one piece: `ID...`, `[--filter FILTER]`.
    var usageParts: [String] {
        arguments.map(\.synopsis) + options.map { "[--\($0.long)\($0.valueName.map { " " + $0 } ?? "")]" }
    }
}

extension CommandSpec {
    init(
        name: String, aliases: [String] = [], summary: String,
        plan: @escaping @Sendable (Invocation, Context) throws -> Plan,
        discussion: @escaping @autoclosure @Sendable () -> String = "", arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], habits: [String] = [], examples: [(command: String, meaning: String)] = [],
        table: @escaping @autoclosure @Sendable () -> (heading: String, rows: [(String, String)])? = nil,
        hidden: Bool = false, everyday: Bool = true
    ) {
        self.init(
            name: name, aliases: aliases, summary: summary, plan: plan, discussionText: discussion,
            arguments: arguments, options: options, habits: habits, examples: examples, tableContent: table,
            hidden: hidden,
            everyday: everyday)
    }
}
