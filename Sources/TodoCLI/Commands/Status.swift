import TodoCore
import TodoStore

/// `todo done ID...` and `todo reopen ID...`: every named todo ends completed (or active);
/// those already so are left alone and reported, which is not an error.
enum StatusCommand {
    static func plan(_ invocation: Invocation, _ context: Context, completed: Bool) throws -> Plan {
        let targets = try Targets(invocation.arguments, invocation, context)
        if targets.isEmpty { return .output(nothingGiven(invocation)) }
        return .change(
            reads: targets.reads.withNextOccurrences,
            actions: { state in
                let ids = try targets.ids(in: state)
                return [completed ? .completed(ids: ids, at: context.now()) : .reopened(ids: ids, at: context.now())]
            }
        ) { change in
            let named: [Int] =
                switch change.actions.first {
                case .completed(let ids, _)?, .reopened(let ids, _)?: ids
                default: []
                }
            var seen = Set<Int>()
            let todos = named.filter { seen.insert($0).inserted }.compactMap { change.after.todo(id: $0) }
            if invocation.flag(.json) { return Output(stdout: json(todos)) }
            var output = Output()
            for todo in todos {
                let changed = change.before.todo(id: todo.id)?.completed != completed
                output.info +=
                    changed
                    ? "\(completed ? "Completed" : "Reopened") \(label(todo))\n"
                    : "\(label(todo)) is already \(completed ? "completed" : "active")\n"
            }
            output.info += SeriesText.madeLines(change, context.dateContext)
            return output
        }
    }
}
