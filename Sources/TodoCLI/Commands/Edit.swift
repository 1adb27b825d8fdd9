import Foundation
import TodoCore
import TodoStore

/// `todo edit ID... [WORDS...]`: words and options change fields of every todo named, all or
/// nothing; with neither, on a terminal, the editor opens on the one todo. In the todo.txt
/// dialect the words are read as a todo.txt line's. Taskwarrior's `/FROM/TO/` words
/// (`Substitution`) change the name and annotations of each.
enum EditCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let (references, given, givenLiteralFrom) = split(invocation)
        let (substitutions, words, literalFrom) = try Substitution.taking(given, literalFrom: givenLiteralFrom)
        let dates = context.dateContext
        let config = try context.config()
        let read =
            try context.dialect(invocation, config) == .todotxt
            ? TodoTxtLine(words, literalFrom: literalFrom).attributeWords
            : AttributeWords(
                words, literalFrom: literalFrom, removing: true, in: dates,
                udas: AttributeWords.udas(for: words, in: config))
        var changes = read.name.isEmpty ? [] : [FieldChange(.name, read.name.joined(separator: " "))]
        changes += read.changes + (try AttributeWords.optionChanges(invocation, in: InputContext(dates: dates)))
        let namesTodos = read.needsTodos || AttributeWords.optionsNameTodos(invocation)
        guard !references.isEmpty || !invocation.filter.isEmpty else {
            throw CommandError(
                message: "'edit' needs IDs before its words (a number, a range 3-7, a UUID prefix, or - for stdin)",
                status: ExitStatus.usage)
        }
        if !changes.isEmpty || namesTodos || !substitutions.isEmpty {
            let targets = try Targets(references, invocation, context)
            if targets.isEmpty { return .output(nothingGiven(invocation)) }
            let single =
                references.count == 1 && (try? TodoIDs(references[0]))?.single != nil && invocation.filter.isEmpty
            // Dependencies name other todos, and a cycle may run through any of them.
            return .change(
                reads: namesTodos ? .all : targets.reads,
                actions: { state in
                    let all =
                        namesTodos
                        ? try (read.name.isEmpty ? [] : [FieldChange(.name, read.name.joined(separator: " "))])
                            + read.changes(in: state, dates: dates)
                            + AttributeWords.optionChanges(invocation, in: InputContext(dates: dates, todos: state))
                        : changes
                    let ids = try targets.ids(in: state)
                    guard !substitutions.isEmpty else { return [.edit(ids: ids, changes: all, at: dates.now)] }
                    return try Substitution.actions(substitutions, ids, state, then: all, at: dates.now)
                }, render: { render($0, invocation, single: single) })
        }
        guard references.count == 1, invocation.filter.isEmpty, (try? TodoIDs(references[0]))?.single != nil else {
            throw CommandError(
                message: "'edit' of several todos needs attribute words or options to apply", status: ExitStatus.usage)
        }
        guard context.stdinIsTerminal, context.stdoutIsTerminal else {
            throw CommandError(
                message: "'edit' needs words or options (+TAG, due:DATE, --name TEXT, …) when not run on a terminal",
                status: ExitStatus.usage)
        }
        return editorPlan(references[0], invocation, context)
    }

    /// The IDs (the words before the first that is no ID word and before `--`; none when a
    /// filter before the command picks the todos), the words after them, and where among
    /// those the literal ones begin.
    static func split(_ invocation: Invocation) -> (references: [String], words: [String], literalFrom: Int?) {
        let arguments = invocation.arguments
        let end = invocation.literalFrom ?? arguments.count
        let references =
            invocation.filter.isEmpty
            ? Array(arguments.prefix(end).prefix { $0 == "-" || (try? TodoIDs($0)) != nil }) : []
        let count = references.count
        return (references, Array(arguments.dropFirst(count)), invocation.literalFrom.map { $0 - count })
    }

    private static func editorPlan(_ reference: String, _ invocation: Invocation, _ context: Context) -> Plan {
        .prepare { state in
            let original = try state.resolve(reference)
            let session = try EditorSession(todo: original, todos: state, context: context)
            let edited = try session.run()
            guard !edited.isEmpty else {
                session.discard()
                if invocation.flag(.json) { return .output(Output(stdout: json(original))) }
                return .output(.info("No changes; \(label(original)) left as it was.\n"))
            }
            let namesTodos = edited.contains { $0.field.spec.referencesTodos }
            return .change(
                reads: namesTodos ? .all : .referencedBy([String(original.id)]),
                actions: { current in
                    guard current.todo(id: original.id) == original else {
                        throw CommandError(
                            message:
                                """
                                \(label(original)) changed while you were editing; nothing applied (your text is \
                                in \(session.file))
                                """
                        )
                    }
                    session.discard()
                    return [.edit(id: original.id, changes: edited, at: context.now())]
                }, render: { render($0, invocation, single: true) })
        }
    }

    /// `--json`: the todo after (an array for several or for `-`); else a line per todo.
    private static func render(_ change: Change, _ invocation: Invocation, single: Bool) -> Output {
        renderEdits(change, invocation, single: single) { before, todo in
            let fields = TodoField.editable.filter { field in before.map(field.value(of:)) != field.value(of: todo) }
            return fields.isEmpty
                ? "Nothing changed; \(label(todo)) already reads so."
                : "Edited \(label(todo)) (\(fields.map(\.key).joined(separator: ", ")))"
        }
    }
}
