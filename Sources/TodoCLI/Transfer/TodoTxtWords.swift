import Foundation
import TodoCore

/// How the words of a todo.txt line read and write the values of fields, by the field's kind
/// and its `TodoTxtSyntax` in the field table.
extension TodoTxtSyntax {
    /// The add-on key of the recurrence (the todo.txt recurrence add-on's `rec:+2w`).
    static let recurrenceKey = "rec"
    /// The add-on key of a completed line's priority (`pri:A`).
    static let priorityKey = "pri"

    /// The field a todo.txt line writes so.
    var field: TodoField? { TodoField.allCases.first { $0.spec.todoTxt == self } }

    /// The value of a field of `kind` that `word` writes, if it writes one: `+home` a
    /// project, `@phone` a tag, `due:2026-12-01` a date. Whether the field can hold it is
    /// for `TodoField.checked` to say.
    func value(of word: Substring, kind: FieldKind) -> FieldValue? {
        let text: Substring
        switch self {
        case .text, .priority, .dependencies: return nil
        case .sigil(let sigil):
            guard word.first == sigil, word.count > 1 else { return nil }
            text = word.dropFirst()
        case .key(let key):
            guard word.hasPrefix(key + ":") else { return nil }
            text = word.dropFirst(key.count + 1)
        case .recurrence:
            guard word.hasPrefix(Self.recurrenceKey + ":"),
                let recurrence = Recurrence(todoTxt: word.dropFirst(Self.recurrenceKey.count + 1))
            else { return nil }
            return .word(recurrence.rule)
        }
        switch kind {
        case .text: return .text(String(text))
        case .tags: return .tags([String(text)])
        case .word: return .word(String(text))
        case .priority: return Priority(word: text).map(FieldValue.priority)
        case .date: return DueDate(wire: String(text)).map(FieldValue.date)
        case .uuids: return UUID(uuidString: String(text)).map { .uuids([$0]) }
        case .annotations, .udas: return nil
        }
    }

    /// The words that write `value` of a field so, none when it is not set: `+home`,
    /// `@phone @work`, `due:2026-12-01`; the name's line breaks become blanks, as a todo.txt
    /// task is one line. The priority is not a word among the others (see `TodoTxtExport`).
    func words(for value: FieldValue) -> [String] {
        guard value.isSet else { return [] }
        let items = value.items
        switch self {
        case .text: return [String(value.text.map { $0.isNewline ? " " : $0 })]
        case .priority, .dependencies: return []
        case .sigil(let sigil): return items.map { String(sigil) + $0 }
        case .key(let key): return items.map { key + ":" + $0 }
        case .recurrence: return items.compactMap { Recurrence(rule: $0).map { Self.recurrenceKey + ":" + $0.todoTxt } }
        }
    }
}

/// The words of a todo.txt line: split at blanks between Unicode scalars, not characters, so
/// that a word starting with a combining mark stays a word of its own (as one character, the
/// mark and the blank before it would join two words). `blanks`: which scalars part words.
func todoTxtWords(_ text: some StringProtocol, at blanks: (Unicode.Scalar) -> Bool = { $0 == " " }) -> [Substring] {
    let line = Substring(text)
    return line.unicodeScalars.split(whereSeparator: blanks).map { Substring($0) }
}

/// topydo's dependency words: `id:N` on a todo others depend on, `p:N` on one that depends
/// on the todo with `id:N`. The numbers are todo's own, so an export names each todo the same way each time.
enum TodoTxtDependencies {
    /// The words of `todo`: its `id:` if another of `todos` depends on it, then a `p:` for
    /// each of its dependencies among `todos`.
    static func words(of todo: Todo, numbers: [UUID: Int]) -> [String] {
        let own = numbers[todo.uuid].map { ["id:\($0)"] } ?? []
        return own + todo.depends.compactMap { numbers[$0] }.sorted().map { "p:\($0)" }
    }

    /// The numbers of the todos some other of `todos` depends on.
    static func numbers(_ todos: [Todo]) -> [UUID: Int] {
        let needed = Set(todos.flatMap(\.depends))
        return Dictionary(
            todos.filter { needed.contains($0.uuid) }.map { ($0.uuid, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// `id:X` → X, `p:X` → X; nil for other words.
    static func id(_ word: Substring) -> Substring? {
        word.hasPrefix("id:") && word.count > 3 ? word.dropFirst(3) : nil
    }
    static func parent(_ word: Substring) -> Substring? {
        word.hasPrefix("p:") && word.count > 2 ? word.dropFirst(2) : nil
    }
}

extension Recurrence {
    /// The rule as the todo.txt recurrence add-on writes it: `+2w` (strict: from the due
    /// date), `2w` (from the day it is done), `+1b` every weekday.
    var todoTxt: String {
        let step = unit == .weekday ? "1b" : "\(count)\(unit.rawValue)"
        return afterCompletion ? step : "+" + step
    }

    /// Reads `+2w`, `3d`, `1m`, `+1y`, `+1b`; nil for anything else (`2b`: todo has no
    /// step of several weekdays).
    init?(todoTxt text: Substring) {
        let strict = text.first == "+"
        let step = strict ? text.dropFirst() : text
        guard let last = step.last, !step.dropLast().isEmpty, step.dropLast().allSatisfy(\.isASCII),
            step.dropLast().allSatisfy(\.isNumber),
            let count = Int(step.dropLast()), Self.counts.contains(count)
        else { return nil }
        if last == "b" {
            guard count == 1 else { return nil }
            self.init(count: 1, unit: .weekday, afterCompletion: !strict)
            return
        }
        guard let unit = Unit(rawValue: last), unit != .weekday else { return nil }
        self.init(count: count, unit: unit, afterCompletion: !strict)
    }
}

extension Priority {
    /// A todo.txt priority letter: A is high, B medium, C to Z low.
    init?(todoTxtLetter letter: String) {
        guard letter.count == 1 else { return nil }
        switch letter {
        case "A": self = .high
        case "B": self = .medium
        case "C"..."Z": self = .low
        default: return nil
        }
    }

    /// The todo.txt letter: high is A, medium B, low C.
    var todoTxtLetter: String {
        switch self {
        case .high: "A"
        case .medium: "B"
        case .low: "C"
        }
    }
}
