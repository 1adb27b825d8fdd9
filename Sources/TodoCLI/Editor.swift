import Foundation
import TodoCore

/// One round of editing a todo's text fields in `$VISUAL` / `$EDITOR`, like `git commit`.
struct EditorSession {
    let todo: Todo
    let file: String
    let command: String
    let context: Context

    static let notesMarker = "--- notes ---"

    init(todo: Todo, context: Context) throws {
        self.todo = todo
        self.context = context
        let environment = context.environment
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let directory = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        file = "\(directory)/todo-edit-\(todo.id)-\(context.newUUID().uuidString.prefix(8)).txt"
        guard FileManager.default.createFile(
            atPath: file, contents: Data(Self.template(for: todo).utf8), attributes: [.posixPermissions: 0o600])
        else { throw CommandError(message: "cannot create the file to edit in \(directory)") }
    }

    /// The fields the person changed; empty when nothing changed.
    func run() throws -> [FieldChange] {
        let status = context.runEditor(command, file)
        guard status == 0 else {
            discard()
            throw CommandError(message: "the editor '\(command)' exited with status \(status); \(label(todo)) left as it was")
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw CommandError(message: "cannot read back \(file) as UTF-8 text; \(label(todo)) left as it was")
        }
        guard let edited = Self.fields(in: text) else {
            discard()
            throw CommandError(message: "empty file: edit aborted, \(label(todo)) left as it was")
        }
        let original = Self.fields(in: Self.template(for: todo))!
        guard !edited[0].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandError(message: "the name (the first line) is empty: edit aborted, \(label(todo)) left as it was (your text is in \(file))")
        }
        return TodoField.allCases.enumerated().compactMap { index, field in
            edited[index] == original[index] ? nil : FieldChange(field, edited[index])
        }
    }

    func discard() { try? FileManager.default.removeItem(atPath: file) }

    static func template(for todo: Todo) -> String {
        """
        \(todo.name)

        \(todo.description)

        \(notesMarker)
        \(todo.notes)

        # Editing todo #\(todo.id) (\(uuidText(todo.uuid).prefix(8))). The first line is the name,
        # the lines after it the description; the notes follow the '\(notesMarker)' line.
        # Lines starting with '#' are ignored. Save an unchanged file to change nothing,
        # an empty one to abort.

        """
    }

    /// Name, description and notes as written in `text`; nil when it holds nothing.
    static func fields(in text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        let marker = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == notesMarker }
        var head = Array(lines[..<(marker ?? lines.endIndex)]).map(String.init)
        let notes = marker.map { lines[($0 + 1)...].map(String.init) } ?? []
        while head.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { head.removeFirst() }
        let name = head.first ?? ""
        return [name, block(head.dropFirst()), block(notes)]
    }

    /// Lines joined, without blank lines at either end.
    private static func block<Lines: Collection<String>>(_ lines: Lines) -> String {
        var lines = Array(lines)
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
