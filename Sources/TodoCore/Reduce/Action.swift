import Foundation

/// Everything that can change a `TodoState`. The clock and the UUID generator live outside
/// the core, so their values travel inside the actions.
public enum Action: Equatable, Sendable, Codable {
    case add(NewTodo)
    /// The same changes made to each todo: all or nothing, one step for `undo`.
    case edit(ids: [Int], changes: [FieldChange], at: Date)
    case toggle(ids: [Int], at: Date)
    /// The todos were completed; those already completed stay as they are.
    case completed(ids: [Int], at: Date)
    /// The todos were made active again; those already active stay as they are.
    case reopened(ids: [Int], at: Date)
    /// An annotation was added at `at` (or, as Taskwarrior does, at the first later second
    /// no annotation of the todo holds).
    case annotated(id: Int, text: String, at: Date)
    /// Deleting the open occurrence of a recurring todo skips it: its next one is made.
    case delete(ids: [Int], at: Date)
    /// The todos are deleted and no next occurrence is made: a series, which ends.
    case deleteSeries(ids: [Int], at: Date)
    /// The todos' `until` passed while they were open: they are deleted and no next
    /// occurrence is made, as Taskwarrior expires them (`TodoState.expired(in:)`).
    case expired(ids: [Int], at: Date)
    case clearCompleted(at: Date)
    /// Reverts the change recorded last in the history.
    case undo(at: Date)
    /// Several actions applied together: all or nothing, and one step for `undo`.
    case batch([Action])
    /// Merges todos from another file or tool by UUID; one step for `undo` (see `ImportedTodo`).
    case importTodos([ImportedTodo], at: Date)
    /// `action`, and then what the person's hooks (Taskwarrior's on-add and on-modify) made of
    /// the todos it added or changed: each of `todos` (by UUID) takes that content. One step
    /// for `undo`; a todo the hooks put back as it was before `action` is left untouched.
    indirect case hooksRewrote(Action, todos: [ImportedTodo])

    // Sync: none of these is a step for `undo`.
    /// The server is new to this state file, or was reset: forget what it was thought to hold.
    case syncReset(datasetId: UUID)
    /// Changes read from the server's feed, merged into the local todos.
    case syncPulled(records: [RemoteRecord], cursor: Int64, at: Date)
    /// The server's whole feed, read again from the start because it pruned tombstones this
    /// device had not read: `records` is everything the server still holds. A todo synced
    /// before but absent from it was deleted there, and goes here too unless changed here.
    case syncResynced(records: [RemoteRecord], cursor: Int64, at: Date)
    /// Operations about to be sent, remembered so a retry reuses their ids.
    case syncQueued([OutboxOperation])
    /// The server's answers to the queued operations; `feedCursor`, when the server gives
    /// it, is where the change feed now stands with nothing in it this device has not seen
    /// (its own push), so the next pull need not download it again.
    case syncPushed([PushOutcome], feedCursor: Int64? = nil, at: Date)
    /// A TaskChampion sync's result, computed from the state as it is under the lock: the
    /// server's tasks as of its latest version, and what that makes of the local todos.
    case replicaSynced(ReplicaChange)
}

extension Action {
    /// Changes one todo.
    public static func edit(id: Int, changes: [FieldChange], at: Date) -> Action {
        .edit(ids: [id], changes: changes, at: at)
    }
}

/// A todo to add: every field a person sets (see `TodoField`), and when.
public struct NewTodo: Equatable, Sendable, Codable, TodoFieldHolder {
    public var uuid: UUID
    public var name: String
    public var description: String
    public var notes: String
    public var attributes = Attributes()
    public var createdAt: Date

    public init(uuid: UUID, name: String, description: String = "", notes: String = "", createdAt: Date) {
        self.uuid = uuid
        self.name = name
        self.description = description
        self.notes = notes
        self.createdAt = createdAt
    }

    /// A new todo with `changes` made to it (they are checked when it is added).
    public init(uuid: UUID, name: String, changes: [FieldChange], createdAt: Date) {
        self.init(uuid: uuid, name: name, createdAt: createdAt)
        for change in changes { change.make(on: &self) }
    }
}

/// Why an action was refused. The state is left as it was.
public enum ReduceError: Error, Equatable, Sendable {
    case unknownId(Int)
    case blankName
    case nothingToUndo
    case noTodosGiven
    /// The field cannot hold the value, given as text (a tag with a blank, a project with one).
    case invalid(TodoField, String)
    case undoInsideBatch
    /// Every number up to `TodoState.maxId` has been used.
    case numbersExhausted
    /// The undo step would put back, as todo `id`, another todo than the one now numbered so.
    case undoStepMismatch(Int)
    /// Todo `id` (0: one being added) would recur without a due date to count from.
    case recurrenceNeedsDue(Int)
    /// Todo `id` is completed, and a rule was set on it: only an open todo can recur.
    case recurrenceOnCompleted(Int)
    /// Todo `id` (0: one being added) would depend on a todo that is not here.
    case unknownDependency(Int, UUID)
    /// Todo `id` (0: one being added) would wait on itself, directly or through others.
    case dependencyCycle(Int)
}
