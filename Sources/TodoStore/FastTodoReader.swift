import Foundation
import TodoCore

extension StateCodec {
    /// Reads a todo laid out exactly as `write(_:to:)` lays it out (attributes included, in
    /// the table's order), without comparing keys as strings; nil (and the reader unmoved)
    /// for any other layout, which the general reader then handles.
    ///
    /// Loading 10,000 todos through the general reader cost ~16,000 instructions a todo,
    /// mostly making and comparing key strings.
    static func readTodoFast(_ reader: inout JSONReader) -> Todo? {
        let start = reader
        guard let todo = try? readFixedLayout(&reader) else {
            reader = start
            return nil
        }
        return todo
    }

    private struct LayoutMismatch: Error {}

    private static func readFixedLayout(_ reader: inout JSONReader) throws -> Todo {
        _ = reader.peek()
        guard reader.skip("{\"id\": ") else { throw LayoutMismatch() }
        let id = try reader.readId()
        guard reader.skip(", \"uuid\": ") else { throw LayoutMismatch() }
        let uuid = try reader.readUUID()
        guard reader.skip(", \"name\": ") else { throw LayoutMismatch() }
        let name = try reader.readString()
        guard reader.skip(", \"description\": ") else { throw LayoutMismatch() }
        let description = try reader.readString()
        guard reader.skip(", \"notes\": ") else { throw LayoutMismatch() }
        let notes = try reader.readString()
        guard reader.skip(", \"completed\": ") else { throw LayoutMismatch() }
        let completed = try reader.readBool()
        guard reader.skip(", \"createdAt\": ") else { throw LayoutMismatch() }
        let createdAt = try reader.readDate()
        guard reader.skip(", \"updatedAt\": ") else { throw LayoutMismatch() }
        let updatedAt = try reader.readDate()
        guard reader.skip(", \"completedAt\": ") else { throw LayoutMismatch() }
        let completedAt = reader.readNull() ? nil : try reader.readDate()
        guard reader.skip(", \"synced\": ") else { throw LayoutMismatch() }
        let synced = try reader.readBool()
        var todo = Todo(
            id: id, uuid: uuid, name: name, description: description, notes: notes,
            completed: completed, createdAt: createdAt, updatedAt: updatedAt,
            completedAt: completed ? completedAt : nil, synced: synced)
        // The attributes `write` puts next, in table order, each only when set; gathered
        // first and put in the todo once.
        var attributes = Attributes()
        for (field, member) in FieldCodec.attributeMembers where reader.mayHoldAttribute && reader.skip(member) {
            field.set(try FieldCodec.read(field.spec.kind, from: &reader), on: &attributes)
        }
        todo.attributes = attributes
        var rev: Int?
        if reader.skip(", \"rev\": ") { rev = Int(try reader.readRevision()) }
        guard reader.skip("}") else { throw LayoutMismatch() }
        if let rev { todo.base = SyncBase(rev: Int64(rev), content: todo.content) }
        return todo
    }
}

extension StateCodec {
    /// Reads the number and the UUID's text at the start of a todo laid out by `write(_:to:)`;
    /// nil (and the reader unmoved) for any other layout.
    static func readHeadFast(_ reader: inout JSONReader) -> (id: Int, uuidText: UnsafeRawBufferPointer)? {
        let start = reader
        _ = reader.peek()
        guard reader.skip("{\"id\": "), let id = try? reader.readId(), reader.skip(", \"uuid\": \"") else {
            reader = start
            return nil
        }
        let uuidStart = reader.offset
        guard reader.skip(count: 36), reader.skip("\"") else {
            reader = start
            return nil
        }
        return (id, UnsafeRawBufferPointer(rebasing: reader.bytes[uuidStart..<uuidStart + 36]))
    }

    /// The `completed` field that follows `readHeadFast` in the standard layout, past the
    /// three text fields (whose contents are not checked); nil for another layout.
    static func readCompletedFast(_ reader: JSONReader) -> Bool? {
        var reader = reader
        for key in [", \"name\": ", ", \"description\": ", ", \"notes\": "] as [StaticString] {
            guard reader.skip(key), (try? reader.skipStringUnchecked()) != nil else { return nil }
        }
        guard reader.skip(", \"completed\": ") else { return nil }
        return try? reader.readBool()
    }

    /// Skips what follows `readHeadFast` to the end of a todo alone on its line, as `write`
    /// lays them out (`{…},` or, for the last, `{…}],`); false (and the reader unmoved) if the
    /// line holds anything else.
    ///
    /// A JSON string cannot hold a raw line break, so a line with no other brace holds just
    /// this todo. Walking each field took 1,500 instructions a todo, this about 150.
    static func skipLineFast(_ reader: inout JSONReader) -> Bool {
        let bytes = reader.bytes
        let from = reader.offset
        guard let base = bytes.baseAddress, let newline = memchr(base + from, 0x0A, bytes.count - from) else { return false }
        let end = base.distance(to: UnsafeRawPointer(newline))
        guard end - from >= 3, bytes[end - 1] == 0x2C else { return false }
        let close = bytes[end - 2] == 0x5D ? end - 3 : end - 2
        // A brace on the line may open another todo, or the line may end inside a nested
        // object: todos with a `base` or `conflicts` (or braces in a text) are decoded instead.
        guard bytes[close] == 0x7D, memchr(base + from, 0x7B, close - from) == nil else { return false }
        reader = JSONReader(bytes, at: close + 1)
        return true
    }
}

extension JSONReader {
    /// Whether the next member may be an attribute: `, "` and not `rev` (`recur` is one).
    /// Most todos have none, and this spares them a comparison with each attribute's key.
    var mayHoldAttribute: Bool {
        position + 5 < bytes.count && bytes[position] == 0x2C && (bytes[position + 3] != 0x72 || bytes[position + 5] != 0x76)
    }
}
