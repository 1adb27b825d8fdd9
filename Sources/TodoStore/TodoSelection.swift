import Foundation
import TodoCore
import TodoWire

/// Which todos a command reads from the state file. The others are not decoded: their text
/// is carried as it is and copied back on a save, so a command on one todo costs little more
/// than reading the file's bytes.
public struct TodoSelection: Sendable {
    let everything: Bool
    /// A few numbers at most: searching an array beats hashing on every line of the file.
    let numbers: [Int]
    /// Lowercase hex digits of UUID prefixes.
    let prefixes: [[UInt8]]
    /// Every todo with this completion status (besides those named).
    var completed: Bool?
    /// The undo history is read too (only `undo` needs it).
    var history = false
    /// The undo history is read, each step holding only the todos no longer in the state:
    /// what the reports need to count deleted todos. Only with every todo read.
    var deletedHistory = false
    /// Byte strings a todo's text in the file must all hold to be read (besides those named),
    /// when no backslash escape could hide them: what a filter's terms need (`mayPass`).
    var mustContain: [Needle] = []
    /// Every todo, and the undo history's versions of the todos no longer in the state
    /// (`TodoState.deletedTodos`): decoding a step's other todos is skipped.
    public static var allWithDeletedHistory: TodoSelection {
        var selection = TodoSelection.all
        selection.deletedHistory = true
        return selection
    }

    /// The next occurrences of the recurring todos selected are read too, if they exist.
    var nextOccurrences = false

    public static let all = TodoSelection(everything: true, numbers: [], prefixes: [])

    /// Every todo and nothing more (no undo history): what a `StateKeeper` keeps.
    var isAll: Bool { everything && !history && !deletedHistory }

    /// No todo at all: enough for `add`, which needs only the next number.
    public static let none = TodoSelection(everything: false, numbers: [], prefixes: [])

    /// The open todos (false) or the completed ones (true), as `list --filter` shows them.
    public static func completed(_ completed: Bool) -> TodoSelection {
        TodoSelection(everything: false, numbers: [], prefixes: [], completed: completed)
    }

    /// This selection and the undo history.
    public var withHistory: TodoSelection {
        var selection = self
        selection.history = true
        return selection
    }

    /// This selection and the next occurrence of each recurring todo it selects: what a
    /// command that completes or deletes todos needs, since that makes the next occurrence
    /// unless a todo with its UUID exists, read or not.
    public var withNextOccurrences: TodoSelection {
        var selection = self
        selection.nextOccurrences = true
        return selection
    }

    /// The next occurrences of the recurring `todos` (read with this selection) that it did
    /// not select: read them too; nil when there are none.
    func missingNextOccurrences(of todos: [Todo]) -> TodoSelection? {
        guard nextOccurrences, !everything else { return nil }
        let read = Set(todos.map(\.uuid))
        let wanted = todos.filter { $0.recur != nil }.map(\.nextOccurrenceUUID).filter { !read.contains($0) }
        guard !wanted.isEmpty else { return nil }
        let hex = wanted.map { Array($0.uuidString.lowercased().utf8.filter { $0 != 0x2D }) }
        return TodoSelection(
            everything: false, numbers: numbers, prefixes: prefixes + hex, completed: completed, history: history)
    }

    /// Numbers alone, or nothing: found by looking at a few lines of a large file instead of
    /// reading it whole (see `SparseReader`).
    var isSparse: Bool { sparseAllowed && !everything && prefixes.isEmpty && completed == nil && mustContain.isEmpty }
    private var sparseAllowed = true

    /// The same todos, read from the whole file.
    var wholeFile: TodoSelection {
        var selection = self
        selection.sparseAllowed = false
        return selection
    }

    /// Every todo that `references` (ID words: `3`, `3-7`, `3,5`, `8f0e`) could name, so
    /// that `TodoState.resolve` finds the same todo, or reports the same ambiguity, as it
    /// would with all of them.
    public static func referencedBy(_ references: [String]) -> TodoSelection {
        var numbers: [Int] = []
        var prefixes: [[UInt8]] = []
        for reference in references {
            guard let ids = try? TodoIDs(reference) else { continue }
            guard let more = ids.numbers else { return .all }
            numbers += more
            prefixes += ids.prefixes.map { Array($0.utf8) }
        }
        return TodoSelection(everything: false, numbers: numbers, prefixes: prefixes)
    }

    /// The todos with this completion status, if given, that could pass `filter`: every one
    /// that passes is among them. The others are told by their bytes alone, not decoded.
    public static func mayPass(_ filter: FilterExpression, completed: Bool?) -> TodoSelection {
        var selection = completed.map(Self.completed) ?? TodoSelection(everything: false, numbers: [], prefixes: [])
        selection.mustContain = filter.necessaryTerms.compactMap(Self.bytes(necessaryFor:)).map(Needle.init)
        if selection.mustContain.isEmpty && completed == nil { return .all }
        return selection
    }

    /// What the file holds, unescaped, for any todo that passes `term`, or nil if nothing is sure.
    static func bytes(necessaryFor term: FilterTerm) -> [UInt8]? {
        var out = JSONWriter()
        switch term {
        case .tag(let tag): out.string(tag)
        case .project(let name):
            // home holds home.garden: the string starts so; where it ends is not known.
            out.string(name)
            out.bytes.removeLast()
        case .priority(.equal, let priority): out.string(priority.rawValue)
        case .date(let field, _, _): out.string(field.key)
        case .rule: out.string(TodoField.recur.key)
        case .uda(let declaration, _, _?): out.string(declaration.name)
        case .priority, .string, .unset, .text, .exactText, .pattern, .virtual, .member, .status, .urgency,
            .uda(_, _, nil), .ids, .stamp, .noStamp:
            return nil
        }
        return out.bytes
    }

    /// Whether a todo whose text is `bytes` may be left out: it lacks one of `mustContain` (and
    /// holds no backslash, which could escape it).
    func excludes(text bytes: UnsafeRawBufferPointer) -> Bool {
        guard !mustContain.isEmpty, let base = bytes.baseAddress, memchr(base, 0x5C, bytes.count) == nil else {
            return false
        }
        return mustContain.contains { !$0.occurs(in: bytes) }
    }

    func includes(_ todo: Todo) -> Bool {
        everything || numbers.contains(todo.id) || completed == todo.completed
            || (!mustContain.isEmpty && completed == nil)
            || (!prefixes.isEmpty
                && Array(todo.uuid.uuidString.utf8).withUnsafeBytes { includes(id: todo.id, uuidText: $0) })
    }

    /// `uuidText` is the UUID as the file spells it (36 characters, any case).
    func includes(id: Int, uuidText: UnsafeRawBufferPointer) -> Bool {
        if everything || numbers.contains(id) { return true }
        return prefixes.contains { prefix in
            var index = 0
            for byte in uuidText where byte != 0x2D {
                guard index < prefix.count else { return true }
                guard byte | 0x20 == prefix[index] else { return false }
                index += 1
            }
            return index == prefix.count
        }
    }
}

/// Bytes a todo's text must hold (`TodoSelection.mustContain`), looked for with `memchr` for
/// the one of them least common in a state file's lines, then compared whole: a needle such
/// as `"work"` starts with a quote, which every line holds dozens of.
struct Needle: Sendable {
    let bytes: [UInt8]
    /// The index of the byte looked for first.
    let anchor: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        anchor = bytes.indices.min { Self.commonness(bytes[$0]) < Self.commonness(bytes[$1]) } ?? 0
    }

    /// Roughly how common a byte is in a state file's lines: JSON's punctuation and spaces,
    /// then the digits and hex letters of dates and UUIDs, then English letters by frequency;
    /// any other byte is rare (0).
    private static func commonness(_ byte: UInt8) -> Int {
        common.firstIndex(of: byte).map { common.count - $0 } ?? 0
    }

    private static let common = Array("\" :,0123456789-abcdefTZtoinshrlumwgypvkjxqz".utf8)

    /// Whether the bytes occur in `haystack`.
    func occurs(in haystack: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= bytes.count else { return false }
        let anchorByte = Int32(bytes[anchor])
        // The anchor's place in the haystack runs from `anchor` through `count - after`.
        let after = bytes.count - anchor
        var from = anchor
        while from <= haystack.count - after,
            let hit = memchr(base + from, anchorByte, haystack.count - after - from + 1)
        {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if bytes.withUnsafeBytes({ memcmp(base + at - anchor, $0.baseAddress!, bytes.count) == 0 }) { return true }
            from = at + 1
        }
        return false
    }
}
