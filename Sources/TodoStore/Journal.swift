import Foundation
import TodoCore

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
///     {"format": "todo-journal", "version": 1, "generation": "3f2a…"}
///     {"nextId": 12, "put": [{"id": 11, …}], "history": {"summary": …}}
///     {"remove": [4], "history": "undo"}
enum Journal {
    static let formatName = "todo-journal"
    static let version = 1
    /// Entries after which the next change rewrites the state file instead.
    static let maxEntries = 100
    /// A change whose line would be longer is written by rewriting the state file instead.
    static let maxEntryBytes = 64 * 1024

    struct Entry {
        var nextId: Int?
        /// Each todo with the place of its text in the journal's bytes.
        var puts: [(todo: Todo, range: Range<Int>)] = []
        var removes: [Int] = []
        var history: HistoryChange?
        var sync: SyncState?
    }

    enum HistoryChange: Equatable {
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

    /// The line recording the change from `before` to `after`, or nil when it is not a step
    /// a journal line can say (the history changed by more than one push or pop).
    static func line(from before: TodoState, to after: TodoState) -> [UInt8]? {
        var history: HistoryChange?
        if after.history != before.history {
            if after.history.count <= before.history.count, after.history == Array(before.history.dropLast()) {
                history = .pop
            } else if let last = after.history.last,
                after.history.count == min(before.history.count + 1, TodoState.historyLimit),
                after.history.dropLast().elementsEqual(before.history.suffix(after.history.count - 1))
            {
                history = .push(last)
            } else {
                return nil
            }
        }
        var out = JSONWriter(capacity: 1024)
        out.raw("{\"nextId\": ")
        out.int(after.nextId)
        let (puts, removes) = difference(before.todos, after.todos)
        if !puts.isEmpty {
            out.raw(", \"put\": [")
            for (index, todo) in puts.enumerated() {
                if index > 0 { out.raw(", ") }
                StateCodec.write(todo, to: &out)
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
        switch history {
        case .push(let entry):
            out.raw(", \"history\": ")
            StateCodec.write(entry, to: &out)
        case .pop: out.raw(", \"history\": \"undo\"")
        case nil: break
        }
        if after.sync != before.sync {
            out.raw(", \"sync\": ")
            SyncCodec.write(after.sync, to: &out)
        }
        out.raw("}\n")
        return out.bytes
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
                var contents = Contents(bytes: bytes, generation: try readHeader(raw, first), entries: [], validLength: first.upperBound)
                for (number, line) in lines.enumerated().dropFirst() {
                    do {
                        var reader = JSONReader(UnsafeRawBufferPointer(rebasing: raw[line]))
                        var entry = try readEntry(&reader)
                        guard reader.offset == line.count - 1 else { throw reader.fail("the end of the line") }
                        entry.puts = entry.puts.map { ($0.todo, $0.range.lowerBound + line.lowerBound..<$0.range.upperBound + line.lowerBound) }
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

    private static func readHeader(_ raw: UnsafeRawBufferPointer, _ line: Range<Int>) throws(StateCodec.DecodeError) -> String {
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
            case "nextId": entry.nextId = try reader.readInt()
            case "put":
                entry.puts = try reader.readArray { reader in
                    _ = reader.peek()
                    let start = reader.offset
                    return (try StateCodec.readAnyTodo(&reader), start..<reader.offset)
                }
            case "remove": entry.removes = try reader.readArray { try $0.readInt() }
            case "history":
                if reader.peek() == 0x22 {
                    guard try reader.readString() == "undo" else { throw reader.fail("\"undo\" or an undo step") }
                    entry.history = .pop
                } else {
                    entry.history = .push(try StateCodec.readHistoryEntry(&reader))
                }
            case "sync": entry.sync = try SyncCodec.readSyncState(&reader)
            default: try reader.skipValue()
            }
        }
        return entry
    }
}

extension StateCodec.Snapshot {
    /// Applies the journal's entries, in order, to the state and the todos' texts.
    mutating func apply(_ journal: Journal.Contents) {
        journalBytes = journal.bytes
        for entry in journal.entries {
            if let nextId = entry.nextId { state.nextId = max(state.nextId, nextId) }
            for (todo, range) in entry.puts {
                let decoded = selection.includes(todo)
                let (index, found) = textIndex(todo.id)
                let stored = StateCodec.StoredTodo(id: todo.id, range: range, decoded: decoded, inJournal: true)
                if found { texts[index] = stored } else { texts.insert(stored, at: index) }
                let (position, present) = todoIndex(todo.id)
                // A selection by completion can take in or leave out a todo the line changed.
                if decoded {
                    if present { state.todos[position] = todo } else { state.todos.insert(todo, at: position) }
                } else if present {
                    state.todos.remove(at: position)
                }
            }
            for id in entry.removes {
                let (index, found) = textIndex(id)
                if found { texts.remove(at: index) }
                let (position, present) = todoIndex(id)
                if present { state.todos.remove(at: position) }
            }
            switch entry.history {
            case .push(let step):
                state.history.append(step)
                if state.history.count > TodoState.historyLimit {
                    state.history.removeFirst(state.history.count - TodoState.historyLimit)
                }
            case .pop: _ = state.history.popLast()
            case nil: break
            }
            if let sync = entry.sync { state.sync = sync }
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
