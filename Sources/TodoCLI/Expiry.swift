import Foundation
import TodoCore
import TodoStore

/// Taskwarrior's expiry: an open todo whose `until` has passed is deleted by the next command
/// that reads it, in an undo step of its own (`Action.expired`), and synced as a deletion.
///
/// A command that changes such a todo (`todo 3 modify until:friday`, `todo 3 done`) acts on
/// it first: only the todos it leaves open, expired and untouched are deleted, in a step
/// before its own, so `todo undo` undoes the command and then the expiry. `undo` itself
/// expires nothing, so a todo it brings back stays until the next command.
enum Expiry {
    /// `state` after `actions`, with the todos they leave expired deleted first, and those todos.
    /// `reduced`, when given, is `state` after `actions` as the command already applied them.
    static func reduce(
        _ state: TodoState, _ actions: [Action], reduced: TodoState? = nil, clock: DateContext, in zone: TimeZone
    ) throws
        -> (state: TodoState, expired: [Todo])
    {
        let after = try reduced ?? TodoCore.reduce(state, actions, in: zone)
        if actions.contains(where: { if case .undo = $0 { true } else { false } }) { return (after, []) }
        let doomed = after.expired(in: clock).filter { state.todo(id: $0) == after.todo(id: $0) }
        // A command that names an expired todo without changing it (depends:3) keeps it
        // for now: the next command expires it.
        guard !doomed.isEmpty,
            let expired = try? TodoCore.reduce(state, [.expired(ids: doomed, at: clock.now)] + actions, in: zone)
        else { return (after, []) }
        return (expired, doomed.compactMap(state.todo(id:)))
    }

    /// `state` with the todos read in it that expired deleted, and those todos: what a
    /// command that reads shows. `persist` then deletes them in the file.
    static func expiring(_ state: TodoState, clock: DateContext, in zone: TimeZone) -> (
        state: TodoState, expired: [Todo]
    ) {
        guard !state.expired(in: clock).isEmpty, let result = try? reduce(state, [], clock: clock, in: zone) else {
            return (state, [])
        }
        return result
    }

    /// Deletes in the file the todos `selection` reads that expired, once the command that
    /// read them has succeeded; if the file cannot be written now (a read-only file, a lock
    /// held too long), the next command does it.
    static func persist(_ selection: TodoSelection, in store: StateFile, clock: DateContext, in zone: TimeZone) {
        _ = try? store.update(selection) { current in try reduce(current, [], clock: clock, in: zone).state }
    }

    /// The expiry of every todo `state` holds whose until has passed, nothing else changing
    /// with it: what `todo sync` has done before it sends anything; nil when none has.
    static func action(_ state: TodoState, clock: DateContext) -> Action? {
        let ids = state.expired(in: clock)
        return ids.isEmpty ? nil : .expired(ids: ids, at: clock.now)
    }

    /// What a person is told of the todos that expired, a line each (without its newline), on stderr.
    static func notes(_ todos: [Todo]) -> [String] {
        todos.map {
            """
            todo: \(label($0)) expired (its until date passed) and was deleted; to keep it: todo undo, then \
            todo \($0.id) modify until:DATE
            """
        }
    }
}
