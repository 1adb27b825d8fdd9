import Foundation
import TodoCore
import TodoStore

/// `todo show ID`: every field of one todo, its urgency; the todos it depends on by number and name.
enum ShowCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        let reference = invocation.argument(.todo)
        let asJSON = invocation.flag(.json)
        return .read(
            reads: .referencedBy([reference]),
            then: { state in
                guard !asJSON, let todo = try? state.resolve(reference) else { return .nothing }
                return further(of: todo)
            }
        ) { state, further in
            let todo = try state.resolve(reference)
            if asJSON { return Output(stdout: json(todo)) }
            let udas = todo.udas.isEmpty ? UDASchema.none : try context.udaSchema()
            let urgency = try self.urgency(of: todo, further.todos, context)
            return Output(
                stdout: details(
                    todo, context.localTime, dependencies: dependencies(of: todo, further.todos), udas: udas,
                    urgency: urgency))
        }
    }

    /// What is read after the todo: those it depends on, by UUID, and for an open one the open
    /// todos that depend on it (its urgency counts whether it blocks or is blocked).
    private static func further(of todo: Todo) -> FurtherRead {
        FurtherRead(uuids: todo.depends, dependentsOf: todo.completed ? [] : [todo.uuid])
    }

    /// Its urgency with the config's coefficients: for an open todo, which others block it or
    /// wait on it, from the todos it depends on and the open ones that depend on it (what a
    /// read of every open todo would tell of it).
    private static func urgency(of todo: Todo, _ further: [Todo], _ context: Context) throws -> Double {
        let around = todo.completed ? [] : [todo] + further.filter { $0.uuid != todo.uuid }
        let scores = FilterContext(
            dates: context.dateContext, dependencies: Dependencies(around),
            urgency: try context.config()?.urgency() ?? .taskwarrior)
        return Urgency.score(todo, in: scores)
    }

    /// The todos `todo` depends on that are here, by UUID, from the further read.
    private static func dependencies(of todo: Todo, _ further: [Todo]) -> [UUID: Todo] {
        guard !todo.depends.isEmpty else { return [:] }
        return Dictionary(further.filter { todo.depends.contains($0.uuid) }.map { ($0.uuid, $0) }) { first, _ in first }
    }
}
