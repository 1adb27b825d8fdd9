import Foundation
import TodoCore

/// `todo batch [--dry-run]`: JSON Lines on stdin, checked whole, applied as one `.batch`.
enum BatchCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let dates = context.dateContext
        let steps = try BatchInput.parse(context.stdinText, in: dates)
        let now = dates.now
        if invocation.flag(.dryRun) {
            return .query { state in
                let (_, simulated) = try actions(
                    steps, in: state, now: now, zone: context.timeZone, newUUID: context.newUUID)
                return render(before: state, after: simulated, count: steps.count, dryRun: true, invocation)
            }
        }
        // The steps are applied as they are resolved; the runner saves the state that leaves
        // instead of applying them again.
        return .applied(apply: { state in
            let (actions, after) = try actions(
                steps, in: state, now: now, zone: context.timeZone, newUUID: context.newUUID)
            return Applied(actions: actions.isEmpty ? [] : [.batch(actions)], state: after)
        }) { change in
            render(before: change.before, after: change.after, count: steps.count, dryRun: false, invocation)
        }
    }

    /// The actions the steps mean, each resolved against the state the lines before it leave
    /// (so a line may name a todo an earlier line added), and the state after them as one
    /// `.batch`: `reduce(state, .batch(actions))`'s, each applied once.
    static func actions(
        _ steps: [(line: Int, step: BatchStep)], in state: TodoState, now: Date, zone: TimeZone, newUUID: () -> UUID
    ) throws -> ([Action], TodoState) {
        var batch = BatchReduction(state, in: zone)
        for (line, step) in steps {
            do {
                let action: Action
                switch step {
                case .add(let name, let changes, let depends):
                    let all = try changes + dependencies(depends, in: batch.state)
                    action = .add(NewTodo(uuid: newUUID(), name: name, changes: all, createdAt: now))
                case .edit(let reference, let changes, let depends):
                    action = .edit(
                        id: try batch.state.resolve(reference).id,
                        changes: try changes + dependencies(depends, in: batch.state), at: now)
                case .toggle(let references):
                    action = .toggle(ids: try resolveAll(references, in: batch.state), at: now)
                case .delete(let references):
                    action = .delete(ids: try resolveAll(references, in: batch.state), at: now)
                case .clearCompleted:
                    action = .clearCompleted(at: now)
                }
                try batch.apply(action)
            } catch {
                let (message, status) = explain(error)
                throw CommandError(message: "line \(line): \(message); nothing applied", status: status)
            }
        }
        return (batch.actions, batch.finished)
    }

    /// The change a line's `depends` makes, its todos resolved in `state`; none when not given.
    private static func dependencies(_ references: [String]?, in state: TodoState) throws -> [FieldChange] {
        guard let references else { return [] }
        return [.set(.depends, .uuids(Set(try references.map { try state.resolve($0).uuid })))]
    }

    private static func render(before: TodoState, after: TodoState, count: Int, dryRun: Bool, _ invocation: Invocation)
        -> Output
    {
        let removed = before.todos.filter { after.todo(id: $0.id) == nil }
        let changed = after.todos.filter { before.todo(id: $0.id) != $0 }
        if invocation.flag(.json) {
            return Output(
                stdout:
                    """
                    {\"dryRun\": \(dryRun), \"actions\": \(count),\n \"changed\": \(json(changed).dropLast()),\n\
                     \"removed\": \(json(removed).dropLast())}\n
                    """
            )
        }
        let plural = count == 1 ? "" : "s"
        let effect = "\(changed.count) todo\(changed.count == 1 ? "" : "s") added or changed, \(removed.count) removed"
        return .info(
            dryRun
                ? "Checked \(count) action\(plural): all valid (\(effect)); nothing applied.\n"
                : "Applied \(count) action\(plural) in one step: \(effect).\n")
    }
}
