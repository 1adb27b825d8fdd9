import Foundation
import TodoCore
import TodoStore

enum EditCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let reference = invocation.arguments[0]
        let changes = TodoField.allCases.filter { $0.spec.kind == .text }.compactMap { field in
            invocation.value(field.key).map { FieldChange(field, $0) }
        }
        if !changes.isEmpty {
            return .change(reads: .referencedBy([reference]), actions: { state in
                [.edit(id: try state.resolve(reference).id, changes: changes, at: context.now())]
            }, render: { render($0, invocation) })
        }
        guard context.stdinIsTerminal, context.stdoutIsTerminal else {
            throw CommandError(
                message: "'edit' needs --name, --description or --notes when not run on a terminal",
                status: ExitStatus.usage)
        }
        return .prepare { state in
            let original = try state.resolve(reference)
            let session = try EditorSession(todo: original, context: context)
            let edited = try session.run()
            guard !edited.isEmpty else {
                session.discard()
                if invocation.flag("json") { return .output(Output(stdout: json(original))) }
                return .output(.info("No changes; \(label(original)) left as it was.\n"))
            }
            return .change(reads: .referencedBy([String(original.id)]), actions: { current in
                guard current.todo(id: original.id) == original else {
                    throw CommandError(message: "\(label(original)) changed while you were editing; nothing applied (your text is in \(session.file))")
                }
                session.discard()
                return [.edit(id: original.id, changes: edited, at: context.now())]
            }, render: { render($0, invocation) })
        }
    }

    private static func render(_ change: Change, _ invocation: Invocation) -> Output {
        guard case .edit(let ids, _, _) = change.actions.first, let id = ids.first, let todo = change.after.todo(id: id) else {
            return Output()
        }
        if invocation.flag("json") { return Output(stdout: json(todo)) }
        let before = change.before.todo(id: id)
        let fields = TodoField.allCases.filter { field in before.map(field.value(of:)) != field.value(of: todo) }
        guard !fields.isEmpty else { return .info("Nothing changed; \(label(todo)) already reads so.\n") }
        return .info("Edited \(label(todo)) (\(fields.map(\.rawValue).joined(separator: ", ")))\n")
    }
}
