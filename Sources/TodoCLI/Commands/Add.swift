import Foundation
import TodoCore
import TodoStore

/// `todo add NAME...`: attribute words and options set fields; `-` adds a todo per line of stdin.
/// In the todo.txt dialect the words are a todo.txt line (`TodoTxtLine`), and so is each line of stdin.
enum AddCommand {
    /// With `logging`, Taskwarrior's `log`: the todos are added completed.
    static func plan(_ invocation: Invocation, _ context: Context, logging: Bool = false) throws -> Plan {
        let dates = context.dateContext
        let config = try context.config()
        let dialect = try context.dialect(invocation, config)
        let typed = dialect == .todotxt ? TodoTxtLine(invocation.arguments, literalFrom: invocation.literalFrom) : nil
        let words =
            try typed.map { AttributeWords(name: $0.name) }
            ?? AttributeWords(
                invocation.arguments, literalFrom: invocation.literalFrom, removing: false, in: dates,
                udas: AttributeWords.udas(for: invocation.arguments, in: config))
        // The context's tags and project come first, so that the todo's own words win.
        let contextual = try ReportSettings(invocation, config, context.environment).additions(dates)
        let options = try AttributeWords.optionChanges(invocation, in: InputContext(dates: dates))
        let namesTodos = words.needsTodos || AttributeWords.optionsNameTodos(invocation)
        let dash = invocation.arguments.firstIndex(of: "-")
        let fromStdin = words.name == ["-"] && dash.map { $0 < invocation.literalFrom ?? Int.max } == true
        let typedItem =
            typed.map { Item($0, now: dates.now) }
            ?? Item(name: words.name.joined(separator: " "), changes: words.changes, createdAt: dates.now)
        let items: [Item] =
            !fromStdin
            ? [typedItem]
            : lines(context.stdinText).map(String.init).filter { !Todo.normalizedName($0).isEmpty }.map { line in
                var item =
                    dialect == .todotxt
                    ? Item(TodoTxtLine([line]), now: dates.now) : Item(name: line, changes: [], createdAt: dates.now)
                item.changes = typedItem.changes + item.changes
                return item
            }
        if !fromStdin, items[0].name.isEmpty, !(items[0].changes + options).isEmpty {
            throw CommandError(
                message: "'add' needs a NAME besides attribute words and options", status: ExitStatus.usage)
        }
        let uuids = items.map { _ in context.newUUID() }
        if items.isEmpty { return .output(nothingGiven(invocation)) }
        /// The todos to add, with the changes that name other todos read against `state`.
        func actions(_ state: TodoState) throws -> [Action] {
            let shared =
                namesTodos
                ? try words.referenceChanges(in: state, dates: dates)
                    + AttributeWords.optionChanges(invocation, in: InputContext(dates: dates, todos: state))
                : options
            let new = zip(uuids, items).map {
                NewTodo(uuid: $0, name: $1.name, changes: contextual + $1.changes + shared, createdAt: $1.createdAt)
            }
            if logging {
                return [
                    .batch(
                        new.map(Action.add) + [
                            .completed(ids: Array(state.nextId..<state.nextId + new.count), at: dates.now)
                        ])
                ]
            }
            return new.count == 1 ? [.add(new[0])] : [.batch(new.map(Action.add))]
        }
        return .change(reads: namesTodos ? .all : .none, actions: actions) { change in
            let uuids = Set(uuids)
            let added = change.after.todos.filter { uuids.contains($0.uuid) }
            if invocation.flag(.json) { return Output(stdout: fromStdin ? json(added) : json(added[0])) }
            return Output(stdout: added.map { "\($0.id)\n" }.joined())
        }
    }

    /// One todo to add: its name, the changes its own words make, when it was made.
    private struct Item {
        var name: String
        var changes: [FieldChange]
        var createdAt: Date

        init(name: String, changes: [FieldChange], createdAt: Date) {
            self.name = name
            self.changes = changes
            self.createdAt = createdAt
        }

        /// A todo.txt line: a creation date it gives is kept, unless after `now`.
        init(_ line: TodoTxtLine, now: Date) {
            self.init(
                name: line.name.joined(separator: " "), changes: line.changes(),
                createdAt: min(line.created ?? now, now))
        }
    }
}
