import TodoCore
import TodoStore
import TodoSync

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
    /// As `.change`, for actions a command applies as it makes them, each from the state the
    /// ones before it leave (a batch, whose lines may name todos earlier lines add): `apply`
    /// returns them with the state they leave, which the runner saves rather than applying
    /// them again.
    case applied(reads: TodoSelection = .all, apply: (TodoState) throws -> Applied, render: (Change) -> Output)
    /// Writes settings to the config file once `after` is carried out, if it succeeds.
    indirect case configure(ConfigWrite, after: Plan)
    /// Reads the state file at `path` as shell completion does on every TAB: without the lock,
    /// hooks or expiry; a file that is missing, unreadable or damaged (or no path) reads as
    /// nothing, and prints nothing.
    case peek(path: String?, Peek)
}

/// Actions a command has applied to the state it was given, and the state they leave:
/// `reduce(state, actions)`'s.
struct Applied {
    var actions: [Action]
    var state: TodoState
}

/// Settings a command writes to the config file (all of them, mode 0600, as
/// `ConfigFile.write` writes), which the runner writes: a plan only says what.
struct ConfigWrite {
    var file: ConfigFile
    var values: [String: String]
    /// Lines for stderr once they are written (what an import declared).
    var notes: [String] = []
    /// Lines for stderr instead when they cannot be written, given why; nil when that is the
    /// command's failure.
    var unwritten: ((Error) -> [String])?

    /// Writes the values; the lines for stderr (`notes`, or `unwritten`'s when the write fails
    /// and it is given; else the failure is thrown).
    func perform() throws -> [String] {
        do {
            try file.write(values)
            return notes
        } catch {
            guard let unwritten else { throw error }
            return unwritten(error)
        }
    }
}

/// What a `.peek` reads of the state file, and prints.
enum Peek {
    /// A line `NUMBER<tab>NAME` for every todo (`StateFile.numberedNames`), names through `oneLine`.
    case numberedNames
    /// A line for each of the words `of` finds in the todos, sorted, through `oneLine`.
    case words(of: ([Todo]) -> [String])
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
func renderEdits(
    _ change: Change, _ invocation: Invocation, single: Bool, line: (_ before: Todo?, _ after: Todo) -> String
) -> Output {
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
