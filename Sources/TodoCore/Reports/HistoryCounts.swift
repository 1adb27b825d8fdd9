import Foundation

/// Todos added, completed and deleted in one period, as Taskwarrior's `history` counts them.
public struct PeriodCount: Equatable, Sendable {
    /// The period's first day.
    public var start: CalendarDay
    public var added = 0
    public var completed = 0
    public var deleted = 0

    /// What the period left to do: added less completed and deleted.
    public var net: Int { added - completed - deleted }

    /// The periods in which any of `todos` was added or completed, or any of `deleted` deleted,
    /// oldest first. A completed todo counts when it was completed; a deleted one when it was
    /// deleted, and not as completed (a deletion whose time is unknown counts nowhere).
    public static func history(
        _ todos: [Todo], deleted: [DeletedTodo], scale: ReportPeriod.Scale, days: DayReader
    ) -> [PeriodCount] {
        var counts: [Int: PeriodCount] = [:]
        func count(_ instant: Date, _ field: WritableKeyPath<PeriodCount, Int>) {
            let index = scale.index(of: days.day(of: instant))
            counts[index, default: PeriodCount(start: scale.start(ofIndex: index))][keyPath: field] += 1
        }
        for todo in todos {
            count(todo.createdAt, \.added)
            if todo.completed, let end = todo.completedAt { count(end, \.completed) }
        }
        for gone in deleted {
            guard let at = gone.at else { continue }
            count(gone.todo.createdAt, \.added)
            count(at, \.deleted)
        }
        return counts.keys.sorted().map { counts[$0]! }
    }
}
