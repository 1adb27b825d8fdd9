enum HelpCommand {
    static func plan(_ invocation: Invocation) throws -> Plan {
        guard let word = invocation.arguments.first else { return .output(Output(stdout: generalHelp())) }
        guard let spec = CommandTable.command(named: word) else {
            let hint = suggestedCommand(for: word).map { " Did you mean '\($0)'?" } ?? ""
            throw CommandError(message: "no help for '\(word)': not a todo command.\(hint)", status: ExitStatus.usage)
        }
        return .output(Output(stdout: help(for: spec.name)))
    }
}
