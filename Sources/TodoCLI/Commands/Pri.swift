import TodoCore
import TodoStore

/// `todo pri ID LETTER` and `todo depri ID...`, as todo.sh's: a todo.txt priority letter, A to
/// Z, given or taken away (`TodoTxtPriority`). In the default dialect H, M and L are
/// Taskwarrior's priorities; in the todo.txt dialect they are letters like the others.
enum PriCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let (reference, typed) = (invocation.argument(.todo), invocation.argument(.letter))
        let dialect = try context.dialect(invocation, try context.config())
        let letter = try letter(typed, dialect)
        return .change(
            reads: .referencedBy([reference]),
            actions: { state in
                let todo = try state.resolve(reference)
                return [.edit(ids: [todo.id], changes: TodoTxtPriority.changes(letter, on: todo), at: context.now())]
            }
        ) { change in
            renderEdits(change, invocation, single: true) { before, after in
                let (old, new) = (before.flatMap(TodoTxtPriority.letter(of:)), TodoTxtPriority.letter(of: after) ?? "")
                if old == new { return "\(label(after)) is already prioritized (\(new))" }
                return old.map { "Re-prioritized \(label(after)) from (\($0)) to (\(new))" }
                    ?? "Prioritized \(label(after)) (\(new))"
            }
        }
    }

    /// The letter `text` names: A to Z in either case, or in the default dialect H, M or L for
    /// Taskwarrior's priorities (A, B, C).
    static func letter(_ text: String, _ dialect: Dialect) throws -> String {
        if dialect == .taskwarrior, let priority = Priority(word: Substring(text)) { return priority.todoTxtLetter }
        let letter = text.uppercased()
        guard letter.count == 1, Priority(todoTxtLetter: letter) != nil else {
            let words = dialect == .taskwarrior ? ", or H, M or L" : ""
            throw CommandError(
                message: "\(quoted(text)) is no priority: give a letter from A to Z\(words)", status: ExitStatus.usage)
        }
        return letter
    }
}

/// `todo depri ID...`: the todos lose their priority.
enum DepriCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let targets = try Targets(invocation.arguments, invocation, context)
        if targets.isEmpty { return .output(nothingGiven(invocation)) }
        return .change(
            reads: targets.reads,
            actions: { state in
                let todos = try targets.todos(in: state)
                return [
                    .batch(
                        todos.map { .edit(ids: [$0.id], changes: TodoTxtPriority.removal(on: $0), at: context.now()) })
                ]
            }
        ) { change in
            guard case .batch(let edits) = change.actions.first else { return Output() }
            let todos = edits.compactMap { edit -> Todo? in
                guard case .edit(let ids, _, _) = edit else { return nil }
                return ids.first.flatMap(change.after.todo(id:))
            }
            if invocation.flag(.json) { return Output(stdout: json(todos)) }
            return .info(
                todos.map { todo in
                    change.before.todo(id: todo.id)?.priority == nil
                        ? "\(label(todo)) is not prioritized\n" : "Deprioritized \(label(todo))\n"
                }.joined())
        }
    }
}
