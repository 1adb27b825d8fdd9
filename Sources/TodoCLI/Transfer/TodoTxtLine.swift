import Foundation
import TodoCore

/// Words of a todo.txt line read as `TodoTxtFormat` reads a file's line: what the command
/// line reads in the todo.txt dialect (`add`, `edit`, `append`, `prepend`, `replace`).
///
/// `(A)`–`(Z)` at the start (in either case, as `todo.sh` upper-cases it) or a `pri:A` word
/// is the priority; a date after it is the creation date; the words the field table gives
/// a todo.txt syntax set their fields by the importer's rules (`TodoTxtFormat.take`), the
/// first `+word` the project and a further one a tag; the other words are the name's. A
/// leading `x` is a name word: a todo is completed with `done`, not by its text.
struct TodoTxtLine {
    /// The priority letter given, upper-cased.
    var letter: String?
    /// The creation date given.
    var created: Date?
    /// The fields the words set, over those the line started from.
    var fields: ImportedTodo
    /// The words left for the name, in order.
    var name: [String] = []

    /// Reads `words`: those before `literalFrom` split at blanks and read as one line, those
    /// from it on name words as they are. The fields start from `base`'s, so that a `+word`
    /// is a tag when `base` has a project already.
    /// With `atStart` false the words go on after other words (`append`, `prepend`): a
    /// priority or date among them is a name word.
    init(_ words: [String], literalFrom: Int? = nil, onto base: Todo? = nil, atStart: Bool = true) {
        let end = literalFrom ?? words.count
        var line = words[..<end].flatMap { todoTxtWords($0, at: \.properties.isWhitespace) }
        fields = ImportedTodo(
            uuid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "",
            createdAt: Date(timeIntervalSince1970: 0))
        if let base { for field in Self.lineFields { try? fields.set(field, field.value(of: base)) } }
        if atStart, let first = line.first, let letter = TodoTxtFormat.priority(first.uppercased()) {
            self.letter = letter
            line.removeFirst()
        }
        if atStart, let first = line.first, let day = TodoTxtFormat.day(String(first)) {
            created = day
            line.removeFirst()
        }
        if atStart, letter == nil, let index = line.firstIndex(where: { $0.hasPrefix("pri:") && $0.count == 5 }),
            let letter = TodoTxtFormat.priority("(\(line[index].dropFirst(4).uppercased()))")
        {
            self.letter = letter
            line.remove(at: index)
        }
        name = line.filter { !TodoTxtFormat.take($0, into: &fields) }.map(String.init) + words[end...]
    }

    /// The fields a todo.txt line writes with words among the name's: tags, project, due, wait, recur.
    static let lineFields = TodoField.allCases.filter { field in
        switch field.spec.todoTxt {
        case .sigil?, .key?, .recurrence?: true
        case .text?, .priority?, .dependencies?, nil: false
        }
    }

    /// The changes that make `todo`'s line fields (none: a new todo's) what the words say:
    /// each that differs is set, and the priority when one was given.
    func changes(from todo: Todo? = nil) -> [FieldChange] {
        let fieldChanges = Self.lineFields.compactMap { field -> FieldChange? in
            let value = field.value(of: fields.content)
            let before = todo.map(field.value(of:)) ?? field.spec.kind.unset
            return value == before ? nil : .set(field, value)
        }
        return fieldChanges + (letter.map { TodoTxtPriority.changes($0, on: todo) } ?? [])
    }
}

extension TodoTxtLine {
    /// The words as `edit` applies them to todos that hold fields already: the name words,
    /// tags added, the other fields set, and the priority when one was given.
    var attributeWords: AttributeWords {
        let changes = Self.lineFields.compactMap { field -> FieldChange? in
            let value = field.value(of: fields.content)
            guard value.isSet else { return nil }
            return field.spec.merge == .set ? .add(field, value) : .set(field, value)
        }
        return AttributeWords(name: name, changes: changes + (letter.map { TodoTxtPriority.changes($0) } ?? []))
    }
}

/// A todo's todo.txt priority letter. A maps to priority H, B to M and C to Z to L; a letter
/// its priority does not write back (D to Z) is kept in the attribute `todotxt_priority`, so
/// that `(D)` exports as `(D)` while the todo's priority stays L.
enum TodoTxtPriority {
    static let attribute = "todotxt_priority"

    /// The letter: the kept one while it still fits the priority, else the priority's own.
    static func letter(of todo: Todo) -> String? {
        guard let priority = todo.priority else { return nil }
        if let kept = todo.attributes.udas[attribute], Priority(todoTxtLetter: kept) == priority { return kept }
        return priority.todoTxtLetter
    }

    /// The changes that give a todo (`todo`, or a new one when nil) `letter`.
    static func changes(_ letter: String, on todo: Todo? = nil) -> [FieldChange] {
        guard let priority = Priority(todoTxtLetter: letter) else { return [] }
        let kept: [FieldChange] =
            priority.todoTxtLetter == letter
            ? (todo?.attributes.udas[attribute] == nil ? [] : [.remove(.udas, .udas([attribute: ""]))])
            : [.add(.udas, .udas([attribute: letter]))]
        return [.set(.priority, .priority(priority))] + kept
    }

    /// The changes that take `todo`'s priority away.
    static func removal(on todo: Todo) -> [FieldChange] {
        [.set(.priority, .priority(nil))]
            + (todo.attributes.udas[attribute] == nil ? [] : [.remove(.udas, .udas([attribute: ""]))])
    }
}
