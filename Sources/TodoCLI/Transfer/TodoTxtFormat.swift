import Foundation
import TodoCore
import TodoWire

/// A todo.txt file (github.com/todotxt/todo.txt): one task per line,
/// `x 2026-01-05 2026-01-01 (A) text +project @context key:value`. Mapping:
///
/// - `x` → completed; its completion date → completedAt; the creation date → createdAt
///   (else the completion date, else now); dates are midnight UTC
/// - `(A)`, or `pri:A` on a completed line → priority H; `(B)` → M; `(C)` to `(Z)` → L, a
///   letter after C kept to export (`TodoTxtPriority`)
/// - the words the field table gives a todo.txt syntax (`FieldSpec.todoTxt`) set their field
///   and leave the name: the first `+project` → project, a further `+word` and each
///   `@context` → a tag, `due:DATE` → due, `t:DATE` → wait, `rec:RULE` → recur (the
///   recurrence add-on's rule), topydo's `p:X` → a dependency on the todo with `id:X` (a date as `2026-12-01`, or an
///   instant as `2026-12-01T14:00:00.000Z`). A word whose value the field cannot hold
///   (`due:friday`, `@1st`), or a second `due:`, stays in the name as text; so do other
///   `key:value` words.
/// - the words left → name; a line with none is an error
/// - updatedAt is the time of the import, so a line whose text or status changed since the
///   last import wins; todo.txt has no ids, so the UUID is derived from the text after the
///   priority and dates (and which occurrence of that text it is), and importing the same
///   file again changes nothing
enum TodoTxtFormat {
    struct Line: Equatable {
        var completed = false
        var priority: String?
        var completionDate: Date?
        var creationDate: Date?
        var text = ""
    }

    static func parse(_ text: String, now: Date) throws(InputError) -> [ImportedTodo] {
        var occurrences: [String: Int] = [:]
        var read: [(offset: Int, trimmed: String, line: Line, uuid: UUID)] = []
        for (offset, raw) in lines(text).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            let line = parseLine(trimmed)
            let occurrence = occurrences[line.text, default: 0]
            occurrences[line.text] = occurrence + 1
            read.append((offset, trimmed, line, stableUUID("todo.txt\u{0}\(line.text)\u{0}\(occurrence)")))
        }
        // topydo's id:X names a todo for the p:X of those that depend on it; the first line with an id keeps it.
        var ids: [Substring: UUID] = [:]
        for item in read {
            for word in todoTxtWords(item.line.text) {
                if let id = TodoTxtDependencies.id(word), ids[id] == nil { ids[id] = item.uuid }
            }
        }
        var todos: [ImportedTodo] = []
        for (offset, trimmed, line, uuid) in read {
            let created = line.creationDate ?? line.completionDate ?? now
            var todo = ImportedTodo(
                uuid: uuid, name: "", completed: line.completed,
                createdAt: created, updatedAt: max(now, created),
                completedAt: line.completed ? line.completionDate ?? now : nil)
            if let letter = line.priority, let field = TodoTxtSyntax.priority.field,
                let priority = Priority(todoTxtLetter: letter)
            {
                try? todo.set(field, .priority(priority))
                if priority.todoTxtLetter != letter { try? todo.set(.udas, .udas([TodoTxtPriority.attribute: letter])) }
            }
            let words = takeDependencies(line.text, ids: ids, own: uuid, into: &todo)
            guard let name = takeFields(words, into: &todo), let field = TodoTxtSyntax.text.field,
                (try? todo.set(field, .text(name))) != nil
            else { throw InputError("line \(offset + 1): no task text in '\(trimmed)'") }
            todos.append(todo)
        }
        return todos
    }

    /// The words of `text` but the dependency words `ids` resolves (`id:X` of this todo,
    /// `p:X` of another's), whose todos become the dependencies of `todo`.
    static func takeDependencies(_ text: String, ids: [Substring: UUID], own: UUID, into todo: inout ImportedTodo)
        -> String
    {
        guard let field = TodoTxtSyntax.dependencies.field, !ids.isEmpty else { return text }
        var depends = Set<UUID>()
        let words = todoTxtWords(text).filter { word in
            if let id = TodoTxtDependencies.id(word), ids[id] == own { return false }
            guard let parent = TodoTxtDependencies.parent(word), let uuid = ids[parent], uuid != own else {
                return true
            }
            depends.insert(uuid)
            return false
        }
        if !depends.isEmpty { try? todo.set(field, .uuids(depends)) }
        return words.joined(separator: " ")
    }

    /// Sets the fields the words of `text` write; the other words, joined, or nil if none are left.
    static func takeFields(_ text: String, into todo: inout ImportedTodo) -> String? {
        let words = todoTxtWords(text).filter { !take($0, into: &todo) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Whether `word` set a field: one not yet set, or the tags (a further `+project` is a tag).
    static func take(_ word: Substring, into todo: inout ImportedTodo) -> Bool {
        for field in TodoField.allCases {
            guard let syntax = field.spec.todoTxt, let value = syntax.value(of: word, kind: field.spec.kind) else {
                continue
            }
            let current = field.value(of: todo.content)
            if field.spec.merge == .set { return (try? todo.set(field, current.adding(value))) != nil }
            if !current.isSet { return (try? todo.set(field, value)) != nil }
            guard case .sigil = syntax, let tags = TodoField.allCases.first(where: { $0.spec.kind == .tags }) else {
                return false
            }
            return take(word.dropFirst(), asTagOf: tags, into: &todo)
        }
        return false
    }

    private static func take(_ tag: Substring, asTagOf field: TodoField, into todo: inout ImportedTodo) -> Bool {
        (try? todo.set(field, field.value(of: todo.content).adding(.tags([String(tag)])))) != nil
    }

    static func parseLine(_ text: String) -> Line {
        var line = Line()
        var words = todoTxtWords(text).map(String.init)
        if words.first == "x" {
            line.completed = true
            words.removeFirst()
        }
        if let first = words.first, let priority = priority(first) {
            line.priority = priority
            words.removeFirst()
        }
        var dates: [Date] = []
        while dates.count < (line.completed ? 2 : 1), let first = words.first, let date = day(first) {
            dates.append(date)
            words.removeFirst()
        }
        if line.completed {
            line.completionDate = dates.first
            line.creationDate = dates.count > 1 ? dates[1] : nil
        } else {
            line.creationDate = dates.first
        }
        if line.priority == nil, let first = words.first, let priority = priority(first) {
            line.priority = priority
            words.removeFirst()
        }
        if line.priority == nil, let index = words.firstIndex(where: { $0.hasPrefix("pri:") && $0.count == 5 }),
            let priority = priority("(\(words[index].dropFirst(4).uppercased()))")
        {
            line.priority = priority
            words.remove(at: index)
        }
        line.text = words.joined(separator: " ")
        return line
    }

    /// `(A)` → "A"
    static func priority(_ word: String) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count == 3, scalars[0] == "(", scalars[2] == ")", ("A"..."Z").contains(scalars[1]) else {
            return nil
        }
        return String(scalars[1])
    }

    /// `2026-01-21` → midnight UTC of that day.
    static func day(_ word: String) -> Date? {
        word.count == 10 ? ISO8601Millis.parse(word + "T00:00:00Z") : nil
    }

    /// A UUID (version 8) that depends only on `key`: two 64-bit FNV-1a hashes.
    static func stableUUID(_ key: String) -> UUID {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in key.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for (half, value) in [fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4)].enumerated() {
            for index in 0..<8 { bytes[half * 8 + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
