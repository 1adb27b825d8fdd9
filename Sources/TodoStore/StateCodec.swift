import Foundation
import TodoCore

/// The state file's JSON: a format name and version, then one todo per line.
///
///     {"format": "todo-state", "version": 1, "nextId": 3,
///      "todos": [
///       {"id": 1, "uuid": "…", "name": "…", …},
///       …],
///      "history": […]}
public enum StateCodec {
    public static let formatName = "todo-state"
    public static let version = 2

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

    /// A decoded state file and where each todo's text lies in it, so that a save can copy
    /// the bytes of unchanged todos instead of encoding them again.
    public struct Snapshot: Sendable {
        public let state: TodoState
        let bytes: [UInt8]
        /// `lines[i]` is the text of `state.todos[i]` in `bytes`.
        let lines: [Range<Int>]
    }

    /// Encodes `state`, copying the text of todos that are unchanged since `snapshot`.
    public static func encode(_ state: TodoState, reusing snapshot: Snapshot? = nil) -> [UInt8] {
        var out = JSONWriter(capacity: 256 * (state.todos.count + 4))
        out.raw("{\"format\": \"")
        out.raw("todo-state")
        out.raw("\", \"version\": ")
        out.int(version)
        out.raw(", \"nextId\": ")
        out.int(state.nextId)
        out.raw(",\n \"sync\": ")
        SyncCodec.write(state.sync, to: &out)
        out.raw(",\n \"todos\": [")
        var old = 0
        let oldTodos = snapshot?.state.todos ?? []
        for (index, todo) in state.todos.enumerated() {
            out.raw(index == 0 ? "\n  " : ",\n  ")
            while old < oldTodos.count, oldTodos[old].id < todo.id { old += 1 }
            if let snapshot, old < oldTodos.count, oldTodos[old] == todo {
                out.bytes.append(contentsOf: snapshot.bytes[snapshot.lines[old]])
            } else {
                write(todo, to: &out)
            }
        }
        out.raw("],\n \"history\": [")
        for (index, entry) in state.history.enumerated() {
            out.raw(index == 0 ? "\n  " : ",\n  ")
            write(entry, to: &out)
        }
        out.raw("]}\n")
        return out.bytes
    }

    /// Writes `todo` as the state file stores it; `forOutput` leaves out the sync bookkeeping
    /// (`rev`, `base`) that scripts should not depend on, but keeps `conflicts`.
    public static func write(_ todo: Todo, to out: inout JSONWriter, forOutput: Bool = false) {
        out.raw("{\"id\": ")
        out.int(todo.id)
        out.raw(", \"uuid\": ")
        out.uuid(todo.uuid)
        out.raw(", \"name\": ")
        out.string(todo.name)
        out.raw(", \"description\": ")
        out.string(todo.description)
        out.raw(", \"notes\": ")
        out.string(todo.notes)
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
        if !forOutput, let base = todo.base {
            out.raw(", \"rev\": ")
            out.int(Int(base.rev))
            if base.content != todo.content {
                out.raw(", \"base\": ")
                SyncCodec.write(base.content, to: &out)
            }
        }
        if !todo.conflicts.isEmpty {
            out.raw(", \"conflicts\": ")
            SyncCodec.write(todo.conflicts, to: &out)
        }
        out.raw("}")
    }

    private static func write(_ entry: HistoryEntry, to out: inout JSONWriter) {
        out.raw("{\"summary\": ")
        out.string(entry.summary)
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

    public static func decodeSnapshot(_ bytes: [UInt8]) throws(DecodeError) -> Snapshot {
        let result = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return Result { () throws(DecodeError) in try decodeState(&reader) }
        }
        let (state, lines) = try result.get()
        return Snapshot(state: state, bytes: bytes, lines: lines)
    }

    private static func decodeState(_ reader: inout JSONReader) throws(DecodeError) -> (TodoState, [Range<Int>]) {
        var lines: [Range<Int>] = []
        var format: String?
        var fileVersion: Int?
        var nextId: Int?
        var todos: [Todo]?
        var history: [HistoryEntry] = []
        var sync = SyncState()
        do {
            var more = try reader.enterObject()
            while more {
                switch try reader.readKey() {
                case "format": format = try reader.readString()
                case "version": fileVersion = try reader.readInt()
                case "nextId": nextId = try reader.readInt()
                case "todos":
                    lines = []
                    todos = try readTodos(&reader, lines: &lines)
                case "history": history = try readHistory(&reader)
                case "sync": sync = try SyncCodec.readSyncState(&reader)
                default: try reader.skipValue()
                }
                more = try reader.objectContinues()
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
        try validate(&todos, &lines)
        let highest = todos.last?.id ?? 0
        let state = TodoState(todos: todos, nextId: max(nextId ?? 0, highest + 1), history: history, sync: sync)
        return (state, lines)
    }

    /// Numbers must be positive and distinct, UUIDs distinct; the todos end up sorted by number.
    private static func validate(_ todos: inout [Todo], _ lines: inout [Range<Int>]) throws(DecodeError) {
        if !zip(todos, todos.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            let order = todos.indices.sorted { todos[$0].id < todos[$1].id }
            todos = order.map { todos[$0] }
            lines = order.map { lines[$0] }
        }
        for index in todos.indices {
            guard todos[index].id > 0 else { throw .invalid("todo number \(todos[index].id) is not positive") }
            if index > 0, todos[index - 1].id == todos[index].id {
                throw .invalid("two todos are numbered \(todos[index].id)")
            }
        }
        // Sorting 16-byte keys is several times cheaper than hashing every UUID into a Set.
        var keys = todos.map { todo in
            withUnsafeBytes(of: todo.uuid.uuid) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
        }
        keys.sort { $0 < $1 }
        if let index = keys.indices.dropFirst().first(where: { keys[$0] == keys[$0 - 1] }) {
            let duplicate = todos.first { withUnsafeBytes(of: $0.uuid.uuid) { $0.load(as: UInt64.self) } == keys[index].0 }!
            throw .invalid("two todos have the UUID \(duplicate.uuid.uuidString.lowercased())")
        }
    }

    private static func readTodos(_ reader: inout JSONReader, lines: inout [Range<Int>]) throws -> [Todo] {
        var todos: [Todo] = []
        var more = try reader.enterArray()
        while more {
            _ = reader.peek()
            let start = reader.offset
            todos.append(try readTodoFast(&reader) ?? readTodo(&reader))
            lines.append(start..<reader.offset)
            more = try reader.arrayContinues()
        }
        return todos
    }

    public static func readTodo(_ reader: inout JSONReader) throws -> Todo {
        var id: Int?
        var uuid: UUID?
        var fields = ContentFields()
        var synced = false
        var rev: Int?
        var baseContent: TodoContent??
        var conflicts: [SyncConflict] = []
        let start = reader
        var more = try reader.enterObject()
        while more {
            let key = try reader.readKey()
            if try !fields.read(key, from: &reader) {
                switch key {
                case "id": id = try reader.readInt()
                case "uuid": uuid = try reader.readUUID()
                case "synced": synced = try reader.readBool()
                case "rev": rev = try reader.readInt()
                case "base": baseContent = .some(try SyncCodec.readContentOrNull(&reader))
                case "conflicts": conflicts = try SyncCodec.readConflicts(&reader)
                default: try reader.skipValue()
                }
            }
            more = try reader.objectContinues()
        }
        guard let id, let uuid, fields.name != nil, let createdAt = fields.createdAt else {
            let missing = [("id", id == nil), ("uuid", uuid == nil), ("name", fields.name == nil), ("createdAt", fields.createdAt == nil)]
                .filter(\.1).map { "\"\($0.0)\"" }.joined(separator: ", ")
            let place = start.fail("")
            throw DecodeError.invalid("the todo at line \(place.line) has no \(missing)")
        }
        var todo = Todo(id: id, uuid: uuid, name: "", createdAt: createdAt, synced: synced, conflicts: conflicts)
        todo.content = fields.content(createdAt: createdAt)
        if let rev { todo.base = SyncBase(rev: Int64(rev), content: baseContent ?? todo.content) }
        return todo
    }

    private static func readHistory(_ reader: inout JSONReader) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        var more = try reader.enterArray()
        while more {
            var summary = ""
            var at = Date(timeIntervalSince1970: 0)
            var before: [PriorVersion] = []
            var moreKeys = try reader.enterObject()
            while moreKeys {
                switch try reader.readKey() {
                case "summary": summary = try reader.readString()
                case "at": at = try reader.readDate()
                case "before": before = try readPriorVersions(&reader)
                default: try reader.skipValue()
                }
                moreKeys = try reader.objectContinues()
            }
            entries.append(HistoryEntry(summary: summary, at: at, before: before))
            more = try reader.arrayContinues()
        }
        return entries
    }

    private static func readPriorVersions(_ reader: inout JSONReader) throws -> [PriorVersion] {
        var versions: [PriorVersion] = []
        var more = try reader.enterArray()
        while more {
            var id = 0
            var todo: Todo?
            var moreKeys = try reader.enterObject()
            while moreKeys {
                switch try reader.readKey() {
                case "id": id = try reader.readInt()
                case "todo": todo = reader.readNull() ? nil : try readTodo(&reader)
                default: try reader.skipValue()
                }
                moreKeys = try reader.objectContinues()
            }
            versions.append(PriorVersion(id: id, todo: todo))
            more = try reader.arrayContinues()
        }
        return versions
    }
}
