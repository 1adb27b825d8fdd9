import TodoCore
import TodoStore

/// `todo add NAME...`: attribute words and options set fields; `-` adds a todo per line of stdin.
enum AddCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let dates = context.dateContext
        let config = try context.config()
        let udas = try AttributeWords.udas(for: invocation.arguments, in: config)
        let words = try AttributeWords(invocation.arguments, literalFrom: invocation.literalFrom, removing: false, in: dates, udas: udas)
        // The context's tags and project come first, so that the todo's own words win.
        let contextual = try ReportSettings(invocation, config, context.environment).additions(dates)
        let changes = words.changes + (try AttributeWords.optionChanges(invocation, in: InputContext(dates: dates)))
        let namesTodos = words.needsTodos || AttributeWords.optionsNameTodos(invocation)
        let dash = invocation.arguments.firstIndex(of: "-")
        let fromStdin = words.name == ["-"] && dash.map { $0 < invocation.literalFrom ?? Int.max } == true
        let names = fromStdin
            ? lines(context.stdinText).map(String.init).filter { !Todo.normalizedName($0).isEmpty }
            : [words.name.joined(separator: " ")]
        if !fromStdin, words.name.isEmpty, !changes.isEmpty {
            throw CommandError(message: "'add' needs a NAME besides attribute words and options", status: ExitStatus.usage)
        }
        let uuids = names.map { _ in context.newUUID() }
        if names.isEmpty { return .output(nothingGiven(invocation)) }
        /// The todos to add, with the changes that name other todos read against `state`.
        func actions(_ state: TodoState) throws -> [Action] {
            let all = contextual + (namesTodos
                ? try words.changes(in: state, dates: dates)
                    + AttributeWords.optionChanges(invocation, in: InputContext(dates: dates, todos: state))
                : changes)
            let new = zip(uuids, names).map { NewTodo(uuid: $0, name: $1, changes: all, createdAt: dates.now) }
            return new.count == 1 ? [.add(new[0])] : [.batch(new.map(Action.add))]
        }
        return .change(reads: namesTodos ? .all : .none, actions: actions) { change in
            let uuids = Set(uuids)
            let added = change.after.todos.filter { uuids.contains($0.uuid) }
            if invocation.flag("json") { return Output(stdout: fromStdin ? json(added) : json(added[0])) }
            return Output(stdout: added.map { "\($0.id)\n" }.joined())
        }
    }
}
