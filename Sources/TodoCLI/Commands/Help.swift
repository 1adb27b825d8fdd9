/// `todo help [COMMAND|TOPIC]`, wrapped to the terminal.
enum HelpCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let width = context.helpWidth
        guard let word = invocation.arguments.first else { return .output(Output(stdout: generalHelp(width: width))) }
        if let topic = HelpTopic(word: word) { return .output(Output(stdout: topic.text(width: width))) }
        let plural = word.hasSuffix("s") ? CommandTable.command(named: String(word.dropLast())) : nil
        let configured =
            NamedReport.configuredNames(try context.config()?.values ?? [:]).contains(word)
            ? NamedReport.configured(word) : nil
        guard let spec = CommandTable.command(named: word) ?? plural ?? configured else {
            let hint = suggestedCommand(for: word).map { " Did you mean '\($0)'?" } ?? ""
            let topics = HelpTopic.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandError(
                message: "no help for '\(word)': not a todo command or help topic (\(topics)).\(hint)",
                status: ExitStatus.usage)
        }
        return .output(Output(stdout: help(for: spec, width: width)))
    }
}
