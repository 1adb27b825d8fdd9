import TodoCore

enum DeleteCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .change(actions: { state in
            [.delete(ids: try resolveAll(invocation.arguments, in: state), at: context.now())]
        }) { change in
            let deleted = changedTodos(change)
            if invocation.flag("json") { return Output(stdout: json(deleted)) }
            var output = Output()
            for todo in deleted { output.line("Deleted \(label(todo))") }
            return output
        }
    }
}
