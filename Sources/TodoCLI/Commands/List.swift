import TodoCore
import TodoStore

enum ListCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let filter = TodoFilter(rawValue: invocation.value("filter") ?? "all") ?? .all
        let shapes = ["json", "format", "ids"].filter { invocation.options[$0] != nil }
        guard shapes.count <= 1 else {
            throw CommandError(message: "--\(shapes[0]) and --\(shapes[1]) cannot be used together", status: ExitStatus.usage)
        }
        let template = try invocation.value("format").map { text throws(CommandError) in try ListTemplate(text) }
        // Off a terminal there is no summary to count for, so only the listed todos are read.
        var reads = TodoSelection.all
        if !context.stdoutIsTerminal, filter == .active || filter == .completed { reads = .completed(filter == .completed) }
        return .query(reads: reads) { state in
            let todos = state.listed(filter)
            if invocation.flag("json") { return Output(stdout: json(todos)) }
            if invocation.flag("ids") { return Output(stdout: todos.map { "\($0.id)\n" }.joined()) }
            if let template { return Output(stdout: todos.map { template.render($0) + "\n" }.joined()) }
            let style = context.stdoutStyle(invocation)
            guard context.stdoutIsTerminal else { return Output(stdout: table(todos, width: nil, style: style)) }
            var output = Output(stdout: table(todos, width: context.terminalWidth ?? 80, style: style))
            output.info = state.counts.total == 0
                ? "No todos yet. Add the first with: todo add NAME\n"
                : summary(state.counts, shown: todos.count, filter: filter) + "\n"
            return output
        }
    }
}
