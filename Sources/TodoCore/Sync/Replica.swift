import Foundation

/// A task as a TaskChampion replica keeps it: property names to text values (`description`,
/// `status`, `entry` as Unix seconds, `tag_home`, `annotation_1700000000`, `dep_UUID`, …).
public typealias TaskMap = [String: String]

/// One change in a TaskChampion history segment (its `SyncOp`).
public enum TaskOperation: Equatable, Sendable {
    case create(UUID)
    /// The task is gone for good (Taskwarrior's purge), not `status:deleted`.
    case delete(UUID)
    /// `value` nil removes the property.
    case update(UUID, property: String, value: String?, at: Date)

    public var uuid: UUID {
        switch self {
        case .create(let uuid), .delete(let uuid), .update(let uuid, _, _, _): uuid
        }
    }

    /// TaskChampion's operational transform (`SyncOp::transform`): what is left of `server`,
    /// already applied by every replica that read it, and of `local`, not yet sent, once
    /// each has seen the other. Delete beats Update; of two Updates of one property, the later
    /// one wins (the server's on a tie); two equal changes become none.
    public static func transform(server: TaskOperation, local: TaskOperation) -> (
        server: TaskOperation?, local: TaskOperation?
    ) {
        guard server.uuid == local.uuid else { return (server, local) }
        switch (server, local) {
        case (.create, .create), (.delete, .delete): return (nil, nil)
        case (.create, .delete), (.update, .create), (.delete, .update): return (server, nil)
        case (.delete, .create), (.create, .update), (.update, .delete): return (nil, local)
        case (.update(_, let property, let value, let at), .update(_, let localProperty, let localValue, let localAt)):
            guard property == localProperty else { return (server, local) }
            if value == localValue { return (nil, nil) }
            return at < localAt ? (nil, local) : (server, nil)
        }
    }

    /// Rebases `local` over `server` (TaskChampion's `apply_version`): the server's operations
    /// as this replica must still apply them, and the local ones left to send.
    public static func rebase(_ local: [TaskOperation], over server: [TaskOperation]) -> (
        server: [TaskOperation], local: [TaskOperation]
    ) {
        var local = local
        var applied: [TaskOperation] = []
        for operation in server {
            var remaining: TaskOperation? = operation
            var rebased: [TaskOperation] = []
            rebased.reserveCapacity(local.count)
            for mine in local {
                guard let current = remaining else {
                    rebased.append(mine)
                    continue
                }
                let (after, kept) = transform(server: current, local: mine)
                remaining = after
                if let kept { rebased.append(kept) }
            }
            if let remaining { applied.append(remaining) }
            local = rebased
        }
        return (applied, local)
    }
}

extension Dictionary where Key == UUID, Value == TaskMap {
    /// Applies `operation` as TaskChampion does; one that does not apply (an update of a task
    /// that is not there) is ignored, as TaskChampion ignores it when syncing.
    public mutating func apply(_ operation: TaskOperation) {
        switch operation {
        case .create(let uuid):
            if self[uuid] == nil { self[uuid] = [:] }
        case .delete(let uuid):
            self[uuid] = nil
        case .update(let uuid, let property, let value, _):
            guard self[uuid] != nil else { return }
            self[uuid]![property] = value
        }
    }
}

/// What a todo state file knows of its TaskChampion server: the latest version it has applied
/// and every task as of that version, todo's own and those it does not show (deleted tasks,
/// Taskwarrior's recurring templates). A todo's local changes are the difference between the
/// todo, written as a task, and its task here (`ReplicaDiff`).
public struct ReplicaState: Equatable, Sendable {
    /// The nil UUID before the first version.
    public var version: UUID
    public var tasks: [UUID: TaskMap]

    public static let noVersion = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    public init(version: UUID = ReplicaState.noVersion, tasks: [UUID: TaskMap] = [:]) {
        self.version = version
        self.tasks = tasks
    }
}

/// The operations that turn one task into another: `from` nil makes it.
///
/// Properties in `kept` (those todo does not hold for this task: Taskwarrior's `parent`,
/// `imask`, legacy keys, values it cannot read) are left as they are, never removed.
public func replicaOperations(uuid: UUID, from old: TaskMap?, to new: TaskMap, kept: Set<String>, at: Date)
    -> [TaskOperation]
{
    var operations: [TaskOperation] = []
    if old == nil { operations.append(.create(uuid)) }
    let old = old ?? [:]
    for (property, value) in new.sorted(by: { $0.key < $1.key })
    where old[property] != value && !kept.contains(property) {
        operations.append(.update(uuid, property: property, value: value, at: at))
    }
    for property in old.keys.sorted() where new[property] == nil && !kept.contains(property) {
        operations.append(.update(uuid, property: property, value: nil, at: at))
    }
    return operations
}

/// What a TaskChampion sync makes of the local todos (`Action.replicaSynced`).
public struct ReplicaChange: Equatable, Sendable, Codable {
    public var replica: ReplicaState
    /// Each takes this content (by UUID); a new one is added with the next free number.
    public var todos: [ImportedTodo]
    /// Deleted, purged, or become a task todo does not show.
    public var removed: [UUID]

    public init(replica: ReplicaState, todos: [ImportedTodo] = [], removed: [UUID] = []) {
        self.replica = replica
        self.todos = todos
        self.removed = removed
    }
}

extension ReplicaState: Codable {}

extension TodoState {
    /// Takes a TaskChampion sync's result: no undo step, as no sync is one.
    mutating func apply(_ change: ReplicaChange) throws(ReduceError) {
        let removed = Set(change.removed)
        if !removed.isEmpty { todos.removeAll { removed.contains($0.uuid) } }
        var indexByUUID: [UUID: Int] = [:]
        for (index, todo) in todos.enumerated() { indexByUUID[todo.uuid] = index }
        for item in change.todos {
            var content = item.content
            content.name = Todo.normalizedName(content.name)
            if content.name.isEmpty { content.name = "(no description)" }
            if let index = indexByUUID[item.uuid] {
                todos[index].content = content
                continue
            }
            var todo = Todo(id: try takeNextId(), uuid: item.uuid, name: content.name, createdAt: content.createdAt)
            todo.content = content
            indexByUUID[item.uuid] = todos.count
            todos.append(todo)
        }
        // One kind of sync at a time: todo-server's bookkeeping goes.
        if sync.datasetId != nil || !sync.outbox.isEmpty || !sync.deletions.isEmpty {
            for index in todos.indices { todos[index].base = nil }
        }
        sync = SyncState(replica: change.replica)
    }
}

extension UUID {
    /// Whether `a` sorts before `b` as their text forms do, without making them (which costs
    /// a formatted print each).
    public static func precedes(_ a: UUID, _ b: UUID) -> Bool {
        withUnsafeBytes(of: a.uuid) { first in
            withUnsafeBytes(of: b.uuid) { second in first.lexicographicallyPrecedes(second) }
        }
    }
}
