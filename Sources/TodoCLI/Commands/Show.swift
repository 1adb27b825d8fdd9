import TodoCore
import TodoStore

enum ShowCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .query(reads: .referencedBy([invocation.arguments[0]])) { state in
            let todo = try state.resolve(invocation.arguments[0])
            if invocation.flag("json") { return Output(stdout: json(todo)) }
            return Output(stdout: details(todo, context.localTime, udas: todo.udas.isEmpty ? .none : try context.udaSchema()))
        }
    }
}
