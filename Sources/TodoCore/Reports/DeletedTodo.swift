import Foundation

/// A todo deleted from this state, as far as the state still knows it: from the undo history
/// (its last version and when it was deleted) or from a deletion waiting to be synced (the
/// server's last copy; when it was deleted is not kept).
///
/// Nothing remains of a deletion once both are gone: the step has left the undo history
/// (100 steps, or 32 MiB of them) and the server has acknowledged the deletion.
public struct DeletedTodo: Equatable, Sendable {
    public var todo: Todo
    /// When it was deleted; nil when only a pending sync deletion knows it.
    public var at: Date?

    public init(todo: Todo, at: Date?) {
        self.todo = todo
        self.at = at
    }
}

extension TodoState {
    /// The todos deleted that the undo history or the sync tombstones still know, oldest
    /// deletion first, those without a time last. The history must have been read.
    public var deletedTodos: [DeletedTodo] {
        let present = Set(todos.lazy.map(\.uuid))
        var found: [UUID: DeletedTodo] = [:]
        var order: [UUID] = []
        // The last step that touched a todo no longer here is the one that deleted it.
        for entry in history {
            for prior in entry.before {
                guard let todo = prior.todo, !present.contains(todo.uuid) else { continue }
                if found[todo.uuid] == nil { order.append(todo.uuid) }
                found[todo.uuid] = DeletedTodo(todo: todo, at: entry.at)
            }
        }
        var deleted = order.compactMap { found[$0] }.sorted { ($0.at ?? .distantFuture) < ($1.at ?? .distantFuture) }
        for deletion in sync.deletions where found[deletion.uuid] == nil && !present.contains(deletion.uuid) {
            guard let content = deletion.base.content else { continue }
            var todo = Todo(id: 0, uuid: deletion.uuid, name: deletion.name, createdAt: content.createdAt)
            todo.content = content
            deleted.append(DeletedTodo(todo: todo, at: nil))
        }
        return deleted
    }
}
