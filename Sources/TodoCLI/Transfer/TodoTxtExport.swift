import Foundation
import TodoCore

/// `todo export --to todotxt`: one line per todo, in number order, as `TodoTxtFormat` reads
/// it back: `x`, the completion date and the creation date for a completed todo (its
/// priority as `pri:A`); else `(A)` and the creation date; then the name and the words of
/// the other fields the field table gives a todo.txt syntax: `@tag` for each tag, `+project`,
/// `due:DATE`, `t:DATE` (the wait), `rec:RULE`, and topydo's `id:N` and `p:N` for
/// dependencies (`TodoTxtDependencies`). Priority H is `(A)`, M `(B)`, L `(C)` or the letter kept
/// (`TodoTxtPriority`). todo.txt has no
/// place for the description, the notes or the UUID: they are left out.
enum TodoTxtExport {
    static func export(_ todos: [Todo]) -> String {
        let numbers = TodoTxtDependencies.numbers(todos)
        return todos.map { line($0, numbers: numbers) + "\n" }.joined()
    }

    /// `numbers`: those of the todos others depend on (`TodoTxtDependencies.numbers`).
    static func line(_ todo: Todo, numbers: [UUID: Int] = [:]) -> String {
        let priority = TodoTxtPriority.letter(of: todo)
        var words: [String] = []
        if todo.completed {
            words += ["x", day(todo.completedAt ?? todo.updatedAt)]
        } else if let priority {
            words.append("(\(priority))")
        }
        words.append(day(todo.createdAt))
        for field in TodoField.allCases {
            guard let syntax = field.spec.todoTxt else { continue }
            words +=
                syntax == .dependencies
                ? TodoTxtDependencies.words(of: todo, numbers: numbers) : syntax.words(for: field.value(of: todo))
        }
        if todo.completed, let priority { words.append("pri:\(priority)") }
        return words.joined(separator: " ")
    }

    /// The day of `date` in UTC, as `TodoTxtFormat` reads it back (midnight UTC).
    static func day(_ date: Date) -> String {
        String(DueDate.instant(date).wire.prefix(10))
    }
}
