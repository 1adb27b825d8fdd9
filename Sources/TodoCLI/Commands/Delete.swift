import Foundation
import TodoCore
import TodoStore

/// `todo delete ID...`: deleting the open occurrence of a recurring todo skips it (the next
/// one is made); `--series` deletes every todo of each named todo's series instead.
enum DeleteCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let targets = try Targets(invocation.arguments, invocation, context)
        if targets.isEmpty { return .output(nothingGiven(invocation)) }
        let series = invocation.flag(.series)
        let reads = series ? TodoSelection.all : targets.reads.withNextOccurrences
        return .change(
            reads: reads,
            actions: { state in
                let ids = try targets.ids(in: state)
                return series
                    ? seriesActions(ids, in: state, at: context.now()) : [.delete(ids: ids, at: context.now())]
            }
        ) { change in
            let deleted = changedTodos(change).filter { change.after.todo(id: $0.id) == nil }
            if invocation.flag(.json) { return Output(stdout: json(deleted)) }
            var output = Output()
            for todo in deleted { output.info += "Deleted \(label(todo))\n" }
            output.info += SeriesText.madeLines(change, context.dateContext)
            return output
        }
    }

    /// Deletes every todo in the series of the todos numbered `ids`, making no next
    /// occurrence: the series ends, in one step for undo.
    static func seriesActions(_ ids: [Int], in state: TodoState, at: Date) -> [Action] {
        let series = Set(ids.compactMap { state.todo(id: $0) }.map { $0.series ?? $0.uuid })
        return [.deleteSeries(ids: state.todos.filter { series.contains($0.series ?? $0.uuid) }.map(\.id), at: at)]
    }
}
