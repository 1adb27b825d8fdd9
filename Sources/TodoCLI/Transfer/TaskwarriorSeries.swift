import Foundation
import TodoCore

/// Taskwarrior's recurring tasks as todo's series (see `Series`). Taskwarrior keeps a
/// template (status recurring, with `recur`, `mask` and the first `due`) and makes its
/// instances (`parent`, `imask`: their place in the series) ahead of time; todo keeps the
/// occurrences only, and the open one holds the rule. So the instances of a template are one
/// series: the latest pending one holds the rule and `until`, counting from the template's
/// due date (its anchor), and the others keep their place as occurrences (completed ones
/// as done). With no instance pending, the template makes the next occurrence.
///
/// The series' UUID is the template's, unless the template's UUID is the one todo's export
/// derives from an instance (`templateUUID`), for a series whose first occurrence is a todo:
/// then it is that instance's, so the series goes there and back as itself.
enum TaskwarriorSeries {
    /// The name of a template's UUID in the namespace of its series' UUID.
    static let templateName = "taskwarrior-template"

    /// The UUID of the template of `series`: its own UUID when no todo has it (a series
    /// imported from Taskwarrior), else a name-based UUID of it.
    static func templateUUID(of series: UUID, isTodo: Bool) -> UUID {
        isTodo ? UUID(name: templateName, namespace: series) : series
    }

    /// The todos of `tasks` with their series settled, and the templates merged into them.
    static func assemble(_ tasks: [TaskwarriorTask], in context: DateContext) -> (
        todos: [ImportedTodo], templates: [TaskwarriorTask]
    ) {
        let templates = tasks.filter(\.isTemplate)
        var todos: [ImportedTodo] = []
        var members: [UUID: [(index: Int, imask: Int?)]] = [:]
        var order: [UUID] = []
        for task in tasks where !task.isTemplate {
            if let key = task.parent ?? (task.todo.content.recur != nil ? task.todo.uuid : nil) {
                if members[key] == nil { order.append(key) }
                members[key, default: []].append((todos.count, task.imask))
            }
            todos.append(task.todo)
        }
        let byUUID = Dictionary(templates.map { ($0.todo.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        for key in order { settle(key, members[key] ?? [], template: byUUID[key], in: &todos, context) }
        for template in templates where members[template.todo.uuid] == nil {
            settle(template.todo.uuid, [], template: template, in: &todos, context)
        }
        return (todos, templates)
    }

    /// Makes the todos at `members` (instances of `key`) one series; the latest pending one,
    /// or a new one made from the template, holds its rule.
    private static func settle(
        _ key: UUID, _ members: [(index: Int, imask: Int?)], template: TaskwarriorTask?, in todos: inout [ImportedTodo],
        _ context: DateContext
    ) {
        let ordered = members.sorted { ($0.imask ?? .max, $0.index) < ($1.imask ?? .max, $1.index) }.map(\.index)
        let series = ordered.map { todos[$0].uuid }.first { templateUUID(of: $0, isTodo: true) == key } ?? key
        let own = ordered.compactMap { todos[$0].content.recur }.first
        let rule = template?.todo.content.recur ?? own
        let start = template?.todo.content.due ?? ordered.first.flatMap { todos[$0].content.due }
        for index in ordered {
            todos[index].content.series = series
            todos[index].content.recur = nil
        }
        guard let rule, let start else { return }
        let anchor = SeriesAnchor(start, in: context.timeZone)
        if let open = ordered.last(where: { !todos[$0].content.completed && todos[$0].content.due != nil }) {
            todos[open].content.recur = rule
            todos[open].content.anchor = anchor
            if todos[open].content.until == nil { todos[open].content.until = template?.todo.content.until }
        } else if let template {
            let last = ordered.last.map { todos[$0] }
            if let next = occurrence(after: last, of: template, series: series, rule: rule, anchor: anchor, in: context)
            {
                todos.append(next)
            }
        }
    }

    /// The open occurrence the template makes after `last` (the first, without one); nil
    /// when it would be due after the series' `until`.
    private static func occurrence(
        after last: ImportedTodo?, of template: TaskwarriorTask, series: UUID, rule: Recurrence, anchor: SeriesAnchor,
        in context: DateContext
    ) -> ImportedTodo? {
        guard let start = template.todo.content.due else { return nil }
        var todo = template.todo
        todo.uuid = last.map { UUID(name: $0.uuid.uuidString.lowercased(), namespace: series) } ?? series
        let due =
            last.flatMap { done in
                done.content.due.map {
                    rule.next(after: $0, anchor: anchor, doneAt: done.content.completedAt ?? done.content.updatedAt)
                }
            } ?? start
        if let until = todo.content.until, due.isAfter(until, on: context) { return nil }
        todo.content.completed = false
        todo.content.completedAt = nil
        guard (try? todo.set(.due, .date(due))) != nil else { return nil }
        (todo.content.wait, todo.content.start) = (nil, nil)
        (todo.content.series, todo.content.recur, todo.content.anchor) = (series, rule, anchor)
        return todo
    }
}
