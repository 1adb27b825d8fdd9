import Foundation
import TodoCore
import TodoStore

/// `todo duplicate ID [WORDS...]`: a new todo with the fields of another, as Taskwarrior's
/// duplicate makes one: open, made now, not started and in no series of the original's (a
/// rule it has starts a series of its own); words and options change the copy as edit's do.
enum DuplicateCommand {
    /// The fields a copy does not take: where work on the original stands, and its series.
    static let notCopied: Set<TodoField> = [.start, .series, .anchor]

    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        guard let reference = invocation.arguments.first else {
            throw CommandError(message: "'duplicate' needs the ID of the todo to copy", status: ExitStatus.usage)
        }
        let words = Array(invocation.arguments.dropFirst())
        let dates = context.dateContext
        let config = try context.config()
        let read = try AttributeWords(
            words, literalFrom: invocation.literalFrom.map { $0 - 1 }, removing: true, in: dates,
            udas: try AttributeWords.udas(for: words, in: config))
        let options = try AttributeWords.optionChanges(invocation, in: InputContext(dates: dates))
        let uuid = context.newUUID()
        return .change(
            reads: .all,
            actions: { state in
                let original = try state.resolve(reference)
                var changes = TodoField.allCases.filter { !notCopied.contains($0) }.map {
                    FieldChange.set($0, $0.value(of: original))
                }
                if !read.name.isEmpty { changes.append(FieldChange(.name, read.name.joined(separator: " "))) }
                changes += try read.changes(in: state, dates: dates) + options
                return [.add(NewTodo(uuid: uuid, name: original.name, changes: changes, createdAt: dates.now))]
            }
        ) { change in
            guard let copy = change.after.todos.first(where: { $0.uuid == uuid }),
                let original = try? change.before.resolve(reference)
            else { return Output() }
            if invocation.flag(.json) { return Output(stdout: json(copy)) }
            var output = Output(stdout: "\(copy.id)\n")
            output.info = "Duplicated \(label(original)) as #\(copy.id)\n"
            return output
        }
    }
}
