import TodoCore
import TodoStore

/// What a command wants done; `Runner` does the loading, locking, reducing and saving.
enum Plan {
    /// Needs no state.
    case output(Output)
    /// Reads the state (the todos `reads` selects) and renders it.
    case query(reads: TodoSelection = .all, (TodoState) throws -> Output)
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
