import Foundation

/// What `todo stats` counts: how many todos there are in each state, how old they are and how
/// fast they get done.
public struct TodoStats: Equatable, Sendable {
    public var total = 0
    public var active = 0
    public var waiting = 0
    public var started = 0
    public var completed = 0
    /// Deleted todos the undo history or a pending sync deletion still knows.
    public var deleted = 0
    public var recurring = 0
    public var annotations = 0
    public var tags = 0
    public var projects = 0
    /// Todos with changes not yet synced.
    public var unsynced = 0
    public var oldest: Date?
    public var newest: Date?
    /// The average time from creation to completion of the completed todos, in seconds.
    public var averageTimeToComplete: Double?
    /// Todos added and completed per day, since the oldest todo was added.
    public var addedPerDay: Double?
    public var completedPerDay: Double?

    public init(_ todos: [Todo], deleted: [DeletedTodo], dates: DateContext) {
        var tagSet = Set<String>()
        var completionTime = 0.0
        for todo in todos {
            total += 1
            if todo.completed {
                completed += 1
                if let at = todo.completedAt { completionTime += at.timeIntervalSince(todo.createdAt) }
            } else {
                active += 1
                if todo.isWaiting(in: dates) { waiting += 1 }
                if todo.start != nil { started += 1 }
            }
            if todo.recur != nil { recurring += 1 }
            annotations += todo.annotations.count
            tagSet.formUnion(todo.tags)
            if !todo.synced { unsynced += 1 }
            oldest = min(oldest ?? todo.createdAt, todo.createdAt)
            newest = max(newest ?? todo.createdAt, todo.createdAt)
        }
        self.deleted = deleted.count
        tags = tagSet.count
        projects = ProjectTree.counts(todos.filter { $0.project != nil }).count
        let timed = todos.count { $0.completed && $0.completedAt != nil }
        averageTimeToComplete = timed == 0 ? nil : completionTime / Double(timed)
        if let oldest {
            let days = max(dates.now.timeIntervalSince(oldest), 86_400) / 86_400
            addedPerDay = Double(total + deleted.count { $0.at != nil }) / days
            completedPerDay = Double(completed) / days
        }
    }
}
