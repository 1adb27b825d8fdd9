import Foundation

/// One todo. `id` is the local number people type; `uuid` is its identity everywhere else.
public struct Todo: Equatable, Sendable, TodoFieldHolder {
    /// Assigned 1, 2, 3… in a state file; never changes and is never reused.
    public var id: Int
    public var uuid: UUID
    public var name: String
    public var description: String
    public var notes: String
    /// Reached as `todo.tags`, `todo.due`, ….
    public var attributes = Attributes()
    public var completed: Bool
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while `completed` is true, nil otherwise.
    public var completedAt: Date?
    /// False after any local change, until a sync has the server acknowledge it.
    public var synced: Bool
    /// The server's copy as last agreed; nil when the server has never acknowledged this todo.
    public var base: SyncBase?
    /// Values that lost sync conflicts, until the todo is next edited or toggled here.
    public var conflicts: [SyncConflict]
    /// The content a recurrence made this todo with, kept until the server first
    /// acknowledges it: every device that completes the same occurrence makes the same todo,
    /// so this is the base their copies merge against (see `Series`).
    public var origin: TodoContent? {
        get { originBox?.content }
        set { originBox = newValue.map(ContentBox.init) }
    }

    /// Out of line, like the series fields: only a new occurrence has one.
    private var originBox: ContentBox?

    public init(
        id: Int, uuid: UUID, name: String, description: String = "", notes: String = "",
        completed: Bool = false, createdAt: Date, updatedAt: Date? = nil,
        completedAt: Date? = nil, synced: Bool = false, base: SyncBase? = nil,
        conflicts: [SyncConflict] = []
    ) {
        self.id = id
        self.uuid = uuid
        self.name = name
        self.description = description
        self.notes = notes
        self.completed = completed
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.completedAt = completedAt
        self.synced = synced
        self.base = base
        self.conflicts = conflicts
    }
}

extension Todo {
    /// Marks the todo changed at `at`, never at the time it was made: a todo changed in the
    /// step that made it (a batch that completes a recurring todo and edits the occurrence
    /// that made) must not read as never changed (`TodoContent.isAsMade`), or another
    /// device's delete of that occurrence would silently beat the change.
    /// (The millisecond after is built as a stored date reads back, whole milliseconds since
    /// 1970, so that a saved and loaded todo equals the one in memory.)
    mutating func touch(at: Date) {
        guard at == createdAt else {
            updatedAt = at
            return
        }
        updatedAt = Date(timeIntervalSince1970: ((at.timeIntervalSince1970 * 1000).rounded() + 1) / 1000)
    }
}

extension Todo {
    /// The name as people see it in one line: surrounding blanks trimmed.
    public static func normalizedName(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the todo is active and hidden until a wait date that has not come.
    public func isWaiting(in context: DateContext) -> Bool {
        guard !completed, let wait = self.wait else { return false }
        return !wait.hasCome(in: context)
    }
}

extension Todo {
    /// Whether the todo is open and its `until` has passed: an instant once it has come, a
    /// whole day once it is over (as a todo due that day is overdue only the day after).
    public func hasExpired(in context: DateContext) -> Bool {
        guard !completed, let until = attributes.until else { return false }
        return until.deadlinePassed(in: context)
    }
}

extension Todo {
    /// Whether any attribute (`TodoField.attributes`) is set.
    public var hasAttributes: Bool { attributes != .none }
}
