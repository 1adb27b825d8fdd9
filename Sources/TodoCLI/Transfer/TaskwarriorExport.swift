import Foundation
import TodoCore
import TodoStore
import TodoWire

/// `todo export --to taskwarrior`: a JSON array as `task export` prints it, for `task import`.
///
/// uuid, status (pending or completed), entry, modified and end from the todo; each field the
/// field table gives a Taskwarrior attribute (`FieldSpec.taskwarrior`); the lines of the
/// description and then of the notes as annotations (`TaskwarriorAnnotations`), as
/// Taskwarrior has no other place for them. Dates are to the second, as Taskwarrior keeps them.
/// A series goes out as a template and its instances (`TaskwarriorSeriesExport`); a project's
/// `␣` as the blank it stands for (`TaskwarriorValue`).
enum TaskwarriorExport {
    /// Where a task stands in a recurring series, if it does.
    enum Role {
        case instance(TaskwarriorSeriesExport.Instance)
        case template(TaskwarriorSeriesExport.Template)

        var period: String {
            switch self {
            case .instance(let instance): instance.period
            case .template(let template): template.period
            }
        }
    }

    static func export(_ todos: [Todo], in context: DateContext) -> String {
        let series = TaskwarriorSeriesExport(todos, in: context)
        var writer = JSONWriter(capacity: 400 * todos.count + 8)
        writer.raw("[")
        var first = true
        func next() {
            writer.raw(first ? "\n" : ",\n")
            first = false
        }
        for template in series.templates {
            next()
            write(template.todo, .template(template), to: &writer, in: context)
        }
        for todo in todos {
            next()
            write(todo, series.instances[todo.uuid].map(Role.instance), to: &writer, in: context)
        }
        writer.raw("\n]\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// One task; `deletedAt` writes it as Taskwarrior's deleted task (for hooks: todo keeps none).
    static func write(
        _ todo: Todo, _ role: Role? = nil, deletedAt: Date? = nil, to writer: inout JSONWriter, in context: DateContext
    ) {
        func date(_ key: StaticString, _ date: Date) {
            writer.raw(",")
            writer.key(key)
            writer.string(TaskwarriorDate.string(date))
        }
        writer.raw("{\"uuid\":")
        writer.lowercaseUUID(todo.uuid)
        writer.raw(",\"status\":")
        if case .template = role {
            writer.string("recurring")
        } else {
            writer.string(deletedAt != nil ? "deleted" : todo.completed ? "completed" : "pending")
        }
        date("entry", todo.createdAt)
        date("modified", todo.updatedAt)
        if let end = deletedAt ?? (todo.completed ? todo.completedAt ?? todo.updatedAt : nil) { date("end", end) }
        // Taskwarrior has no description or notes beside the name: their lines go to it as
        // annotations, after the todo's own.
        var exported = todo
        let lines = (todo.description + "\n" + todo.notes).split(whereSeparator: \.isNewline)
        exported.annotations += TaskwarriorAnnotations.annotations(lines, from: todo.createdAt, in: context)
            .map { Annotation(at: $0.entry, text: $0.text) }
        for field in TodoField.allCases {
            var value = TaskwarriorValue.outgoing(field.value(of: exported), for: field)
            // Every task of a series has its period; todo's other occurrences hold no rule.
            if field == .recur, let role { value = .word(role.period) }
            guard let key = field.spec.taskwarrior, value.isSet else { continue }
            if case .udas(let udas) = value {
                // Each user-defined attribute is an attribute of the task itself.
                for (name, text) in udas.sorted(by: { $0.key < $1.key }) {
                    writer.raw(",")
                    writer.string(name)
                    writer.raw(":")
                    writer.string(text)
                }
                continue
            }
            writer.raw(",")
            writer.string(key)
            writer.raw(":")
            write(value, to: &writer, in: context)
        }
        if let role { write(role, to: &writer) }
        writer.raw("}")
    }

    /// The attributes Taskwarrior keeps for a task of a series.
    static func write(_ role: Role, to writer: inout JSONWriter) {
        switch role {
        case .instance(let instance):
            writer.raw(",\"parent\":")
            writer.lowercaseUUID(instance.parent)
            writer.raw(",\"imask\":")
            writer.int(instance.imask)
        case .template(let template):
            writer.raw(",\"mask\":")
            writer.string(template.mask)
        }
        writer.raw(",\"rtype\":\"periodic\"")
    }

    /// A field's value as Taskwarrior writes its attribute.
    static func write(_ value: FieldValue, to writer: inout JSONWriter, in context: DateContext) {
        switch value {
        case .text(let text): writer.string(text)
        case .tags(let tags):
            writer.raw("[")
            for (index, tag) in tags.sorted().enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(tag)
            }
            writer.raw("]")
        case .word(let word): writer.string(word ?? "")
        case .priority(let priority): writer.string(priority?.rawValue ?? "")
        case .date(let date):
            writer.string(date.map { TaskwarriorDate.string(TaskwarriorDate.instant($0, in: context)) } ?? "")
        case .uuids(let uuids):
            writer.raw("[")
            for (index, uuid) in uuids.sorted(by: { $0.uuidString < $1.uuidString }).enumerated() {
                if index > 0 { writer.raw(",") }
                writer.lowercaseUUID(uuid)
            }
            writer.raw("]")
        case .annotations(let annotations):
            // Taskwarrior keeps one annotation a second: later ones that share one move on.
            var last: Date?
            writer.raw("[")
            for (index, annotation) in annotations.enumerated() {
                var entry = annotation.at
                if let last, entry <= last { entry = last.addingTimeInterval(1) }
                last = entry
                writer.raw(index == 0 ? "{\"entry\":" : ",{\"entry\":")
                writer.string(TaskwarriorDate.string(entry))
                writer.raw(",\"description\":")
                writer.string(annotation.text)
                writer.raw("}")
            }
            writer.raw("]")
        case .udas(let udas):
            // Only inside a task (see `write(_:to:in:)`), where each is its own attribute.
            writer.raw("{")
            for (index, (name, value)) in udas.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(name)
                writer.raw(":")
                writer.string(value)
            }
            writer.raw("}")
        }
    }
}
