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
                let (_, simulated) = try actions(steps, in: state, now: now, zone: context.timeZone, newUUID: context.newUUID)
                return render(before: state, after: simulated, count: steps.count, dryRun: true, invocation)
            }
        }
        return .change(actions: { state in
            let (actions, _) = try actions(steps, in: state, now: now, zone: context.timeZone, newUUID: context.newUUID)
            return actions.isEmpty ? [] : [.batch(actions)]
        }) { change in
            render(before: change.before, after: change.after, count: steps.count, dryRun: false, invocation)
        }
    }

    /// The actions the steps mean, each resolved against the state the lines before it leave
    /// (so a line may name a todo an earlier line added), and that final state.
    static func actions(
        _ steps: [(line: Int, step: BatchStep)], in state: TodoState, now: Date, zone: TimeZone, newUUID: () -> UUID
    ) throws -> ([Action], TodoState) {
        var current = state
        var actions: [Action] = []
        for (line, step) in steps {
            do {
                let action: Action
                switch step {
                case .add(let name, let changes, let depends):
                    let all = try changes + dependencies(depends, in: current)
                    action = .add(NewTodo(uuid: newUUID(), name: name, changes: all, createdAt: now))
                case .edit(let reference, let changes, let depends):
                    action = .edit(id: try current.resolve(reference).id, changes: try changes + dependencies(depends, in: current), at: now)
                case .toggle(let references):
                    action = .toggle(ids: try resolveAll(references, in: current), at: now)
                case .delete(let references):
                    action = .delete(ids: try resolveAll(references, in: current), at: now)
                case .clearCompleted:
                    action = .clearCompleted(at: now)
                }
                current = try reduce(current, action, in: zone)
                actions.append(action)
            } catch {
                let (message, status) = explain(error)
                throw CommandError(message: "line \(line): \(message); nothing applied", status: status)
            }
        }
        return (actions, current)
    }

    /// The change a line's `depends` makes, its todos resolved in `state`; none when not given.
    private static func dependencies(_ references: [String]?, in state: TodoState) throws -> [FieldChange] {
        guard let references else { return [] }
        return [.set(.depends, .uuids(Set(try references.map { try state.resolve($0).uuid })))]
    }

    private static func render(before: TodoState, after: TodoState, count: Int, dryRun: Bool, _ invocation: Invocation) -> Output {
        let removed = before.todos.filter { after.todo(id: $0.id) == nil }
        let changed = after.todos.filter { before.todo(id: $0.id) != $0 }
        if invocation.flag(.json) {
            return Output(stdout: "{\"dryRun\": \(dryRun), \"actions\": \(count),\n \"changed\": \(json(changed).dropLast()),\n \"removed\": \(json(removed).dropLast())}\n")
        }
        let plural = count == 1 ? "" : "s"
        let effect = "\(changed.count) todo\(changed.count == 1 ? "" : "s") added or changed, \(removed.count) removed"
        return .info(dryRun
            ? "Checked \(count) action\(plural): all valid (\(effect)); nothing applied.\n"
            : "Applied \(count) action\(plural) in one step: \(effect).\n")
    }
}
