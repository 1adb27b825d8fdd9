import TodoCore
import TodoStore

enum CompletionsCommand {
    static func plan(_ invocation: Invocation) -> Plan {
        .output(Output(stdout: Completion.script(for: invocation.arguments[0])))
    }
}

/// `todo __complete ids`, which the completion scripts run on every TAB: a line per todo,
/// its number, a tab and its name. It prints nothing rather than an error into the
/// completion: a missing, unreadable or damaged state file completes nothing.
enum CompleteCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        guard let path = try? stateFilePath(invocation, context.environment),
            let todos = try? StateFile(path: path).numbersAndNames()
        else { return .output(Output()) }
        var out = ""
        out.reserveCapacity(todos.count * 56)
        for (id, name) in todos {
            out += String(id)
            out += "\t"
            out += oneLine(name)
            out += "\n"
        }
        return .output(Output(stdout: out))
    }
}
