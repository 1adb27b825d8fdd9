import TodoCore
import TodoStore

/// `todo annotate ID TEXT...`: an annotation, made now, added to the todo's.
enum AnnotateCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let (reference, text) = try referenceAndText(invocation, .remark, "annotate")
        return .change(
            reads: .referencedBy([reference]),
            actions: { state in
                [.annotated(id: try state.resolve(reference).id, text: text, at: context.now())]
            }
        ) { change in
            guard case .annotated(let id, _, _) = change.actions.first, let todo = change.after.todo(id: id) else {
                return Output()
            }
            if invocation.flag(.json) { return Output(stdout: json(todo)) }
            return .info("Annotated \(label(todo))\n")
        }
    }
}

/// `ID TEXT...`: the todo reference and the words of TEXT joined with single spaces, which
/// must not be blank (`annotate`, `denotate`).
func referenceAndText(_ invocation: Invocation, _ argument: Argument<[String]>, _ command: String) throws -> (
    String, String
) {
    let text = invocation.argument(argument).joined(separator: " ")
    guard !text.allSatisfy(\.isWhitespace) else {
        throw CommandError(message: "'\(command)' needs TEXT that is not blank", status: ExitStatus.usage)
    }
    return (invocation.argument(.todo), text)
}
