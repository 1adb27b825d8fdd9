import Foundation

/// The seed's filters, as `todo list --filter` names them.
public enum TodoFilter: String, CaseIterable, Sendable {
    case all, active, completed, unsynced

    public func includes(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.completed
        case .completed: todo.completed
        case .unsynced: !todo.synced
        }
    }
}

public struct TodoCounts: Equatable, Sendable {
    public var total = 0
    public var active = 0
    public var completed = 0
    public var unsynced = 0
    public var conflicted = 0

    public init(total: Int = 0, active: Int = 0, completed: Int = 0, unsynced: Int = 0, conflicted: Int = 0) {
        self.total = total
        self.active = active
        self.completed = completed
        self.unsynced = unsynced
        self.conflicted = conflicted
    }
}

extension TodoState {
    /// The todos `filter` selects, in list order: active ones newest first, then completed
    /// ones most recently completed first (QuickTodo's two sections).
    public func listed(_ filter: TodoFilter) -> [Todo] {
        var active: [Todo] = []
        var done: [Todo] = []
        active.reserveCapacity(todos.count)
        done.reserveCapacity(filter == .active ? 0 : todos.count)
        for todo in todos where filter.includes(todo) {
            if todo.completed { done.append(todo) } else { active.append(todo) }
        }
        active.sort { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        done.sort {
            ($0.completedAt ?? $0.updatedAt, $0.id) > ($1.completedAt ?? $1.updatedAt, $1.id)
        }
        active.append(contentsOf: done)
        return active
    }

    public var counts: TodoCounts {
        var counts = TodoCounts()
        for todo in todos {
            counts.total += 1
            if todo.completed { counts.completed += 1 } else { counts.active += 1 }
            if !todo.synced { counts.unsynced += 1 }
            if !todo.conflicts.isEmpty { counts.conflicted += 1 }
        }
        return counts
    }
}
