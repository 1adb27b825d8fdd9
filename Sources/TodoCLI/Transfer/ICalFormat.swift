import TodoCore
import TodoICalMapping

/// `todo import --from ical`: the VTODOs of an .ics file as todos (`ICalTodoFile`), with a
/// note for each value todo could not hold.
enum ICalFormat {
    static func read(_ bytes: [UInt8], in context: DateContext) throws(InputError) -> (TaskwarriorImport, [String]) {
        do {
            let (todos, notes) = try ICalTodoFile.read(bytes, clock: ICalClock(context: context))
            return (TaskwarriorImport(todos: todos, skipped: []), notes.map { "note: " + $0 })
        } catch {
            throw InputError(error.message)
        }
    }

    /// `todos` with each dependency on a todo neither among them nor in `state` left out: a
    /// RELATED-TO may name a todo the file does not hold.
    static func knownDependencies(_ todos: [ImportedTodo], in state: TodoState) -> [ImportedTodo] {
        let known = Set(todos.map(\.uuid)).union(state.todos.map(\.uuid))
        return todos.map { todo in
            var todo = todo
            todo.content.depends = todo.content.depends.filter(known.contains)
            return todo
        }
    }
}
