import Foundation
import TodoCore
import TodoStore

/// `todo export --to taskwarrior`: a JSON array as `task export` prints it, for `task import`.
///
/// uuid, status (pending or completed), entry, modified and end from the todo; each field the
/// field table gives a Taskwarrior attribute (`FieldSpec.taskwarrior`); the lines of the
/// description and then of the notes as annotations (`TaskwarriorAnnotations`), as
/// Taskwarrior has no other place for them. Dates are to the second, as Taskwarrior keeps them.
enum TaskwarriorExport {
    static func export(_ todos: [Todo], in context: DateContext) -> String {
        var writer = JSONWriter(capacity: 400 * todos.count + 8)
        writer.raw("[")
        for (index, todo) in todos.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            write(todo, to: &writer, in: context)
        }
        writer.raw("\n]\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func write(_ todo: Todo, to writer: inout JSONWriter, in context: DateContext) {
        func date(_ key: StaticString, _ date: Date) {
            writer.raw(",")
            writer.key(key)
            writer.string(TaskwarriorDate.string(date))
        }
        writer.raw("{\"uuid\":")
        writer.uuid(todo.uuid)
        writer.raw(",\"status\":")
        writer.string(todo.completed ? "completed" : "pending")
        date("entry", todo.createdAt)
        date("modified", todo.updatedAt)
        if todo.completed { date("end", todo.completedAt ?? todo.updatedAt) }
        for field in TodoField.allCases {
            let value = field.value(of: todo)
            guard let key = field.spec.taskwarrior, value.isSet else { continue }
            writer.raw(",")
            writer.string(key)
            writer.raw(":")
            write(value, to: &writer, in: context)
        }
        let lines = (todo.description + "\n" + todo.notes).split(whereSeparator: \.isNewline)
        let annotations = TaskwarriorAnnotations.annotations(lines, from: todo.createdAt, in: context)
        if !annotations.isEmpty {
            writer.raw(",\"annotations\":[")
            for (index, annotation) in annotations.enumerated() {
                writer.raw(index == 0 ? "{\"entry\":" : ",{\"entry\":")
                writer.string(TaskwarriorDate.string(annotation.entry))
                writer.raw(",\"description\":")
                writer.string(annotation.text)
                writer.raw("}")
            }
            writer.raw("]")
        }
        writer.raw("}")
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
        case .date(let date): writer.string(date.map { TaskwarriorDate.string(TaskwarriorDate.instant($0, in: context)) } ?? "")
        }
    }
}
