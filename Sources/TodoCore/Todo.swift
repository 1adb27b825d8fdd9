import Foundation

/// One todo. `id` is the local number people type; `uuid` is its identity everywhere else.
public struct Todo: Equatable, Sendable, TodoFieldHolder, TodoAttributes {
    /// Assigned 1, 2, 3… in a state file; never changes and is never reused.
    public var id: Int
    public var uuid: UUID
    public var name: String
    public var description: String
    public var notes: String
    /// Case-sensitive words (see `Tag`).
    public var tags: Set<String> = []
    public var project: String?
    public var priority: Priority?
    public var due: DueDate?
    /// Hidden from the default list until this date has come.
    public var wait: DueDate?
    /// The series fields (`recur`, `until`, `series`, `anchor`), out of line: most todos
    /// have none, and a `Todo` stays small (they would add half again to its size, which
    /// listing 100,000 todos moves around).
    private var seriesBox: SeriesBox?
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
    /// The name as people see it in one line: surrounding blanks trimmed.
    public static func normalizedName(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the todo is active and hidden until a wait date that has not come.
    public func isWaiting(in context: DateContext) -> Bool {
        guard !completed, let wait else { return false }
        return !wait.hasCome(in: context)
    }
}

extension Todo {
    /// Whether any attribute (tags, project, priority, due, wait, the series fields) is set.
    /// Spelled out rather than asked of `TodoField.attributes`: the list asks it of every todo.
    public var hasAttributes: Bool {
        !tags.isEmpty || project != nil || priority != nil || due != nil || wait != nil
            || seriesBox != nil
    }
}

extension Todo {
    /// How the todo repeats; only the open occurrence of a series holds it (see `Series`).
    public var recur: Recurrence? {
        get { seriesBox?.fields.recur }
        set { changeSeries { $0.recur = newValue } }
    }

    /// No occurrence of the series is made due after this date.
    public var until: DueDate? {
        get { seriesBox?.fields.until }
        set { changeSeries { $0.until = newValue } }
    }

    /// The series the todo is an occurrence of: the UUID of its first occurrence.
    public var series: UUID? {
        get { seriesBox?.fields.series }
        set { changeSeries { $0.series = newValue } }
    }

    /// The due date its series counts from, on its time zone's clock.
    public var anchor: SeriesAnchor? {
        get { seriesBox?.fields.anchor }
        set { changeSeries { $0.anchor = newValue } }
    }

    private mutating func changeSeries(_ change: (inout SeriesFields) -> Void) {
        var fields = seriesBox?.fields ?? SeriesFields()
        change(&fields)
        seriesBox = fields == SeriesFields() ? nil : SeriesBox(fields)
    }
}

/// A recurring todo's fields.
struct SeriesFields: Hashable, Sendable {
    var recur: Recurrence?
    var until: DueDate?
    var series: UUID?
    var anchor: SeriesAnchor?
}

/// An immutable box: a change makes a new one, so copies of a `Todo` never share a change.
private final class SeriesBox: Equatable, Sendable {
    let fields: SeriesFields
    init(_ fields: SeriesFields) { self.fields = fields }
    static func == (lhs: SeriesBox, rhs: SeriesBox) -> Bool { lhs.fields == rhs.fields }
}
