import TodoCore
import TodoStore

enum ToggleCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        let references = context.expandingStdin(invocation.arguments)
        if references.isEmpty { return .output(nothingGiven(invocation)) }
        return .change(reads: .referencedBy(references), actions: { state in
            [.toggle(ids: try resolveAll(references, in: state), at: context.now())]
        }) { change in
            let todos = changedTodos(change).compactMap { change.after.todo(id: $0.id) }
            if invocation.flag("json") { return Output(stdout: json(todos)) }
            var output = Output()
            for todo in todos { output.info += "\(todo.completed ? "Completed" : "Reopened") \(label(todo))\n" }
            return output
        }
    }
}

/// What toggle and delete print when '-' found no ids on stdin: nothing, or an empty array.
func nothingGiven(_ invocation: Invocation) -> Output {
    Output(stdout: invocation.flag("json") ? "[]\n" : "")
}

/// The todos `references` name, as numbers, in order; every reference must resolve.
func resolveAll(_ references: [String], in state: TodoState) throws -> [Int] {
    try references.map { try state.resolve($0).id }
}

/// The todos an action touched, as they were before it.
func changedTodos(_ change: Change) -> [Todo] {
    guard change.after.history.count > 0, change.after.history != change.before.history else { return [] }
    return change.after.history.last!.before.compactMap(\.todo)
}
