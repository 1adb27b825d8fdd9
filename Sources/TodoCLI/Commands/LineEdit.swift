import TodoCore
import TodoStore

/// `todo append ID TEXT`, `todo prepend ID TEXT` and `todo replace ID TEXT`, as todo.sh's and
/// Taskwarrior's: TEXT's name words go after or before the name, or become it; its field
/// words change their fields as `edit`'s do. `replace` makes the todo what TEXT says, as a
/// todo.txt line replaced whole: the fields a line holds (tags, project, due, wait, recur)
/// that TEXT leaves out are cleared; the priority stays unless TEXT gives one. In the
/// todo.txt dialect TEXT is read as a todo.txt line (`TodoTxtLine`), else as `add` reads it.
enum LineEditCommand {
    enum Kind: String {
        case append, prepend, replace

        /// Its TEXT, in the command table.
        var text: Argument<[String]> {
            switch self {
            case .append: .appended
            case .prepend: .prepended
            case .replace: .replacement
            }
        }
    }

    static func plan(_ invocation: Invocation, _ context: Context, _ kind: Kind) throws -> Plan {
        let reference = invocation.argument(.todo)
        let words = invocation.argument(kind.text)
        let literalFrom = invocation.literalFrom.map { max(0, $0 - 1) }
        guard !words.joined().allSatisfy(\.isWhitespace) else {
            throw CommandError(message: "'\(kind.rawValue)' needs TEXT that is not blank", status: ExitStatus.usage)
        }
        let dates = context.dateContext
        let config = try context.config()
        let dialect = try context.dialect(invocation, config)
        let read =
            dialect == .todotxt
            ? nil
            : try AttributeWords(
                words, literalFrom: literalFrom, removing: true, in: dates,
                udas: AttributeWords.udas(for: words, in: config))
        if kind == .replace, let read, read.name.isEmpty {
            throw CommandError(
                message: "'replace' needs TEXT with a name besides attribute words", status: ExitStatus.usage)
        }
        return .change(
            reads: read?.needsTodos == true ? .all : .referencedBy([reference]),
            actions: { state in
                let todo = try state.resolve(reference)
                let changes =
                    try read.map { read in
                        try clearing(todo, kind) + name(todo, read.name, kind) + read.changes(in: state, dates: dates)
                    } ?? todoTxtChanges(todo, words, literalFrom: literalFrom, kind)
                return [.edit(ids: [todo.id], changes: changes, at: dates.now)]
            }
        ) { change in
            renderEdits(change, invocation, single: false) { before, after in
                before.map { old in
                    TodoField.editable.contains { field in field.value(of: old) != field.value(of: after) }
                } == false
                    ? "Nothing changed; \(label(after)) already reads so" : "Edited \(label(after))"
            }
        }
    }

    /// The changes TEXT, read as todo.txt words, makes: for `append` and `prepend` the
    /// words are read onto the todo's fields (a `+word` is a tag when it has a project).
    private static func todoTxtChanges(_ todo: Todo, _ words: [String], literalFrom: Int?, _ kind: Kind) throws
        -> [FieldChange]
    {
        let line =
            kind == .replace
            ? TodoTxtLine(words, literalFrom: literalFrom)
            : TodoTxtLine(words, literalFrom: literalFrom, onto: todo, atStart: false)
        if kind == .replace, line.name.isEmpty {
            throw CommandError(
                message: "'replace' needs TEXT with words besides the todo.txt line's fields", status: ExitStatus.usage)
        }
        return name(todo, line.name, kind) + line.changes(from: todo)
    }

    /// The name after: TEXT's name words after the name (joined without a blank when they
    /// start with , . : or ; as todo.sh joins them), before it, or instead of it.
    private static func name(_ todo: Todo, _ words: [String], _ kind: Kind) -> [FieldChange] {
        guard !words.isEmpty else { return [] }
        let text = words.joined(separator: " ")
        switch kind {
        case .append:
            return [FieldChange(.name, todo.name + (text.first.map { ",.:;".contains($0) } == true ? "" : " ") + text)]
        case .prepend: return [FieldChange(.name, text + " " + todo.name)]
        case .replace: return [FieldChange(.name, text)]
        }
    }

    /// For `replace`: the fields a todo.txt line holds, emptied first, so that what TEXT leaves out is gone.
    private static func clearing(_ todo: Todo, _ kind: Kind) -> [FieldChange] {
        guard kind == .replace else { return [] }
        return TodoTxtLine.lineFields.filter { $0.value(of: todo).isSet }.map { .set($0, $0.spec.kind.unset) }
    }
}
