import Foundation
import TodoCore
import TodoStore
import TodoWire

/// A todo as hooks read it, Taskwarrior's task JSON on one line (as `export --to taskwarrior`
/// writes it), and what a task a hook prints changes.
///
/// A hook's changes are the attributes where the task it printed differs from the task it
/// read; each goes to the todo's field (`FieldSpec.taskwarrior`), so that what has no
/// attribute of its own (a description, notes, a series) is kept as it is.
enum HookTask {
    /// `todo` as one line of JSON; `deletedAt` for a todo being deleted.
    static func line(_ todo: Todo, deletedAt: Date? = nil, in context: DateContext) -> String {
        var writer = JSONWriter(capacity: 512)
        TaskwarriorExport.write(todo, deletedAt: deletedAt, to: &writer, in: context)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Whether Taskwarrior takes a line a hook printed for a task: `{…}`; any other line is feedback.
    static func looksLikeTask(_ line: Substring) -> Bool {
        line.count > 2 && line.first == "{" && line.last == "}"
    }

    /// The task a hook printed, checked as Taskwarrior checks it: a JSON object with a
    /// description and the UUID of the task it read.
    static func object(_ line: Substring, of uuid: UUID) throws(HookProblem) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            throw .printed("a line that is not a JSON task: \(line.prefix(80))")
        }
        guard object["description"] is String else { throw .printed("a task without a \"description\" string") }
        guard let text = object["uuid"] as? String else { throw .printed("a task without a \"uuid\" string") }
        guard UUID(uuidString: text) == uuid else {
            throw .printed(
                """
                the task of another UUID (\(text.prefix(36)) for \(uuid.uuidString.lowercased())): a hook prints the \
                task it read
                """
            )
        }
        return object
    }

    /// What `todo` (as a command left it) becomes when a hook read `sent` and printed
    /// `returned`; nil when the hook changed nothing todo keeps.
    static func content(of todo: Todo, sent: [String: Any], returned: [String: Any], in context: DateContext)
        throws(HookProblem) -> TodoContent?
    {
        let before: TaskwarriorTask
        let after: TaskwarriorTask
        do {
            before = try TaskwarriorTask(sent, in: context)
            after = try TaskwarriorTask(returned, in: context)
        } catch {
            throw .printed("a task todo cannot hold: \(error.message)")
        }
        var content = todo.content
        for field in TodoField.allCases where field.spec.taskwarrior != nil {
            let old = field.value(of: before.todo.content)
            let new = field.value(of: after.todo.content)
            guard old != new else { continue }
            if field == .annotations {
                content.annotations = annotations(
                    todo.annotations, sent: before.todo.content.annotations, returned: after.todo.content.annotations)
            } else {
                field.set(new, on: &content)
            }
        }
        if after.status != before.status {
            switch after.status {
            case "completed":
                content.completed = true
                content.completedAt = after.todo.content.completedAt ?? content.completedAt
            case "pending", "waiting":
                content.completed = false
                content.completedAt = nil
            default:
                throw .printed(
                    """
                    the status \(after.status.prefix(20)) for a \(before.status) todo: todo does not delete from a \
                    hook; a hook refuses a change by exiting non-zero
                    """
                )
            }
        }
        return content == todo.content ? nil : content
    }

    /// The todo's annotations with those the hook removed taken out and those it added put in.
    /// (The lines of the description and notes go out as annotations too, and stay.)
    private static func annotations(_ kept: [Annotation], sent: [Annotation], returned: [Annotation]) -> [Annotation] {
        func key(_ annotation: Annotation) -> String {
            "\(Int(annotation.at.timeIntervalSince1970.rounded(.down)))\u{0}\(annotation.text)"
        }
        let sentKeys = Set(sent.map(key))
        let returnedKeys = Set(returned.map(key))
        let removed = sentKeys.subtracting(returnedKeys)
        let added = returned.filter { !sentKeys.contains(key($0)) }
        return Annotation.normalized(kept.filter { !removed.contains(key($0)) } + added)
    }
}

/// What is wrong with a hook's run, said of the hook by `Hooks`.
enum HookProblem: Error {
    /// It printed something a hook of its event may not.
    case printed(String)
}
