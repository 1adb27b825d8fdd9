import TodoCore
import TodoStore

enum AddCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let fromStdin = invocation.arguments == ["-"]
        let names = fromStdin
            ? lines(context.stdinText).map(String.init).filter { !Todo.normalizedName($0).isEmpty }
            : [invocation.arguments.joined(separator: " ")]
        let now = context.now()
        let new = names.map { name in
            NewTodo(
                uuid: context.newUUID(), name: name, description: invocation.value("description") ?? "",
                notes: invocation.value("notes") ?? "", createdAt: now)
        }
        if new.isEmpty { return .output(nothingGiven(invocation)) }
        let actions: [Action] = new.count == 1 ? [.add(new[0])] : [.batch(new.map(Action.add))]
        return .change(reads: .none, actions: { _ in actions }) { change in
            let uuids = Set(new.map(\.uuid))
            let added = change.after.todos.filter { uuids.contains($0.uuid) }
            if invocation.flag("json") { return Output(stdout: fromStdin ? json(added) : json(added[0])) }
            return Output(stdout: added.map { "\($0.id)\n" }.joined())
        }
    }
}
