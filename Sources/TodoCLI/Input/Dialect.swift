import TodoSync

/// How the command line reads words: Taskwarrior's meanings (the default) or todo.txt's,
/// chosen by `--syntax`, else `TODO_SYNTAX`, else `todo config syntax`. It changes only how
/// words are read and how `ls` prints, never the data.
///
/// In the todo.txt dialect an argument holding blanks is the words it holds, as `todo.sh`
/// joins its arguments into one line; `(A)` at the start is a priority, `+word` a project,
/// `@word` a context (a tag), `due:`, `t:` and `rec:` add-ons set their fields
/// (`TodoTxtLine`); filter words are text the todo's todo.txt line holds, `-TEXT` text it
/// must not (`TodoTxtLineFilter`).
enum Dialect: String, CaseIterable, Sendable {
    case taskwarrior
    case todotxt

    static let rule = "is one of \(allCases.map(\.rawValue).joined(separator: ", "))"

    /// The dialect `invocation`, the environment and `config` choose, in that order.
    init(_ invocation: Invocation, _ environment: [String: String], _ config: ConfigValues?) throws {
        if let text = invocation.value(.syntax) {
            self = try Self.named(text, "--\(OptionSpec.syntax.long)")
        } else if let variable = ConfigKey.syntax.variable, let text = environment[variable], !text.isEmpty {
            self = try Self.named(text, variable)
        } else if let config, let text = config.values[ConfigKey.syntax.rawValue] {
            self = try Self.named(text, "config file \(config.path): \(ConfigKey.syntax.rawValue)")
        } else {
            self = .taskwarrior
        }
    }

    private static func named(_ text: String, _ source: String) throws -> Dialect {
        guard let dialect = Dialect(rawValue: text) else {
            throw CommandError(message: "\(source) \(rule), not \(quoted(text))", status: ExitStatus.usage)
        }
        return dialect
    }
}

extension Context {
    /// The dialect in force for `invocation`.
    func dialect(_ invocation: Invocation, _ config: ConfigValues?) throws -> Dialect {
        try Dialect(invocation, environment, config)
    }
}
