import TodoCore
import TodoStore

enum ToggleCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let targets = try Targets(invocation.arguments, invocation, context)
        if targets.isEmpty { return .output(nothingGiven(invocation)) }
        return .change(
            reads: targets.reads.withNextOccurrences,
            actions: { state in
                [.toggle(ids: try targets.ids(in: state), at: context.now())]
            }
        ) { change in
            let todos = changedTodos(change).compactMap { change.after.todo(id: $0.id) }
            if invocation.flag(.json) { return Output(stdout: json(todos)) }
            var output = Output()
            for todo in todos { output.info += "\(todo.completed ? "Completed" : "Reopened") \(label(todo))\n" }
            output.info += SeriesText.madeLines(change, context.dateContext)
            return output
        }
    }
}
