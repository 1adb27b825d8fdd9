import TodoCore
import TodoICalMapping
import TodoStore
import TodoWire

/// `todo export [--to FORMAT]`: every todo in number order, as `todo import --from FORMAT`
/// reads it: in todo's own JSON every field, else what Taskwarrior, todo.txt or iCalendar can hold.
enum ExportCommand {
    static let format = "todo-export"
    static let version = 1

    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        let to = TransferFormat(rawValue: invocation.value(.to) ?? "") ?? .todo
        let dates = DateContext(now: context.now(), timeZone: context.timeZone)
        return .query { state in
            switch to {
            case .todo: Output(stdout: export(state.todos))
            case .taskwarrior: Output(stdout: TaskwarriorExport.export(state.todos, in: dates))
            case .todotxt: Output(stdout: TodoTxtExport.export(state.todos))
            case .ical: Output(stdout: ICalTodoFile.export(state.todos, clock: ICalClock(context: dates)))
            }
        }
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
