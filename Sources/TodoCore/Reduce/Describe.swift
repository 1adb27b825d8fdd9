import Foundation

/// A short phrase saying what `action` does to `state`, as `undo` reports it.
public func describe(_ action: Action, in state: TodoState) -> String {
    switch action {
    case .add(let new):
        return "add #\(state.nextId) \(quoted(Todo.normalizedName(new.name)))"
    case .edit(let ids, let changes, _):
        var fields: [String] = []
        for change in changes where !fields.contains(change.field.key) { fields.append(change.field.key) }
        let todos = ids.count == 1 ? label(ids[0], in: state) : numbers(ids)
        return "edit \(todos) (\(fields.joined(separator: ", ")))"
    case .toggle(let ids, _):
        if ids.count == 1, let todo = state.todo(id: ids[0]) {
            return "\(todo.completed ? "reopen" : "complete") \(label(todo.id, in: state))"
        }
        return "toggle \(numbers(ids))"
    case .completed(let ids, _):
        return ids.count == 1 ? "complete \(label(ids[0], in: state))" : "complete \(numbers(ids))"
    case .reopened(let ids, _):
        return ids.count == 1 ? "reopen \(label(ids[0], in: state))" : "reopen \(numbers(ids))"
    case .annotated(let id, _, _):
        return "annotate \(label(id, in: state))"
    case .delete(let ids, _):
        return ids.count == 1 ? "delete \(label(ids[0], in: state))" : "delete \(numbers(ids))"
    case .deleteSeries(let ids, _):
        let count = ids.count == 1 ? "" : " (\(ids.count) todos)"
        return ids.isEmpty ? "delete a series" : "delete the series of \(label(ids[0], in: state))\(count)"
    case .expired(let ids, _):
        return ids.count == 1 ? "expire \(label(ids[0], in: state))" : "expire \(numbers(ids))"
    case .clearCompleted:
        let count = state.todos.count { $0.completed }
        return "clear-completed (\(count) todo\(count == 1 ? "" : "s"))"
    case .undo:
        return "undo"
    case .batch(let actions):
        return "batch of \(actions.count) action\(actions.count == 1 ? "" : "s")"
    case .importTodos(let todos, _):
        return "import of \(todos.count) todo\(todos.count == 1 ? "" : "s")"
    case .hooksRewrote(let action, _):
        return describe(action, in: state)
    case .syncReset, .syncPulled, .syncResynced, .syncQueued, .syncPushed, .replicaSynced:
        return "sync"
    }
}

private func label(_ id: Int, in state: TodoState) -> String {
    guard let todo = state.todo(id: id) else { return "#\(id)" }
    return "#\(id) \(quoted(todo.name))"
}

private func quoted(_ name: String) -> String {
    let oneLine = name.replacingOccurrences(of: "\n", with: " ")
    return "\"" + (oneLine.count > 40 ? oneLine.prefix(39) + "…" : oneLine) + "\""
}

private func numbers(_ ids: [Int]) -> String {
    let shown = ids.prefix(5).map { "#\($0)" }.joined(separator: ", ")
    return ids.count > 5 ? "\(shown) and \(ids.count - 5) more" : shown
}
