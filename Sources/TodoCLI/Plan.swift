import TodoCore
import TodoStore

/// What a command wants done; `Runner` does the loading, locking, reducing and saving.
enum Plan {
    /// Needs no state.
    case output(Output)
    /// Reads the state (the todos `reads` selects) and renders it.
    case query(reads: TodoSelection = .all, (TodoState) throws -> Output)
    /// Reads the state (the todos `reads` selects), then what `then` says that state needs
    /// besides (the todos a listed one depends on, found by UUID in the bytes already read),
    /// and renders both.
    case read(reads: TodoSelection, then: (TodoState) throws -> FurtherRead, (TodoState, FurtherTodos) throws -> Output)
    /// Makes actions from the current state (the todos `reads` selects) under the lock; they
    /// are applied, saved, and the result rendered. The actions must touch no other todos.
    case change(reads: TodoSelection = .all, actions: (TodoState) throws -> [Action], render: (Change) -> Output)
    /// Reads the state without the lock, does slow work (an editor session), then plans again.
    case prepare((TodoState) throws -> Plan)
    /// Works with the state file itself, for commands whose effects reach beyond it (sync):
    /// they still change the state only through actions, under the file's lock.
    case run((StateFile) throws -> Output)
}

/// The state around one applied change.
struct Change {
    var before: TodoState
    var after: TodoState
    var actions: [Action]
}

/// What a command given '-' prints when stdin held nothing: nothing, or an empty array.
func nothingGiven(_ invocation: Invocation) -> Output {
    Output(stdout: invocation.flag(.json) ? "[]\n" : "")
}

/// What an `.edit` change prints: `--json`, the todos after (one object when `single`, else an
/// array); else a line for each todo edited, once, as `line` words it from its versions
/// before and after.
func renderEdits(_ change: Change, _ invocation: Invocation, single: Bool, line: (_ before: Todo?, _ after: Todo) -> String) -> Output {
    let ids = editedIDs(change.actions)
    var seen = Set<Int>()
    let todos = ids.filter { seen.insert($0).inserted }.compactMap { change.after.todo(id: $0) }
    if invocation.flag(.json) { return Output(stdout: single && todos.count == 1 ? json(todos[0]) : json(todos)) }
    return .info(todos.map { line(change.before.todo(id: $0.id), $0) + "\n" }.joined())
}

/// The todos `.edit` actions name, those inside a batch too (edits that differ by todo), in order.
private func editedIDs(_ actions: [Action]) -> [Int] {
    actions.flatMap { action -> [Int] in
        if case .edit(let ids, _, _) = action { return ids }
        if case .batch(let inner) = action { return editedIDs(inner) }
        return []
    }
}

/// The todos `references` name, as numbers, in order; every reference must resolve.
func resolveAll(_ references: [String], in state: TodoState) throws -> [Int] {
    try references.map { try state.resolve($0).id }
}

/// The todos an action touched, as they were before it.
func changedTodos(_ change: Change) -> [Todo] {
    guard change.after.history.count > 0, change.after.history != change.before.history else { return [] }
    return change.after.history.last!.before.compactMap(\.todo)
}
