import TodoCore
import TodoStore

enum UndoCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .change(reads: TodoSelection.all.withHistory, actions: { _ in [.undo(at: context.now())] }) { change in
            let entry = change.before.history.last!
            let ids = entry.before.map(\.id)
            let restored = ids.compactMap { change.after.todo(id: $0) }
            let removed = ids.filter { change.after.todo(id: $0) == nil }.compactMap { change.before.todo(id: $0) }
            if invocation.flag(.json) {
                return Output(
                    stdout:
                        """
                        {\"undid\": \(json(entry.summary)),\n \"restored\": \(json(restored).dropLast()),\n\
                         \"removed\": \(json(removed).dropLast())}\n
                        """
                )
            }
            return .info("Undid: \(oneLine(entry.summary))\n")
        }
    }
}
