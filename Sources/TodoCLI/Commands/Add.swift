import TodoCore

enum AddCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let new = NewTodo(
            uuid: context.newUUID(), name: invocation.arguments.joined(separator: " "),
            description: invocation.value("description") ?? "", notes: invocation.value("notes") ?? "",
            createdAt: context.now())
        return .change(actions: { _ in [.add(new)] }) { change in
            let todo = change.after.todos.last { $0.uuid == new.uuid }!
            return Output(stdout: invocation.flag("json") ? json(todo) : "\(todo.id)\n")
        }
    }
}
