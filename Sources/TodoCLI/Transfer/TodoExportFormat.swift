import TodoCore
import TodoStore
import TodoWire

/// What `todo export` writes (also a bare array as `todo list --json` prints, or a state file).
/// Numbers in the file are ignored: imported todos keep or get numbers of this state file.
enum TodoExportFormat {
    /// `path` is where `bytes` came from, nil for stdin: a state file there is read with its
    /// journal, as `StateFile` reads it.
    static func parse(_ bytes: [UInt8], path: String?) throws(InputError) -> [ImportedTodo] {
        if format(of: bytes) == StateCodec.formatName {
            do {
                return try (path.map { try StateFile(path: $0).load() } ?? StateCodec.decode(bytes)).todos.map(imported)
            } catch {
                throw InputError("\(error)")
            }
        }
        let result = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return Result {
                try read(&reader, startsWithArray: raw.first { ![9, 10, 13, 32].contains($0) } == UInt8(ascii: "["))
            }
        }
        do {
            return try result.get().map(imported)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("\(error)")
        }
    }

    /// The top-level "format" of a JSON object, if it has one.
    private static func format(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            var format: String?
            try? reader.readObject { key, reader in
                if key == "format", format == nil { format = try reader.readString() } else { try reader.skipValue() }
            }
            return format
        }
    }

    /// The todo to merge, with every field of the field table (a backup restored keeps its tags).
    private static func imported(_ todo: Todo) -> ImportedTodo {
        var item = ImportedTodo(
            uuid: todo.uuid, name: todo.name, completed: todo.completed, createdAt: todo.createdAt,
            updatedAt: todo.updatedAt, completedAt: todo.completedAt)
        for field in TodoField.allCases { field.set(field.value(of: todo), on: &item.content) }
        return item
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
            guard format == ExportCommand.format else {
                throw InputError("not a todo export (no \"format\": \"\(ExportCommand.format)\")")
            }
            guard version <= ExportCommand.version else {
                throw InputError(
                    """
                    export format version \(version) is newer than this todo understands (\(ExportCommand.version)); \
                    upgrade todo
                    """
                )
            }
        }
        guard reader.isAtEnd else { throw reader.fail("the end of the file") }
        guard let todos else { throw InputError("no \"todos\"") }
        return todos
    }

    private static func readTodos(_ reader: inout JSONReader) throws -> [Todo] {
        try reader.readArray(StateCodec.readExportedTodo)
    }
}
