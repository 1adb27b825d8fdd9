import TodoCore
import TodoStore

/// What `todo export` writes (also a bare array as `todo list --json` prints, or a state file).
/// Numbers in the file are ignored: imported todos keep or get numbers of this state file.
enum TodoExportFormat {
    static func parse(_ bytes: [UInt8]) throws(ImportError) -> [ImportedTodo] {
        let result = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return Result { try read(&reader, startsWithArray: raw.first { ![9, 10, 13, 32].contains($0) } == UInt8(ascii: "[")) }
        }
        do {
            return try result.get().map(imported)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("\(error)")
        }
    }

    /// The todos of the state file at `path`, with the changes in its journal.
    static func parseStateFile(at path: String) throws(ImportError) -> [ImportedTodo] {
        do {
            return try StateFile(path: path).load().todos.map(imported)
        } catch {
            throw ImportError(error.description)
        }
    }

    private static func imported(_ todo: Todo) -> ImportedTodo {
        ImportedTodo(
            uuid: todo.uuid, name: todo.name, description: todo.description, notes: todo.notes,
            completed: todo.completed, createdAt: todo.createdAt, updatedAt: todo.updatedAt,
            completedAt: todo.completedAt)
    }

    private static func read(_ reader: inout JSONReader, startsWithArray: Bool) throws -> [Todo] {
        var todos: [Todo]?
        if startsWithArray {
            todos = try readTodos(&reader)
        } else {
            var format: String?
            var version = 0
            try reader.readObject { key, reader in
                switch key {
                case "format": format = try reader.readString()
                case "version": version = try reader.readInt()
                case "todos": todos = try readTodos(&reader)
                default: try reader.skipValue()
                }
            }
            let understood: Int
            switch format {
            case ExportCommand.format: understood = ExportCommand.version
            case StateCodec.formatName: understood = StateCodec.version
            default: throw ImportError("not a todo export (no \"format\": \"\(ExportCommand.format)\")")
            }
            guard version <= understood else {
                throw ImportError("\(format == StateCodec.formatName ? "state file" : "export") format version \(version) is newer than this todo understands (\(understood)); upgrade todo")
            }
        }
        guard reader.isAtEnd else { throw reader.fail("the end of the file") }
        guard let todos else { throw ImportError("no \"todos\"") }
        return todos
    }

    private static func readTodos(_ reader: inout JSONReader) throws -> [Todo] {
        try reader.readArray(StateCodec.readAnyTodo)
    }
}
