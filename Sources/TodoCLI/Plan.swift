import TodoCore
import TodoStore

/// What a command wants done; `Runner` does the loading, locking, reducing and saving.
enum Plan {
    /// Needs no state.
    case output(Output)
    /// Reads the state and renders it.
    case query((TodoState) throws -> Output)
    /// Makes actions from the current state under the lock; they are applied, saved, and
    /// the result rendered.
    case change(actions: (TodoState) throws -> [Action], render: (Change) -> Output)
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
