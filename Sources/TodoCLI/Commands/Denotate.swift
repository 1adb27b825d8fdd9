import TodoCore
import TodoStore

/// `todo denotate ID TEXT...`: removes the annotation whose text is TEXT, or else the one
/// whose text holds it (in any case); none or several such is an error.
enum DenotateCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let (reference, text) = try referenceAndText(invocation, .annotationText, "denotate")
        return .change(
            reads: .referencedBy([reference]),
            actions: { state in
                let todo = try state.resolve(reference)
                let annotation = try match(text, in: todo)
                return [
                    .edit(id: todo.id, changes: [.remove(.annotations, .annotations([annotation]))], at: context.now())
                ]
            }
        ) { change in
            guard case .edit(let ids, _, _) = change.actions.first, let todo = change.after.todo(id: ids[0]) else {
                return Output()
            }
            if invocation.flag(.json) { return Output(stdout: json(todo)) }
            return .info("Denotated \(label(todo))\n")
        }
    }

    /// The annotation `text` names: the one with that text, else the only one holding it.
    static func match(_ text: String, in todo: Todo) throws -> Annotation {
        if let exact = todo.annotations.first(where: { $0.text == text }) { return exact }
        let needle = text.lowercased()
        let holding = todo.annotations.filter { $0.text.lowercased().contains(needle) }
        guard holding.count == 1 else {
            let what = holding.isEmpty ? "no annotation" : "\(holding.count) annotations"
            throw CommandError(
                message: "\(label(todo)) has \(what) with \(quoted(text)); give the text of one",
                status: ExitStatus.failure)
        }
        return holding[0]
    }
}
