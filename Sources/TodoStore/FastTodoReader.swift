import Foundation
import TodoWire
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
        var todo = Todo(id: id, uuid: uuid, name: "", createdAt: Date(timeIntervalSince1970: 0))
        // The fields always stored (`FieldCodec.alwaysStored`), in the table's order, each read
        // by its kind: a field the table adds is on this path without a word here.
        for (field, kind, member) in FieldCodec.storedMembers {
            guard reader.skip(member.bytes) else { throw LayoutMismatch() }
            field.set(try FieldCodec.read(kind, from: &reader), on: &todo)
        }
        guard reader.skip(", \"completed\": ") else { throw LayoutMismatch() }
        todo.completed = try reader.readBool()
        guard reader.skip(", \"createdAt\": ") else { throw LayoutMismatch() }
        todo.createdAt = try reader.readDate()
        guard reader.skip(", \"updatedAt\": ") else { throw LayoutMismatch() }
        todo.updatedAt = try reader.readDate()
        guard reader.skip(", \"completedAt\": ") else { throw LayoutMismatch() }
        let completedAt = reader.readNull() ? nil : try reader.readDate()
        todo.completedAt = todo.completed ? completedAt : nil
        guard reader.skip(", \"synced\": ") else { throw LayoutMismatch() }
        todo.synced = try reader.readBool()
        // The attributes `write` puts next, in table order, each only when set; gathered
        // first and put in the todo once.
        var attributes = Attributes()
        for (field, kind, member) in FieldCodec.attributeMembers
        where reader.mayHoldAttribute && reader.skip(member.bytes) {
            field.set(try FieldCodec.read(kind, from: &reader), on: &attributes)
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
        for (_, kind, member) in FieldCodec.storedMembers {
            guard reader.skip(member.bytes) else { return nil }
            // Text (every always-stored field yet) is skipped unchecked; another kind is read.
            if kind == .text {
                guard (try? reader.skipStringUnchecked()) != nil else { return nil }
            } else {
                guard (try? FieldCodec.read(kind, from: &reader)) != nil else { return nil }
            }
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
        guard let base = bytes.baseAddress, let newline = memchr(base + from, 0x0A, bytes.count - from) else {
            return false
        }
        let end = base.distance(to: UnsafeRawPointer(newline))
        guard end - from >= 3, bytes[end - 1] == 0x2C else { return false }
        let close = bytes[end - 2] == 0x5D ? end - 3 : end - 2
        guard bytes[close] == 0x7D else { return false }
        // A brace on the line may open another todo, or the line may end inside a nested
        // object (user-defined attributes, annotations, a `base`): the brackets outside strings
        // must then close exactly at the line's last brace.
        guard memchr(base + from, 0x7B, close - from) == nil || closesAtLineEnd(bytes, from: from, close: close) else {
            return false
        }
        reader = JSONReader(bytes, at: close + 1)
        return true
    }

    /// Whether the brackets from `from` (inside a todo's object) outside strings close that
    /// object at `close` and not before. Strings are skipped unchecked, as `skipLineFast` skips.
    private static func closesAtLineEnd(_ bytes: UnsafeRawBufferPointer, from: Int, close: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var depth = 1
        var index = from
        while index < close {
            switch bytes[index] {
            case 0x22:
                // To the closing quote: one not preceded by an odd run of backslashes (found by
                // `memchr`: most of a line is inside strings).
                let start = index + 1
                index = start
                while true {
                    guard let quote = memchr(base + index, 0x22, close - index) else { return false }
                    index = base.distance(to: UnsafeRawPointer(quote))
                    var backslashes = 0
                    while index - backslashes > start, bytes[index - backslashes - 1] == 0x5C { backslashes += 1 }
                    if backslashes % 2 == 0 { break }
                    index += 1
                }
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                guard depth > 0 else { return false }
            default: break
            }
            index += 1
        }
        return depth == 1
    }
}

extension JSONReader {
    /// Whether the next member may be an attribute: `, "` and not `rev` (`recur` is one).
    /// Most todos have none, and this spares them a comparison with each attribute's key.
    var mayHoldAttribute: Bool {
        position + 5 < bytes.count && bytes[position] == 0x2C
            && (bytes[position + 3] != 0x72 || bytes[position + 5] != 0x76)
    }
}
