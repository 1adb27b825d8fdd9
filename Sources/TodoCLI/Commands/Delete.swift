import TodoCore
import TodoStore

enum DeleteCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        let references = context.expandingStdin(invocation.arguments)
        if references.isEmpty { return .output(nothingGiven(invocation)) }
        return .change(reads: .referencedBy(references), actions: { state in
            [.delete(ids: try resolveAll(references, in: state), at: context.now())]
        }) { change in
            let deleted = changedTodos(change)
            if invocation.flag("json") { return Output(stdout: json(deleted)) }
            var output = Output()
            for todo in deleted { output.info += "Deleted \(label(todo))\n" }
            return output
        }
    }
}
