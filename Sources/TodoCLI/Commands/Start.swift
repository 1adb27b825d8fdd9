import TodoCore
import TodoStore

/// `todo start ID...` and `todo stop ID...`: work on todos starts now, or stops. A todo
/// already started keeps its start; `done` stops a todo too.
enum StartCommand {
    static func plan(_ invocation: Invocation, _ context: Context, starting: Bool) throws -> Plan {
        let targets = try Targets(invocation.arguments, invocation, context)
        if targets.isEmpty { return .output(nothingGiven(invocation)) }
        let now = context.now()
        return .change(
            reads: targets.reads,
            actions: { state in
                let todos = try targets.todos(in: state)
                if starting, let done = todos.first(where: \.completed) {
                    throw CommandError(
                        message: "\(label(done)) is completed; reopen it before starting it", status: ExitStatus.usage)
                }
                let ids = todos.filter { ($0.start == nil) == starting }.map(\.id)
                guard !ids.isEmpty else { return [] }
                let value: FieldValue = .date(starting ? .instant(roundingToMilliseconds: now) : nil)
                return [.edit(ids: ids, changes: [.set(.start, value)], at: now)]
            }
        ) { change in
            // The same todos as the actions picked, from the state they were picked in.
            let todos = try? targets.ids(in: change.before).compactMap { change.after.todo(id: $0) }
            if invocation.flag(.json) { return Output(stdout: json(todos ?? [])) }
            var output = Output()
            let changed = Set(changedTodos(change).map(\.id))
            for todo in todos ?? [] {
                let verb =
                    changed.contains(todo.id)
                    ? (starting ? "Started" : "Stopped") : (starting ? "Already started:" : "Not started:")
                output.info += "\(verb) \(label(todo))\n"
            }
            return output
        }
    }
}
