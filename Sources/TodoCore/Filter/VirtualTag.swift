import Foundation

/// A tag a todo has by its state rather than by being given it (Taskwarrior's virtual tags):
/// `+ACTIVE`, `-BLOCKED`. Each is described once here; the filter, `todo help filter`, the
/// man page and the completions all read `VirtualTag.all`.
public struct VirtualTag: Sendable, Equatable, CustomStringConvertible {
    /// What a tag's test sees of a todo.
    public struct Subject {
        public let attributes: Attributes
        /// Its number (+LATEST).
        public let id: Int
        public let uuid: UUID
        public let completed: Bool
        public let synced: Bool
    }

    /// In capitals, as written after + or -.
    public let name: String
    /// What having it means, for help.
    public let meaning: String
    /// Whether it reads the other todos (`FilterContext.dependencies`): a command must then read them all.
    public let needsOtherTodos: Bool
    let test: @Sendable (Subject, FilterContext) -> Bool

    public var description: String { name }

    public static func == (a: VirtualTag, b: VirtualTag) -> Bool { a.name == b.name }

    init(
        _ name: String, _ meaning: String, needsOtherTodos: Bool = false,
        _ test: @escaping @Sendable (Subject, FilterContext) -> Bool
    ) {
        self.name = name
        self.meaning = meaning
        self.needsOtherTodos = needsOtherTodos
        self.test = test
    }

    /// The tags that pick todos by their status, or by number (LATEST), which a report's default
    /// status filter gives way to.
    public static let statuses: Set<String> = ["PENDING", "COMPLETED", "WAITING", "LATEST"]

    /// The tag named `name` (exactly, in capitals), if there is one.
    public static func named(_ name: String) -> VirtualTag? { all.first { $0.name == name } }

    /// Whether `name` is spelled as a virtual tag is, two or more capital letters: in a filter,
    /// `+NAME` of no virtual tag is refused as one misspelt (a tag of yours so spelled is `tag:NAME`).
    public static func looksVirtual(_ name: some StringProtocol) -> Bool {
        name.count >= 2 && name.allSatisfy { $0.isLetter && $0.isUppercase }
    }

    /// Whether `todo` has the tag in `context`.
    public func matches(_ todo: some TodoAttributes, in context: FilterContext) -> Bool {
        test(
            Subject(
                attributes: todo.attributes, id: todo.id, uuid: todo.uuid, completed: todo.completed,
                synced: todo.synced), context)
    }
}

extension VirtualTag {
    /// Every virtual tag, in the order help lists them.
    public static let all: [VirtualTag] = [
        VirtualTag("ACTIVE", "open and started ('todo start')") { todo, _ in todo.isOpen && todo.attributes.start != nil
        },
        VirtualTag(
            "BLOCKED", "open and depending on an open todo (a completed or deleted one holds nothing up)",
            needsOtherTodos: true
        ) {
            $0.isOpen && $1.dependencies.blocked.contains($0.uuid)
        },
        VirtualTag("UNBLOCKED", "not BLOCKED", needsOtherTodos: true) { !$1.dependencies.blocked.contains($0.uuid) },
        VirtualTag("BLOCKING", "open, and an open todo depends on it", needsOtherTodos: true) {
            $0.isOpen && $1.dependencies.blocking.contains($0.uuid)
        },
        VirtualTag(
            "READY", "open, not waiting, not blocked, and its scheduled date, if any, has come", needsOtherTodos: true
        ) {
            $0.isOpen && !$0.isWaiting($1.dates) && !$1.dependencies.blocked.contains($0.uuid)
                && ($0.attributes.scheduled?.hasCome(in: $1.dates) ?? true)
        },
        VirtualTag("SCHEDULED", "has a scheduled date") { todo, _ in todo.attributes.scheduled != nil },
        VirtualTag("WAITING", "open and hidden until a wait date that has not come") { $0.isWaiting($1.dates) },
        VirtualTag("OVERDUE", "open and past its deadline") { $0.isOpen && $0.deadlinePassed($1.dates) },
        VirtualTag(
            "DUE",
            """
            open and due today or within the next due-days days (7 unless 'todo config due-days N' says), not yet \
            overdue
            """
        ) {
            todo, context in
            todo.isOpen && !todo.deadlinePassed(context.dates)
                && (todo.daysUntilDue(context.dates).map { $0 <= context.dueDays } ?? false)
        },
        VirtualTag("YESTERDAY", "open and due yesterday") { $0.isOpen && $0.daysUntilDue($1.dates) == -1 },
        VirtualTag("TODAY", "open and due today") { $0.isOpen && $0.daysUntilDue($1.dates) == 0 },
        VirtualTag("DUETODAY", "the same as TODAY") { $0.isOpen && $0.daysUntilDue($1.dates) == 0 },
        VirtualTag("TOMORROW", "open and due tomorrow") { $0.isOpen && $0.daysUntilDue($1.dates) == 1 },
        VirtualTag("WEEK", "open and due this week, Monday to Sunday") {
            $0.isOpen && $0.isDue(within: \.startOfWeek, \.endOfWeek, $1.dates)
        },
        VirtualTag("MONTH", "open and due this month") {
            $0.isOpen && $0.isDue(within: \.startOfMonth, \.endOfMonth, $1.dates)
        },
        VirtualTag("QUARTER", "open and due this quarter (January to March, …)") {
            $0.isOpen && $0.isDue(within: \.startOfQuarter, \.endOfQuarter, $1.dates)
        },
        VirtualTag("YEAR", "open and due this year") {
            $0.isOpen && $0.isDue(within: \.startOfYear, \.endOfYear, $1.dates)
        },
        VirtualTag("PENDING", "open and not waiting (status:pending)") { !$0.isWaiting($1.dates) && $0.isOpen },
        VirtualTag("COMPLETED", "completed") { todo, _ in todo.completed },
        VirtualTag("TAGGED", "has a tag") { todo, _ in !todo.attributes.tags.isEmpty },
        VirtualTag("ANNOTATED", "has an annotation") { todo, _ in !todo.attributes.annotations.isEmpty },
        VirtualTag("PROJECT", "has a project") { todo, _ in todo.attributes.project != nil },
        VirtualTag("PRIORITY", "has a priority") { todo, _ in todo.attributes.priority != nil },
        VirtualTag("UNTIL", "has an until date") { todo, _ in todo.attributes.until != nil },
        VirtualTag("RECURRING", "repeats: holds a recurrence rule") { todo, _ in todo.attributes.recur != nil },
        VirtualTag("UDA", "has a user-defined attribute") { todo, _ in !todo.attributes.udas.isEmpty },
        VirtualTag("LATEST", "the todo added last here: the highest number, completed or not") { $0.id == $1.latest },
        VirtualTag("SYNCED", "the server has every change to it ('todo sync')") { todo, _ in todo.synced },
        VirtualTag("UNSYNCED", "has changes not yet synced (marked * in the list)") { todo, _ in !todo.synced }
    ]
}

extension VirtualTag.Subject {
    var isOpen: Bool { !completed }

    /// Open and hidden until a wait date that has not come (`Todo.isWaiting`).
    func isWaiting(_ dates: DateContext) -> Bool {
        guard isOpen, let wait = attributes.wait else { return false }
        return !wait.hasCome(in: dates)
    }

    /// Whether it has a due date whose deadline is now or past.
    func deadlinePassed(_ dates: DateContext) -> Bool {
        attributes.due?.deadlinePassed(in: dates) ?? false
    }

    /// Whether it is due on a day from the `start` to the `end` of the period holding today.
    func isDue(
        within start: KeyPath<CalendarDay, CalendarDay>, _ end: KeyPath<CalendarDay, CalendarDay>, _ dates: DateContext
    ) -> Bool {
        guard let day = attributes.due?.day(in: dates) else { return false }
        return dates.today[keyPath: start] <= day && day <= dates.today[keyPath: end]
    }

    /// Days from today to the day it is due (0: today, negative: past); nil without a due date.
    func daysUntilDue(_ dates: DateContext) -> Int? {
        attributes.due.map { $0.day(in: dates).ordinal - dates.today.ordinal }
    }
}
