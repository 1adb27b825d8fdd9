import TodoSync

/// Taskwarrior's `default.command`: what a line that names no command runs (`todo`, `todo
/// +work`), from the config's `default-command`; `list` unless set. Only a report may be
/// one, so that no word typed alone can change a todo.
enum DefaultCommand {
    static let rule =
        """
        must be a report (list, next, a report 'todo reports' names) and filter words for it, such as next or 'list \
        +work'
        """

    /// The words of `value`, when its first names a report (one of `configured` too).
    static func words(_ value: String, configured: [String] = []) -> [String]? {
        let words = value.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return nil }
        let reports = (NamedReport.own + NamedReport.all).map(\.name) + configured
        guard let name = CommandTable.command(named: first)?.name ?? (configured.contains(first) ? first : nil),
            reports.contains(name)
        else {
            return nil
        }
        return words
    }

    /// `parsed` again with the configured default command's words in front, when it names no
    /// command and the config sets one; it still counts as naming none.
    static func applied(
        to parsed: Result<Invocation, UsageError>, _ arguments: [String], config read: () -> [String: String]
    ) -> Result<Invocation, UsageError> {
        guard case .success(let invocation) = parsed, invocation.commandImplied, !invocation.flag(.help),
            !invocation.flag(.version)
        else {
            return parsed
        }
        let config = read()
        guard let value = config[ConfigKey.defaultCommand.rawValue] else { return parsed }
        let configured = NamedReport.configuredNames(config)
        guard let words = words(value, configured: configured) else {
            return .failure(
                UsageError(
                    message: "config: \(ConfigKey.defaultCommand.rawValue) \(rule), not \(quoted(value))", command: nil)
            )
        }
        guard case .success(var again) = parse(words + arguments, reports: { configured }) else { return parsed }
        again.commandImplied = true
        return .success(again)
    }
}
