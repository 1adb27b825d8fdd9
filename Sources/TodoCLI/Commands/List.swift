import TodoCore

enum ListCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let filter = TodoFilter(rawValue: invocation.value("filter") ?? "all") ?? .all
        return .query { state in
            let todos = state.listed(filter)
            if invocation.flag("json") { return Output(stdout: json(todos)) }
            guard context.stdoutIsTerminal else { return Output(stdout: table(todos, width: nil)) }
            var text = table(todos, width: context.terminalWidth ?? 80)
            text += summary(state.counts, shown: todos.count, filter: filter) + "\n"
            return Output(stdout: text)
        }
    }
}
