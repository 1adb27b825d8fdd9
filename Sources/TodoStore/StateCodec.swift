import Foundation
import TodoCore
import TodoWire

/// The state file's JSON: a format name and version, then one todo per line.
///
///     {"format": "todo-state", "version": 6, "generation": "3f2a…", "folded": "9c1d…", "nextId": 3,
///      "undo": {"log": "5b1e…", "head": 7, "depth": 3, "floor": 0, "next": 8},
///      "sync": {…},
///      "todos": [
///       {"id": 1, "uuid": "…", "name": "…", …},
///       …]}
///
/// The todos come last, sorted by number, one a line, so that a command can find the few it
/// needs by looking at lines here and there (see `SparseReader`). Versions 3 and older kept
/// the undo history in a `history` array after the todos; it now lives in `UndoLog`.
/// Version 5 added the attributes (tags, project, priority, due, wait), written after
/// `synced` and only when set, so a todo without them is the same line as in version 4.
/// Version 6 added recurrence (`recur`, `until`, `series`, `anchor`), attributes too: an
/// older todo, which would drop them, refuses the file.
public enum StateCodec {
    public static let formatName = "todo-state"
    public static let version = 6

    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case syntax(JSONSyntaxError)
        case notAStateFile
        case unsupportedVersion(Int)
        case invalid(String)

        public var description: String {
            switch self {
            case .syntax(let error): "not valid JSON (\(error))"
            case .notAStateFile: "not a todo state file (no \"format\": \"\(StateCodec.formatName)\")"
            case .unsupportedVersion(let version):
                "format version \(version) is newer than this todo understands (\(StateCodec.version)); upgrade todo"
            case .invalid(let detail): detail
            }
        }
    }

    /// A decoded state file: the todos a `TodoSelection` picked, decoded, and the text of
    /// every todo, so that a save copies the bytes of the todos it did not change.
    public struct Snapshot: Sendable {
        public internal(set) var state: TodoState
        /// Every todo in the file by ascending number; the `decoded` ones are in `state.todos`.
        var texts: [StoredTodo]
        var bytes: [UInt8]
        /// The journal applied on top, where the texts it put lie.
        var journalBytes: [UInt8] = []
        /// The id this rewrite of the file was given, which a journal names to apply to it;
        /// nil in files from before journals (version 2 and older).
        public internal(set) var generation: String?
        var selection: TodoSelection
        /// The format version the file was written in.
        var version = StateCodec.version
        /// The generation this file replaced: its journal, if left behind by a crash, is
        /// already folded into this file.
        var folded: String?
        /// Where the undo history stands; nil before the first step (or in version 3 files,
        /// whose history is in `state.history`).
        var undo: UndoPointer?
        /// For each step in `state.history` (when loaded from the undo log), the pointer
        /// that undoing it leaves.
        var undoBelow: [UndoPointer] = []
        /// Only the header, the last todo's number and the selected todos were read: a
        /// rewrite must read the file whole first.
        var sparse = false
    }

    /// What the header of a file records besides the todos.
    struct Header {
        var generation: String
        var folded: String?
        var undo: UndoPointer?
    }

    /// Where a todo's text lies: in the state file's bytes or, `inJournal`, the journal's.
    struct StoredTodo: Sendable, Equatable {
        var id: Int
        var range: Range<Int>
        var decoded: Bool
        var inJournal = false
    }

    /// Encodes `state` as generation `generation`. With a snapshot, todos `state` does not hold
    /// are copied from it (it was loaded with a selection), as are unchanged ones.
    public static func encode(_ state: TodoState, generation: String = "1", reusing snapshot: Snapshot? = nil)
        -> [UInt8]
    {
        encode(state, Header(generation: generation), reusing: snapshot)
    }

    static func encode(_ state: TodoState, _ header: Header, reusing snapshot: Snapshot? = nil) -> [UInt8] {
        encodeWithTexts(state, header, reusing: snapshot).bytes
    }

    /// The file's bytes, and where each todo's text lies in them (those `state` holds decoded).
    static func encodeWithTexts(_ state: TodoState, _ header: Header, reusing snapshot: Snapshot? = nil) -> (
        bytes: [UInt8], texts: [StoredTodo]
    ) {
        precondition(snapshot?.sparse != true, "a sparse snapshot cannot be rewritten")
        var out = JSONWriter(capacity: 256 * (state.todos.count + 4) + (snapshot?.texts.count ?? 0) * 256)
        out.raw("{\"format\": \"")
        out.raw("todo-state")
        out.raw("\", \"version\": ")
        out.int(version)
        out.raw(", \"generation\": ")
        out.string(header.generation)
        if let folded = header.folded {
            out.raw(", \"folded\": ")
            out.string(folded)
        }
        out.raw(", \"nextId\": ")
        out.int(state.nextId)
        if let undo = header.undo {
            out.raw(",\n \"undo\": ")
            write(undo, to: &out)
        }
        out.raw(",\n \"sync\": ")
        SyncCodec.write(state.sync, to: &out)
        out.raw(",\n \"todos\": [")
        var first = true
        func separate(_ out: inout JSONWriter) {
            out.raw(first ? "\n  " : ",\n  ")
            first = false
        }
        let texts = snapshot?.texts ?? []
        func text(_ stored: StoredTodo) -> ArraySlice<UInt8> {
            stored.inJournal ? snapshot!.journalBytes[stored.range] : snapshot!.bytes[stored.range]
        }
        let loaded = snapshot?.state.todos ?? []
        var written: [StoredTodo] = []
        written.reserveCapacity(state.todos.count + texts.count)
        func copy(_ stored: StoredTodo, _ out: inout JSONWriter) {
            separate(&out)
            let start = out.bytes.count
            out.bytes.append(contentsOf: text(stored))
            written.append(StoredTodo(id: stored.id, range: start..<out.bytes.count, decoded: false))
        }
        var next = 0
        var old = 0
        for todo in state.todos {
            while next < texts.count, texts[next].id < todo.id {
                if !texts[next].decoded { copy(texts[next], &out) }
                next += 1
            }
            while old < loaded.count, loaded[old].id < todo.id { old += 1 }
            separate(&out)
            let start = out.bytes.count
            if next < texts.count, texts[next].id == todo.id, texts[next].decoded,
                old < loaded.count, loaded[old] == todo
            {
                out.bytes.append(contentsOf: text(texts[next]))
            } else {
                write(todo, to: &out)
            }
            written.append(StoredTodo(id: todo.id, range: start..<out.bytes.count, decoded: true))
            if next < texts.count, texts[next].id == todo.id { next += 1 }
        }
        for stored in texts[next...] where !stored.decoded { copy(stored, &out) }
        out.raw("]}\n")
        return (out.bytes, written)
    }

    /// What ends the header: the todos follow, one a line, to the end of the file.
    static let todosMarker = Array("\n \"todos\": [".utf8)

    /// The header at the start of `bytes` (everything before the todos), decoded with no
    /// todo, and where the todos start; nil when `bytes` does not hold all of it.
    static func decodeHeader(_ bytes: [UInt8]) throws(DecodeError) -> (snapshot: Snapshot, todosStart: Int)? {
        guard let at = SparseReader.firstIndex(of: todosMarker, in: bytes, from: 0) else { return nil }
        let end = at + todosMarker.count
        return (try decodeSnapshot(Array(bytes[..<end]) + Array("]}".utf8), selecting: .none), end)
    }

    static func write(_ undo: UndoPointer, to out: inout JSONWriter) {
        out.raw("{\"log\": ")
        out.string(undo.log)
        out.raw(", \"head\": ")
        out.int(undo.head)
        out.raw(", \"depth\": ")
        out.int(undo.depth)
        out.raw(", \"floor\": ")
        out.int(undo.floor)
        out.raw(", \"next\": ")
        out.int(undo.next)
        out.raw("}")
    }

    static func readUndoPointer(_ reader: inout JSONReader) throws -> UndoPointer {
        var pointer = UndoPointer(log: "")
        var log: String?
        try reader.readObject { key, reader in
            let counter = 0...Int.max - 1
            switch key {
            case "log": log = try reader.readString()
            case "head": pointer.head = try reader.readInt(in: counter, "a step number")
            case "depth": pointer.depth = try reader.readInt(in: counter, "a depth")
            case "floor": pointer.floor = try reader.readInt(in: counter, "a depth")
            case "next": pointer.next = try reader.readInt(in: 1...Int.max - 1, "a step number")
            default: try reader.skipValue()
            }
        }
        guard let log else { throw DecodeError.invalid("the undo pointer names no log") }
        pointer.log = log
        guard pointer.head < pointer.next, pointer.floor <= pointer.depth else {
            throw DecodeError.invalid("the undo pointer is inconsistent")
        }
        return pointer
    }

    /// Writes `todo` as the state file stores it; `forOutput` leaves out the sync bookkeeping
    /// (`rev`, `base`) that scripts should not depend on, but keeps `conflicts`, and writes
    /// every attribute, set or not (`null`, `[]`).
    public static func write(_ todo: Todo, to out: inout JSONWriter, forOutput: Bool = false) {
        out.raw("{\"id\": ")
        out.int(todo.id)
        out.raw(", \"uuid\": ")
        out.lowercaseUUID(todo.uuid)
        FieldCodec.writeStored(todo, to: &out)
        out.raw(", \"completed\": ")
        out.bool(todo.completed)
        out.raw(", \"createdAt\": ")
        out.date(todo.createdAt)
        out.raw(", \"updatedAt\": ")
        out.date(todo.updatedAt)
        out.raw(", \"completedAt\": ")
        out.date(todo.completedAt)
        out.raw(", \"synced\": ")
        out.bool(todo.synced)
        if todo.hasAttributes {
            FieldCodec.writeAttributes(todo, all: forOutput, to: &out)
        } else if forOutput {
            out.bytes.append(contentsOf: FieldCodec.unsetAttributes)
        }
        if !forOutput, let base = todo.base {
            out.raw(", \"rev\": ")
            out.int(Int(base.rev))
            if base.content != todo.content {
                out.raw(", \"base\": ")
                SyncCodec.write(base.content, to: &out)
            }
        } else if !forOutput, let origin = todo.origin {
            out.raw(", \"origin\": ")
            SyncCodec.write(origin, to: &out)
        }
        if !todo.conflicts.isEmpty {
            out.raw(", \"conflicts\": ")
            SyncCodec.write(todo.conflicts, to: &out)
        }
        out.raw("}")
    }

    static func write(_ entry: HistoryEntry, to out: inout JSONWriter) {
        out.raw("{\"summary\": ")
        out.string(entry.summary)
        out.raw(", \"kind\": ")
        out.string(entry.kind.rawValue)
        out.raw(", \"at\": ")
        out.date(entry.at)
        out.raw(", \"before\": [")
        for (index, prior) in entry.before.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"id\": ")
            out.int(prior.id)
            out.raw(", \"todo\": ")
            if let todo = prior.todo { write(todo, to: &out) } else { out.null() }
            out.raw("}")
        }
        out.raw("]}")
    }

    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> TodoState {
        try decodeSnapshot(bytes).state
    }

    public static func decodeSnapshot(_ bytes: [UInt8], selecting selection: TodoSelection = .all) throws(DecodeError)
        -> Snapshot
    {
        let result = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return Result { () throws(DecodeError) in try decodeState(&reader, selection) }
        }
        var snapshot = try result.get()
        snapshot.bytes = bytes
        return snapshot
    }

    private static func decodeState(_ reader: inout JSONReader, _ selection: TodoSelection) throws(DecodeError)
        -> Snapshot
    {
        var heads: [StoredTodo] = []
        var format: String?
        var fileVersion: Int?
        var generation: String?
        var folded: String?
        var undo: UndoPointer?
        var nextId: Int?
        var todos: [Todo]?
        var history: [HistoryEntry] = []
        var sync = SyncState()
        do {
            try reader.readObject { key, reader in
                switch key {
                case "format": format = try reader.readString()
                case "version": fileVersion = try reader.readInt()
                case "generation": generation = try reader.readString()
                case "folded": folded = try reader.readString()
                case "undo": undo = try readUndoPointer(&reader)
                case "nextId": nextId = try reader.readNextId()
                case "todos":
                    heads = []
                    todos = try readTodos(&reader, selection, heads: &heads)
                case "history": history = try readHistory(&reader)
                case "sync": sync = try SyncCodec.readSyncState(&reader)
                default: try reader.skipValue()
                }
            }
            guard reader.isAtEnd else { throw reader.fail("the end of the file after the top-level object") }
        } catch let error as JSONSyntaxError {
            throw .syntax(error)
        } catch let error as DecodeError {
            throw error
        } catch {
            throw .invalid("\(error)")
        }
        guard format == formatName else { throw .notAStateFile }
        guard let fileVersion else { throw .invalid("missing \"version\"") }
        guard fileVersion <= version else { throw .unsupportedVersion(fileVersion) }
        guard fileVersion >= 1 else { throw .invalid("invalid \"version\": \(fileVersion)") }
        guard var todos else { throw .invalid("missing \"todos\"") }
        try validate(&todos, &heads, checkUUIDs: selection.everything)
        let highest = heads.last?.id ?? 0
        // A forged counter below a number in use would give that number again; numbers the
        // undo history names (todos since deleted) count as in use.
        let named = history.lazy.flatMap { $0.before.map(\.id) }.max() ?? 0
        let next = max(nextId ?? 0, highest + 1, named + 1)
        let state = TodoState(todos: todos, nextId: next, history: fileVersion < 4 ? history : [], sync: sync)
        var snapshot = Snapshot(
            state: state, texts: heads, bytes: [], generation: generation, selection: selection)
        snapshot.version = fileVersion
        snapshot.folded = folded
        snapshot.undo = undo
        return snapshot
    }

    /// Numbers must be positive and distinct, UUIDs distinct; todos and heads end up sorted by number.
    private static func validate(_ todos: inout [Todo], _ heads: inout [StoredTodo], checkUUIDs: Bool)
        throws(DecodeError)
    {
        if !zip(heads, heads.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            heads.sort { $0.id < $1.id }
            todos.sort { $0.id < $1.id }
        }
        for index in heads.indices {
            guard heads[index].id > 0 else { throw .invalid("todo number \(heads[index].id) is not positive") }
            if index > 0, heads[index - 1].id == heads[index].id {
                throw .invalid("two todos are numbered \(heads[index].id)")
            }
        }
        guard checkUUIDs, let duplicate = firstRepeatedUUID(todos) else { return }
        throw .invalid("two todos have the UUID \(duplicate.uuidString.lowercased())")
    }

    /// An open-addressing table of the 16-byte values: linear, where sorting them (n log n)
    /// made listing 100,000 todos 5% slower and hashing into a `Set` was slower still.
    static func firstRepeatedUUID(_ todos: [Todo]) -> UUID? {
        var capacity = 16
        while capacity < todos.count * 2 { capacity *= 2 }
        // (0, 0) marks an empty slot; the nil UUID is tracked apart.
        var slots = [(UInt64, UInt64)](repeating: (0, 0), count: capacity)
        var sawNil = false
        for todo in todos {
            let key = withUnsafeBytes(of: todo.uuid.uuid) {
                ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
            }
            if key == (0, 0) {
                if sawNil { return todo.uuid }
                sawNil = true
                continue
            }
            let mixed = ((key.0 ^ (key.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 17
            var slot = Int(truncatingIfNeeded: mixed) & (capacity - 1)
            while slots[slot] != (0, 0) {
                if slots[slot] == key { return todo.uuid }
                slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = key
        }
        return nil
    }

    /// The selected todos, decoded; `heads` gets every todo's number and place.
    private static func readTodos(_ reader: inout JSONReader, _ selection: TodoSelection, heads: inout [StoredTodo])
        throws -> [Todo]
    {
        var todos: [Todo] = []
        // Lines are 150 bytes or more: reserving (address space, not memory) spares the copies
        // and page faults of growing arrays of 100,000 elements.
        let estimate = reader.bytes.count / 128 + 16
        heads.reserveCapacity(estimate)
        if selection.everything || selection.completed != nil { todos.reserveCapacity(estimate) }
        var more = try reader.enterArray()
        while more {
            _ = reader.peek()
            let start = reader.offset
            if let id = skipUnselected(&reader, from: start, selection) {
                heads.append(StoredTodo(id: id, range: start..<reader.offset, decoded: false))
            } else {
                reader = JSONReader(reader.bytes, at: start)
                let todo = try readAnyTodo(&reader)
                let decoded = selection.includes(todo)
                heads.append(StoredTodo(id: todo.id, range: start..<reader.offset, decoded: decoded))
                // Its last use, so that the todo is moved into the array, not copied.
                if decoded { todos.append(todo) }
            }
            more = try reader.arrayContinues()
        }
        return todos
    }

    /// Skips the todo at `start` if its bytes tell that `selection` leaves it out, and returns
    /// its number; nil (the reader unmoved) when it must be decoded to know.
    private static func skipUnselected(_ reader: inout JSONReader, from start: Int, _ selection: TodoSelection) -> Int?
    {
        guard !selection.everything, let head = readHeadFast(&reader) else { return nil }
        let id = head.id
        guard !selection.includes(id: id, uuidText: head.uuidText) else { return nil }
        var wanted = selection.completed != nil || !selection.mustContain.isEmpty
        if let completed = selection.completed {
            guard let fast = readCompletedFast(reader) else { return nil }
            wanted = fast == completed
        }
        if wanted, !selection.mustContain.isEmpty, let line = lineOf(reader, from: start),
            selection.excludes(text: line)
        {
            wanted = false
        }
        guard !wanted else { return nil }
        if skipLineFast(&reader) { return id }
        // A line with nested objects (a synced todo's base): skipped whole if it ends on it.
        guard let lineEnd = lineOf(reader, from: start).map({ start + $0.count }) else { return nil }
        var probe = JSONReader(reader.bytes, at: start)
        guard (try? probe.skipValue()) != nil, probe.offset <= lineEnd else { return nil }
        reader = probe
        return id
    }

    /// The bytes from `start` to the end of its line (without the newline), or nil if no
    /// newline follows.
    private static func lineOf(_ reader: JSONReader, from start: Int) -> UnsafeRawBufferPointer? {
        let bytes = reader.bytes
        guard let base = bytes.baseAddress, let newline = memchr(base + start, 0x0A, bytes.count - start) else {
            return nil
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<base.distance(to: UnsafeRawPointer(newline))])
    }

    /// A todo in the standard layout (fast) or any other.
    public static func readAnyTodo(_ reader: inout JSONReader) throws -> Todo {
        try readTodoFast(&reader) ?? readTodo(&reader)
    }

    /// A todo of an export, whose number may be left out (numbers are the state file's: an
    /// import gives its own); 0 then.
    public static func readExportedTodo(_ reader: inout JSONReader) throws -> Todo {
        try readTodoFast(&reader) ?? readTodo(&reader, numbered: false)
    }

    static func readTodo(_ reader: inout JSONReader, numbered: Bool = true) throws -> Todo {
        var id: Int?
        var uuid: UUID?
        var fields = ContentFields()
        var synced = false
        var rev: Int?
        var baseContent: TodoContent??
        var origin: TodoContent?
        var conflicts: [SyncConflict] = []
        let start = reader
        try reader.readObject { key, reader in
            guard try !fields.read(key, from: &reader) else { return }
            switch key {
            case "id": id = try reader.readId()
            case "uuid": uuid = try reader.readUUID()
            case "synced": synced = try reader.readBool()
            case "rev": rev = Int(try reader.readRevision())
            case "base": baseContent = .some(try SyncCodec.readContentOrNull(&reader))
            case "origin": origin = try SyncCodec.readContentOrNull(&reader)
            case "conflicts": conflicts = try SyncCodec.readConflicts(&reader)
            default: try reader.skipValue()
            }
        }
        if !numbered, id == nil { id = 0 }
        guard let id, let uuid, fields.hasName, let createdAt = fields.createdAt else {
            let missing = [
                ("id", id == nil), ("uuid", uuid == nil), ("name", !fields.hasName),
                ("createdAt", fields.createdAt == nil)
            ]
            .filter(\.1).map { "\"\($0.0)\"" }.joined(separator: ", ")
            let place = start.fail("")
            throw DecodeError.invalid("the todo at line \(place.line) has no \(missing)")
        }
        var todo = Todo(id: id, uuid: uuid, name: "", createdAt: createdAt, synced: synced, conflicts: conflicts)
        todo.content = fields.content(createdAt: createdAt)
        if let rev {
            todo.base = SyncBase(rev: Int64(rev), content: baseContent ?? todo.content)
        } else {
            todo.origin = origin
        }
        return todo
    }

    private static func readHistory(_ reader: inout JSONReader) throws -> [HistoryEntry] {
        try reader.readArray { reader in try readHistoryEntry(&reader) }
    }

    /// A step left unread after its summary and kind: it removed no todo.
    struct SkippedStep: Error {
        var summary: String
        var kind: StepKind
    }

    /// A step; with `keeping`, only the prior versions of the todos it accepts by number
    /// (the others are skipped, not decoded), and a step that cannot have removed a todo
    /// (`StepKind.mayRemoveTodos`) is not read past its summary and kind: `SkippedStep` is
    /// thrown. A step written before steps had a kind takes the one its summary says.
    static func readHistoryEntry(_ reader: inout JSONReader, keeping: ((Int) -> Bool)? = nil) throws -> HistoryEntry {
        var summary = ""
        var kind: StepKind?
        var at = Date(timeIntervalSince1970: 0)
        var before: [PriorVersion] = []
        func skipUnlessRemoving() throws {
            let kind = stepKind(kind, summary: summary)
            if keeping != nil, !kind.mayRemoveTodos { throw SkippedStep(summary: summary, kind: kind) }
        }
        try reader.readObject { key, reader in
            switch key {
            case "summary": summary = try reader.readString()
            case "kind":
                let text = try reader.readString()
                guard let known = StepKind(rawValue: text) else {
                    throw DecodeError.invalid("an undo step of no kind todo knows: \(text.debugDescription)")
                }
                kind = known
            case "at":
                try skipUnlessRemoving()
                at = try reader.readDate()
            case "before":
                try skipUnlessRemoving()
                before = try readPriorVersions(&reader, keeping: keeping)
            default: try reader.skipValue()
            }
        }
        return HistoryEntry(summary: summary, kind: stepKind(kind, summary: summary), at: at, before: before)
    }

    /// The kind a step was written with. A step of a file written before steps had a kind (no
    /// "kind") takes the one its summary's first words say: the only place a summary is read
    /// for what it means. A summary of no kind's words (damaged or forged) counts as a batch,
    /// which may have removed todos.
    private static func stepKind(_ written: StepKind?, summary: String) -> StepKind {
        written ?? StepKind(legacySummary: summary) ?? .batch
    }

    private static func readPriorVersions(_ reader: inout JSONReader, keeping: ((Int) -> Bool)?) throws
        -> [PriorVersion]
    {
        // Only the versions kept are gathered: a step of 10,000 todos, all still there, makes
        // no array of 10,000 versions to filter.
        var versions: [PriorVersion] = []
        try reader.readElements { reader in
            var id = 0
            var todo: Todo?
            try reader.readObject { key, reader in
                switch key {
                case "id": id = try reader.readId()
                case "todo" where id > 0 && keeping?(id) == false: try reader.skipValue()
                case "todo": todo = reader.readNull() ? nil : try readAnyTodo(&reader)
                default: try reader.skipValue()
                }
            }
            guard id > 0 else { throw DecodeError.invalid("an undo step names no todo number") }
            if let todo, todo.id != id {
                throw DecodeError.invalid("an undo step for todo \(id) holds todo \(todo.id)")
            }
            if keeping?(id) != false { versions.append(PriorVersion(id: id, todo: todo)) }
        }
        return versions
    }
}
