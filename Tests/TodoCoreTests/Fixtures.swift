import Foundation
import TodoCore

/// Fixed instants and UUIDs so every expected state can be written out in full.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    static func t(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }
    static func uuid(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!
    }

    static func todo(_ id: Int, _ name: String, completed: Bool = false, synced: Bool = true) -> Todo {
        Todo(
            id: id, uuid: uuid(id), name: name, createdAt: t(Double(id)),
            completedAt: completed ? t(Double(id) + 0.5) : nil, completed: completed, synced: synced)
    }

    /// #1 "milk" active, #2 "bread" completed, #4 "eggs" active (#3 was deleted long ago).
    static var state: TodoState {
        TodoState(todos: [todo(1, "milk"), todo(2, "bread", completed: true), todo(4, "eggs")], nextId: 5)
    }
}

extension Todo {
    /// This todo edited at `at` with `change` made: what every field edit leaves.
    func edited(at: Date, _ change: (inout Todo) -> Void) -> Todo {
        var todo = self
        change(&todo)
        todo.updatedAt = at
        todo.synced = false
        return todo
    }

    init(id: Int, uuid: UUID, name: String, createdAt: Date, completedAt: Date?, completed: Bool, synced: Bool) {
        self.init(
            id: id, uuid: uuid, name: name, completed: completed, createdAt: createdAt,
            updatedAt: completedAt ?? createdAt, completedAt: completedAt, synced: synced)
    }
}
