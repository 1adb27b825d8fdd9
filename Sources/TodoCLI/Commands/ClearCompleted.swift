import TodoCore

enum ClearCompletedCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .change(actions: { _ in [.clearCompleted(at: context.now())] }) { change in
            let cleared = changedTodos(change)
            if invocation.flag(.json) { return Output(stdout: json(cleared)) }
            return .info("Cleared \(cleared.count) completed todo\(cleared.count == 1 ? "" : "s").\n")
        }
    }
}
