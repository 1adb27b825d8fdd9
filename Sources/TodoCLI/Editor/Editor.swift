import Foundation
import TodoCore

/// How an editor run ended.
public enum EditorExit: Equatable, Sendable {
    case exited(Int32)
    /// Killed by a signal (its number and name).
    case signaled(Int32, String)
    case couldNotStart(String)
}

/// One round of editing a todo's fields (`EditForm`) in `$VISUAL` / `$EDITOR`, like `git commit`.
struct EditorSession {
    let todo: Todo
    /// The clock and zone the form's dates are written and read in, and the todos its
    /// dependencies name.
    let input: InputContext
    let file: String
    let command: String
    let context: Context

    init(todo: Todo, todos: TodoState, context: Context) throws {
        self.todo = todo
        self.context = context
        input = InputContext(dates: context.dateContext, todos: todos, udas: try context.udaSchema())
        let environment = context.environment
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        file = "\(directory)/todo-edit-\(todo.id)-\(context.newUUID().uuidString.prefix(8)).txt"
        guard
            FileManager.default.createFile(
                atPath: file, contents: Data(EditForm.render(todo, input).utf8), attributes: [.posixPermissions: 0o600])
        else { throw CommandError(message: "cannot create the file to edit in \(directory)") }
    }

    /// The fields the person changed; empty when nothing changed. Text todo refuses (a bad
    /// value, a missing line) opens again with the reason on top, until it is right; saved
    /// unchanged, the edit aborts and the text is kept. The file is removed unless it holds
    /// text the person may want back.
    func run() throws -> [FieldChange] {
        var written = EditForm.render(todo, input)
        while true {
            try edit()
            let text = try readBack()
            let body = EditForm.withoutLeadingComments(text)
            do {
                guard let changes = try changes(in: body) else {
                    discard()
                    throw CommandError(message: "empty file: edit aborted, \(unchanged)")
                }
                return changes
            } catch let refusal as InputError {
                let aborted = CommandError(
                    message: "\(refusal.message): edit aborted, \(unchanged) (your text is in \(file))")
                guard text != written else { throw aborted }
                written = EditForm.reopened(body, reason: refusal.message)
                guard
                    FileManager.default.createFile(
                        atPath: file, contents: Data(written.utf8), attributes: [.posixPermissions: 0o600])
                else { throw aborted }
            }
        }
    }

    /// The changes `body` (the text without the reason on top) makes; nil when it holds
    /// nothing but blanks and comments.
    private func changes(in body: String) throws(InputError) -> [FieldChange]? {
        guard let values = try EditForm.parse(body, firstLine: EditForm.reasonLines + 1) else { return nil }
        guard !Todo.normalizedName(values[TodoField.name.rawValue] ?? "").isEmpty else {
            throw InputError("the name is empty")
        }
        var changes: [FieldChange] = []
        for field in EditForm.fields where values[field.key] != field.text(todo, input) {
            do {
                changes.append(try field.change(values[field.key]!, input))
            } catch {
                throw InputError("\(field.key): \(error.message)")
            }
        }
        return changes
    }

    func discard() { try? FileManager.default.removeItem(atPath: file) }

    private var unchanged: String { "\(label(todo)) left as it was" }

    /// Runs the editor; one that fails, dies or cannot start leaves no file behind.
    private func edit() throws {
        switch context.runEditor(command, file) {
        case .exited(0): break
        case .exited(let status):
            discard()
            throw CommandError(message: "the editor '\(command)' exited with status \(status); \(unchanged)")
        case .signaled(let number, let name):
            discard()
            throw CommandError(message: "the editor '\(command)' was ended by signal \(number) (\(name)); \(unchanged)")
        case .couldNotStart(let reason):
            discard()
            throw CommandError(message: "cannot run the editor '\(command)': \(reason); \(unchanged)")
        }
    }

    /// The text the file now holds; a file that cannot be read is kept.
    private func readBack() throws -> String {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
        else {
            throw CommandError(message: "cannot read back \(file) as UTF-8 text; \(unchanged)")
        }
        return text
    }
}
