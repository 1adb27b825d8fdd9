import Foundation

/// The whole local state: todos in ascending `id` order, the next number, and the undo history.
public struct TodoState: Equatable, Sendable {
    public var todos: [Todo]
    public var nextId: Int
    /// Most recent change last; at most `historyLimit` entries.
    public var history: [HistoryEntry]
    public var sync: SyncState

    public static let historyLimit = 100
    /// The highest number a todo can have: the largest integer every JSON reader holds exactly.
    public static let maxId = (1 << 53) - 1

    public init(todos: [Todo] = [], nextId: Int? = nil, history: [HistoryEntry] = [], sync: SyncState = SyncState()) {
        self.todos = todos
        self.nextId = nextId ?? ((todos.last?.id ?? 0) + 1)
        self.history = history
        self.sync = sync
    }

    public func todo(uuid: UUID) -> Todo? {
        todos.first { $0.uuid == uuid }
    }

    /// Position of the todo numbered `id` in `todos` (binary search; `todos` is sorted by id).
    public func index(of id: Int) -> Int? {
        var low = 0
        var high = todos.count
        while low < high {
            let mid = (low + high) / 2
            if todos[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < todos.count && todos[low].id == id ? low : nil
    }

    public func todo(id: Int) -> Todo? {
        index(of: id).map { todos[$0] }
    }

    /// The numbers of the open todos whose `until` has passed by `context.now`, which
    /// Taskwarrior deletes (`Action.expired`).
    public func expired(in context: DateContext) -> [Int] {
        todos.lazy.filter { $0.hasExpired(in: context) }.map(\.id)
    }

    /// Inserts `todo`, or replaces the one with its number, keeping `todos` sorted.
    mutating func put(_ todo: Todo) {
        var low = 0
        var high = todos.count
        while low < high {
            let mid = (low + high) / 2
            if todos[mid].id < todo.id { low = mid + 1 } else { high = mid }
        }
        if low < todos.count, todos[low].id == todo.id {
            todos[low] = todo
        } else {
            todos.insert(todo, at: low)
        }
    }
}

/// One undoable step: what the touched todos were before it (nil: the todo did not exist).
public struct HistoryEntry: Equatable, Sendable {
    public var summary: String
    /// What kind of change it was (the summary is for people; nothing decides by its words).
    public var kind: StepKind
    public var at: Date
    public var before: [PriorVersion]

    public init(summary: String, kind: StepKind, at: Date, before: [PriorVersion]) {
        self.summary = summary
        self.kind = kind
        self.at = at
        self.before = before
    }
}

public struct PriorVersion: Equatable, Sendable {
    public var id: Int
    public var todo: Todo?

    public init(id: Int, todo: Todo?) {
        self.id = id
        self.todo = todo
    }
}
