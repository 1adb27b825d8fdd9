import TodoCore
import TodoStore

enum ShowCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .query(reads: .referencedBy([invocation.arguments[0]])) { state in
            let todo = try state.resolve(invocation.arguments[0])
            return Output(stdout: invocation.flag("json") ? json(todo) : details(todo, context.localTime))
        }
    }
}
