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
            let lines = try? StateFile(path: path).numberedNames(escaping: oneLine)
        else { return .output(Output()) }
        let out = String(decoding: lines, as: UTF8.self)
        return .output(Output(stdout: out))
    }
}
