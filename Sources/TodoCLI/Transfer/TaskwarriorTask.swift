import Foundation
import TodoCore

/// One task of `task export`, read: the todo it becomes and where it stands in a series.
struct TaskwarriorTask {
    var todo: ImportedTodo
    /// pending, waiting, completed or recurring (a series' template).
    var status: String
    /// A recurring instance's template.
    var parent: UUID?
    /// A recurring instance's place in its series: 0 for the first.
    var imask: Int?

    var isTemplate: Bool { status == "recurring" }

    /// The namespace of the UUIDs given to tasks that come without one: fixed once, never to
    /// change, or importing the same file again would add them again.
    static let namespace = UUID(uuidString: "8d3f6c1a-2b7e-4f90-9a41-5c0e7d2b6f38")!

    /// Reads `task`, or throws why todo cannot hold it. A task without a uuid gets the
    /// name-based UUID of its description, entry, project and due (the same task imported
    /// again is the same todo), and without an entry it was made `context.now`, as `task
    /// import` fills them in.
    init(_ task: [String: Any], in context: DateContext) throws(InputError) {
        status = task["status"] as? String ?? "pending"
        let uuid: UUID
        if let given = task["uuid"] {
            guard let text = given as? String, let parsed = UUID(uuidString: text) else {
                throw InputError("no valid \"uuid\"")
            }
            uuid = parsed
        } else {
            let identity = ["description", "entry", "project", "due"].map { (task[$0] as? String) ?? "" }.joined(
                separator: "\u{0}")
            uuid = UUID(name: identity, namespace: Self.namespace)
        }
        let entry = try Self.date(task, "entry") ?? context.now
        let end = try Self.date(task, "end")
        let modified = try Self.date(task, "modified")
        let completed = status == "completed"
        todo = ImportedTodo(
            uuid: uuid, name: "", completed: completed, createdAt: entry, updatedAt: modified ?? end ?? entry,
            completedAt: completed ? end ?? modified : nil)
        for field in TodoField.allCases { try read(field, of: task, in: context) }
        parent = (task["parent"] as? String).flatMap(UUID.init(uuidString:))
        imask = (task["imask"] as? NSNumber)?.intValue ?? (task["imask"] as? String).flatMap { Int($0) }
    }

    /// Sets `field` from its attribute of `task`, if the field table gives it one.
    private mutating func read(_ field: TodoField, of task: [String: Any], in context: DateContext) throws(InputError) {
        guard let key = field.spec.taskwarrior else { return }
        let found = field.spec.kind == .udas ? Self.udas(of: task) : task[key]
        guard let found, !(found is NSNull) else {
            if field == .name { throw InputError("no \"\(key)\"") }
            return
        }
        if let udas = found as? [String: Any],
            let bad = udas.keys.sorted().first(where: { TaskwarriorFormat.text(udas[$0]!) == nil })
        {
            throw InputError("\"\(bad)\" is not a string or a number")
        }
        let raw = try TaskwarriorValue.incoming(found, for: field)
        guard let value = TaskwarriorFormat.value(raw, of: field.spec.kind, in: context) else {
            throw InputError("\"\(key)\" is not \(field.spec.kind.taskwarriorForm)")
        }
        do {
            try todo.set(field, value)
        } catch {
            throw InputError(explain(error).0)
        }
    }

    /// The attributes of `task` that are no field and not Taskwarrior's own; nil when none.
    static func udas(of task: [String: Any]) -> [String: Any]? {
        let known = UDA.reserved.union(TodoField.allCases.compactMap(\.spec.taskwarrior))
        let udas = task.filter { !known.contains($0.key) }
        return udas.isEmpty ? nil : udas
    }

    /// The date at `key`, nil when there is none.
    static func date(_ task: [String: Any], _ key: String) throws(InputError) -> Date? {
        guard let value = task[key] else { return nil }
        guard let text = value as? String, let date = TaskwarriorDate.parse(text) else {
            throw InputError("\"\(key)\" is not a Taskwarrior date (like 20260121T101500Z)")
        }
        return date
    }
}

/// The values whose Taskwarrior form differs from todo's: a project with blanks, a period.
enum TaskwarriorValue {
    /// What todo writes for a blank in a project (a project is a word): `my home` is `my␣home`.
    static let blank: Character = "\u{2423}"

    /// `raw` as todo reads it for `field`, or why it cannot be.
    static func incoming(_ raw: Any, for field: TodoField) throws(InputError) -> Any {
        switch field {
        case .project:
            guard let text = raw as? String else { return raw }
            if text.contains(blank) {
                throw InputError("the project '\(text)' holds \(blank), which todo writes for a blank")
            }
            return String(text.map { $0 == " " ? blank : $0 })
        case .recur:
            guard let text = raw as? String, !text.isEmpty else { return raw }
            guard let rule = Recurrence(taskwarriorPeriod: text) else {
                throw InputError("the recurrence '\(text)' is no rule todo has (\(Recurrence.accepted))")
            }
            return rule.rule
        case .name, .description, .notes, .tags, .priority, .due, .wait, .scheduled, .start, .depends, .annotations,
            .until,
            .series, .anchor, .udas:
            return raw
        }
    }

    /// `value` of `field` as Taskwarrior writes it.
    static func outgoing(_ value: FieldValue, for field: TodoField) -> FieldValue {
        switch field {
        case .project: .word(value.wordValue?.map { String($0.map { $0 == blank ? " " : $0 }) })
        case .recur: .word(value.wordValue?.flatMap(Recurrence.init(rule:)).map(\.taskwarriorPeriod))
        case .name, .description, .notes, .tags, .priority, .due, .wait, .scheduled, .start, .depends, .annotations,
            .until,
            .series, .anchor, .udas:
            value
        }
    }
}
