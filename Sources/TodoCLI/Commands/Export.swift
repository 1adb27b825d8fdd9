import TodoCore
import TodoStore

/// `todo export`: every todo, every field, in number order, as `todo import` reads it.
enum ExportCommand {
    static let format = "todo-export"
    static let version = 1

    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .query { state in Output(stdout: export(state.todos)) }
    }

    static func export(_ todos: [Todo]) -> String {
        var writer = JSONWriter(capacity: 320 * todos.count + 64)
        writer.raw("{\"format\": ")
        writer.string(format)
        writer.raw(", \"version\": ")
        writer.int(version)
        writer.raw(",\n \"todos\": [")
        for (index, todo) in todos.enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            StateCodec.write(todo, to: &writer)
        }
        writer.raw(todos.isEmpty ? "]}\n" : "\n ]}\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
