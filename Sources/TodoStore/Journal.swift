import Foundation
import TodoCore
import TodoWire

/// Small changes appended to `<state file>.journal` between rewrites of the state file.
///
/// Rewriting and syncing a 2 MB state file costs milliseconds of disk time per command; an
/// appended line costs almost none. Each line records the result of one change (todos put
/// and removed, the undo step, the sync bookkeeping), not the action, so loading applies it
/// without the reducer and without reading other todos. The first line names the state
/// file's generation the lines apply to, a random id each rewrite gives the file: after a
/// rewrite, or with another file put in its place (a backup, a copy from another machine),
/// a journal left behind is ignored. A last line cut short by a crash was never acknowledged and
/// is ignored too; any other unreadable line makes the state damaged.
///
///     {"format": "todo-journal", "version": 2, "generation": "3f2a…"}
///     {"nextId": 12, "put": [{"id": 11, …}], "undo": {"log": …, "head": 7, …}}
///     {"nextId": 12, "remove": [4], "undo": {…}}
///
/// Version 1 lines (beside version 3 state files) carried the undo step itself in
/// `"history"`; they are still read, and such a file is rewritten on its next change.
enum Journal {
    static let formatName = "todo-journal"
    static let version = 2
    /// Entries after which the next change rewrites the state file instead.
    static let maxEntries = 100
    /// A change whose line would be longer is written by rewriting the state file instead.
    static let maxEntryBytes = 64 * 1024

    struct Entry {
        var nextId: Int?
        /// Each todo with the place of its text in the journal's bytes.
        var puts: [(todo: Todo, range: Range<Int>)] = []
        var removes: [Int] = []
        /// Only in version 1 lines; later ones name the undo log's head in `undo`.
        var history: LegacyUndoStep?
        var undo: UndoPointer?
        var sync: SyncState?
    }

    /// A version 1 line's `"history"`: the undo step the change pushed, or `"undo"`, which
    /// popped one.
    enum LegacyUndoStep: Equatable {
        case push(HistoryEntry)
        case pop
    }

    struct Contents {
        var bytes: [UInt8]
        var generation: String
        var entries: [Entry]
        /// Bytes up to the end of the last complete line; a torn line after it is cut off
        /// before the next append.
        var validLength: Int
    }

    static func header(generation: String) -> [UInt8] {
        var out = JSONWriter(capacity: 128)
        out.raw("{\"format\": \"todo-journal\", \"version\": ")
        out.int(version)
        out.raw(", \"generation\": ")
        out.string(generation)
        out.raw("}\n")
        return out.bytes
    }

    /// The line recording the change from `before` to `after`, with the undo pointer the
    /// change left, if it moved.
    static func line(from before: TodoState, to after: TodoState, undo: UndoPointer?) -> [UInt8] {
        line(from: before, to: after, undo: undo, within: .max)!
    }

    /// The line, or nil as soon as it is longer than `limit` bytes: a change too large for the
    /// journal (a first sync's thousands of todos) is not written out in full only to be dropped.
    static func line(from before: TodoState, to after: TodoState, undo: UndoPointer?, within limit: Int) -> [UInt8]? {
        // Each operation and deletion holds a UUID (36 bytes) at least: thousands queued (a
        // first sync's) are too many for a line, known before any todo is compared.
        let syncChanged = after.sync != before.sync
        if syncChanged, (after.sync.outbox.count + after.sync.deletions.count) * 36 > limit { return nil }
        var out = JSONWriter(capacity: 1024)
        out.raw("{\"nextId\": ")
        out.int(after.nextId)
        let (puts, removes) = difference(before.todos, after.todos)
        if !puts.isEmpty {
            out.raw(", \"put\": [")
            for (index, todo) in puts.enumerated() {
                if index > 0 { out.raw(", ") }
                StateCodec.write(todo, to: &out)
                if out.bytes.count > limit { return nil }
            }
            out.raw("]")
        }
        if !removes.isEmpty {
            out.raw(", \"remove\": [")
            for (index, id) in removes.enumerated() {
                if index > 0 { out.raw(", ") }
                out.int(id)
            }
            out.raw("]")
        }
        if let undo {
            out.raw(", \"undo\": ")
            StateCodec.write(undo, to: &out)
        }
        if syncChanged {
            out.raw(", \"sync\": ")
            SyncCodec.write(after.sync, to: &out)
        }
        out.raw("}\n")
        return out.bytes.count > limit ? nil : out.bytes
    }

    /// Todos in `after` that are new or changed, and numbers of those gone; both sorted by number.
    private static func difference(_ before: [Todo], _ after: [Todo]) -> (puts: [Todo], removes: [Int]) {
        var puts: [Todo] = []
        var removes: [Int] = []
        var old = 0
        for todo in after {
            while old < before.count, before[old].id < todo.id {
                removes.append(before[old].id)
                old += 1
            }
            if old < before.count, before[old].id == todo.id {
                if before[old] != todo { puts.append(todo) }
                old += 1
            } else {
                puts.append(todo)
            }
        }
        removes.append(contentsOf: before[old...].map(\.id))
        return (puts, removes)
    }

    /// Reads a journal; nil when it is empty or its first line was itself cut short.
    static func decode(_ bytes: [UInt8]) throws(StateCodec.DecodeError) -> Contents? {
        let lines = completeLines(bytes)
        guard let first = lines.first else { return nil }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(StateCodec.DecodeError) in
                var contents = Contents(
                    bytes: bytes, generation: try readHeader(raw, first), entries: [], validLength: first.upperBound)
                for (number, line) in lines.enumerated().dropFirst() {
                    do {
                        var reader = JSONReader(UnsafeRawBufferPointer(rebasing: raw[line]))
                        var entry = try readEntry(&reader)
                        guard reader.offset == line.count - 1 else { throw reader.fail("the end of the line") }
                        entry.puts = entry.puts.map {
                            ($0.todo, $0.range.lowerBound + line.lowerBound..<$0.range.upperBound + line.lowerBound)
                        }
                        contents.entries.append(entry)
                        contents.validLength = line.upperBound
                    } catch {
                        throw .invalid("journal line \(number + 1): \(error)")
                    }
                }
                return contents
            }
        }
        return try result.get()
    }

    /// Ranges of the lines ending in a newline; text after the last newline is a torn append.
    private static func completeLines(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while start < raw.count, let newline = memchr(base + start, 0x0A, raw.count - start) {
                let end = base.distance(to: UnsafeRawPointer(newline)) + 1
                lines.append(start..<end)
                start = end
            }
        }
        return lines
    }

    private static func readHeader(_ raw: UnsafeRawBufferPointer, _ line: Range<Int>) throws(StateCodec.DecodeError)
        -> String
    {
        var format: String?
        var fileVersion: Int?
        var generation: String?
        do {
            var reader = JSONReader(UnsafeRawBufferPointer(rebasing: raw[line]))
            try reader.readObject { key, reader in
                switch key {
                case "format": format = try reader.readString()
                case "version": fileVersion = try reader.readInt()
                case "generation": generation = try reader.readString()
                default: try reader.skipValue()
                }
            }
        } catch {
            throw .invalid("journal line 1: \(error)")
        }
        guard format == formatName, let fileVersion, let generation else {
            throw .invalid("the journal does not start with a todo-journal header")
        }
        guard fileVersion <= version else { throw .unsupportedVersion(fileVersion) }
        return generation
    }

    private static func readEntry(_ reader: inout JSONReader) throws -> Entry {
        var entry = Entry()
        try reader.readObject { key, reader in
            switch key {
            case "nextId": entry.nextId = try reader.readNextId()
            case "put":
                entry.puts = try reader.readArray { reader in
                    _ = reader.peek()
                    let start = reader.offset
                    return (try StateCodec.readAnyTodo(&reader), start..<reader.offset)
                }
            case "remove": entry.removes = try reader.readArray { try $0.readId() }
            case "history":
                if reader.peek() == 0x22 {
                    guard try reader.readString() == "undo" else { throw reader.fail("\"undo\" or an undo step") }
                    entry.history = .pop
                } else {
                    entry.history = .push(try StateCodec.readHistoryEntry(&reader))
                }
            case "undo": entry.undo = try StateCodec.readUndoPointer(&reader)
            case "sync": entry.sync = try SyncCodec.readSyncState(&reader)
            default: try reader.skipValue()
            }
        }
        return entry
    }
}

extension StateCodec.Snapshot {
    /// Applies the journal's entries, in order, to the state and the todos' texts.
    ///
    /// A line may change a todo but never give its number to another UUID: such a line is
    /// forged or damaged, and applying it would lose the todo it replaced.
    mutating func apply(_ journal: Journal.Contents) throws(StateCodec.DecodeError) {
        journalBytes = journal.bytes
        for (number, entry) in journal.entries.enumerated() {
            // Since version 4 the undo steps live in the undo log: a step inside a line beside
            // such a file would be undone once, then lost on the next rewrite.
            if entry.history != nil, version >= 4 {
                throw .invalid(
                    "journal line \(number + 2) holds an undo step, which only a version 3 state file's journal can")
            }
            if let nextId = entry.nextId { state.nextId = max(state.nextId, nextId) }
            for (todo, range) in entry.puts {
                if let uuid = storedUUID(of: todo.id), uuid != todo.uuid {
                    throw .invalid("journal line \(number + 2) gives todo \(todo.id) another UUID")
                }
                state.nextId = max(state.nextId, todo.id + 1)
                let decoded = selection.includes(todo)
                if !sparse {
                    let (index, found) = textIndex(todo.id)
                    let stored = StateCodec.StoredTodo(id: todo.id, range: range, decoded: decoded, inJournal: true)
                    if found { texts[index] = stored } else { texts.insert(stored, at: index) }
                }
                let (position, present) = todoIndex(todo.id)
                // A selection by completion can take in or leave out a todo the line changed.
                if decoded {
                    if present { state.todos[position] = todo } else { state.todos.insert(todo, at: position) }
                } else if present {
                    state.todos.remove(at: position)
                }
            }
            for id in entry.removes {
                if !sparse {
                    let (index, found) = textIndex(id)
                    if found { texts.remove(at: index) }
                }
                let (position, present) = todoIndex(id)
                if present { state.todos.remove(at: position) }
            }
            switch entry.history {
            case .push(let step):
                state.history.append(step)
                state.nextId = max(state.nextId, (step.before.map(\.id).max() ?? 0) + 1)
                if state.history.count > TodoState.historyLimit {
                    state.history.removeFirst(state.history.count - TodoState.historyLimit)
                }
            case .pop: _ = state.history.popLast()
            case nil: break
            }
            if let undo = entry.undo { self.undo = undo }
            if let sync = entry.sync { state.sync = sync }
        }
    }

    /// The UUID of the todo numbered `id` as the file (or an earlier journal line) has it;
    /// nil if there is none, or it was not read (a sparse load checks only what it read).
    private func storedUUID(of id: Int) -> UUID? {
        let (position, present) = todoIndex(id)
        if present { return state.todos[position].uuid }
        guard !sparse else { return nil }
        let (index, found) = textIndex(id)
        guard found else { return nil }
        let stored = texts[index]
        let source = stored.inJournal ? journalBytes : bytes
        return source.withUnsafeBytes { raw in
            var reader = JSONReader(UnsafeRawBufferPointer(rebasing: raw[stored.range]))
            guard let head = StateCodec.readHeadFast(&reader) else {
                reader = JSONReader(UnsafeRawBufferPointer(rebasing: raw[stored.range]))
                return (try? StateCodec.readAnyTodo(&reader))?.uuid
            }
            return JSONReader.uuid(head.uuidText)
        }
    }

    private func textIndex(_ id: Int) -> (Int, found: Bool) {
        let index = lowerBound(texts.count) { texts[$0].id < id }
        return (index, index < texts.count && texts[index].id == id)
    }

    private func todoIndex(_ id: Int) -> (Int, found: Bool) {
        let index = lowerBound(state.todos.count) { state.todos[$0].id < id }
        return (index, index < state.todos.count && state.todos[index].id == id)
    }
}

/// The first index in 0..<count for which `isBefore` is false (it must be true, then false).
private func lowerBound(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let mid = (low + high) / 2
        if isBefore(mid) { low = mid + 1 } else { high = mid }
    }
    return low
}
