import Foundation
import TodoCore
import TodoStore

/// `todo show ID`: every field of one todo, its urgency; the todos it depends on by number and name.
enum ShowCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        let reference = invocation.arguments[0]
        return .read(reads: .referencedBy([reference])) { state, file in
            let todo = try state.resolve(reference)
            if invocation.flag(.json) { return Output(stdout: json(todo)) }
            let udas = todo.udas.isEmpty ? UDASchema.none : try context.udaSchema()
            let urgency = try self.urgency(of: todo, file, context)
            return Output(stdout: details(todo, context.localTime, dependencies: try dependencies(of: todo, file), udas: udas, urgency: urgency))
        }
    }

    /// Its urgency with the config's coefficients: for an open todo, which others block it or
    /// wait on it comes from a read of every open todo.
    private static func urgency(of todo: Todo, _ file: StateFile, _ context: Context) throws -> Double {
        let open = todo.completed ? [] : try file.load(.completed(false)).todos
        let scores = FilterContext(dates: context.dateContext, dependencies: Dependencies(open), urgency: try context.config()?.urgency() ?? .taskwarrior)
        return Urgency.score(todo, in: scores)
    }

    /// The todos `todo` depends on that are here, by UUID: a second read of only those.
    private static func dependencies(of todo: Todo, _ file: StateFile) throws -> [UUID: Todo] {
        guard !todo.depends.isEmpty else { return [:] }
        let state = try file.load(.referencedBy(todo.depends.map { $0.uuidString.lowercased() }))
        return Dictionary(state.todos.filter { todo.depends.contains($0.uuid) }.map { ($0.uuid, $0) }) { first, _ in first }
    }
}
