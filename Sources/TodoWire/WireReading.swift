import Foundation
import TodoCore

/// A body of the sync API read by `JSONReader` in the shape todo and todo-server write it,
/// faster than `JSONDecoder` reads it: the decoder took a fifth of the server's time on a push
/// and a quarter of the client's on a first push or pull of 10,000 todos.
///
/// The reader takes a subset of what the decoder takes, to the same values (members it does
/// not know are skipped, as the decoder skips them): anything else it throws at (escapes in a
/// UUID or a date, a key given twice, a number with a fraction or leading zeros), and
/// `WireJSON.decode` then hands the body to the decoder, which has the last word on what the
/// body means and on what is wrong with it.
public protocol WireReadable: Decodable {
    static func read(from reader: inout JSONReader) throws -> Self
}

extension WireJSON {
    /// `body` read as `Body`: by `WireReadable.read` when it can, else by `decoder`.
    public static func decode<Body: Decodable>(_ type: Body.Type, from body: Data) throws -> Body {
        if let readable = type as? any WireReadable.Type,
            let value = body.withUnsafeBytes({ bytes in try? readable.readWhole(bytes) }) as? Body
        {
            return value
        }
        return try decoder.decode(type, from: body)
    }
}

extension WireReadable {
    /// Read from `bytes`, which must hold this value and nothing more.
    public static func readWhole(_ bytes: UnsafeRawBufferPointer) throws -> Self {
        var reader = JSONReader(bytes)
        reader.times = .wire
        let value = try read(from: &reader)
        guard reader.isAtEnd else { throw reader.fail("the end of the body") }
        return value
    }
}

/// A member the decoder requires, missing from what the reader read.
private struct Missing: Error {}

private func required<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw Missing() }
    return value
}

extension JSONReader {
    /// An optional member as `decodeIfPresent` reads it: null is nil.
    fileprivate mutating func readOptional<Value>(_ read: (inout JSONReader) throws -> Value) throws -> Value? {
        try readNull() ? nil : read(&self)
    }

    /// An integer written as the decoder reads one: no leading zeros (`07` is not JSON).
    fileprivate mutating func readInt64() throws -> Int64 {
        _ = peek()
        let start = position
        let value = try readInt()
        guard position - start == String(value).utf8.count else { throw fail("an integer without leading zeros") }
        return Int64(value)
    }
}

extension PushRequest: WireReadable {
    public static func read(from reader: inout JSONReader) throws -> PushRequest {
        var (operations, since, pruned, bare): ([PushOperation]?, Int64?, Bool?, Bool?) = (nil, nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "operations": operations = try reader.readArray { try PushOperation.read(from: &$0) }
            case "since": since = try reader.readOptional { try $0.readInt64() }
            case "prunedTombstones": pruned = try reader.readOptional { try $0.readBool() }
            case "revisionsOnly": bare = try reader.readOptional { try $0.readBool() }
            default: try reader.skipValue()
            }
        }
        return PushRequest(
            operations: try required(operations), since: since, prunedTombstones: pruned, revisionsOnly: bare)
    }
}

extension PushOperation {
    static func read(from reader: inout JSONReader) throws -> PushOperation {
        var (opId, kind, uuid, baseRev, todo): (UUID?, Kind?, UUID?, Int64?, TodoFields?) = (nil, nil, nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "opId": opId = try reader.readUUID()
            case "kind": kind = Kind(rawValue: try reader.readString())
            case "uuid": uuid = try reader.readUUID()
            case "baseRev": baseRev = try reader.readInt64()
            case "todo": todo = try reader.readOptional { try TodoFields.read(from: &$0) }
            default: try reader.skipValue()
            }
        }
        return PushOperation(
            opId: try required(opId), kind: try required(kind), uuid: try required(uuid),
            baseRev: try required(baseRev),
            todo: todo)
    }
}

extension ChangesResponse: WireReadable {
    public static func read(from reader: inout JSONReader) throws -> ChangesResponse {
        var (datasetId, changes, nextCursor, hasMore): (UUID?, [TodoRecord]?, Int64?, Bool?) = (nil, nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "datasetId": datasetId = try reader.readUUID()
            case "changes": changes = try reader.readArray { try TodoRecord.read(from: &$0) }
            case "nextCursor": nextCursor = try reader.readInt64()
            case "hasMore": hasMore = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        return ChangesResponse(
            datasetId: try required(datasetId), changes: try required(changes), nextCursor: try required(nextCursor),
            hasMore: try required(hasMore))
    }
}

extension PushResponse: WireReadable {
    public static func read(from reader: inout JSONReader) throws -> PushResponse {
        var (datasetId, results, cursor, feedCursor): (UUID?, [PushResult]?, Int64?, Int64?) = (nil, nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "datasetId": datasetId = try reader.readUUID()
            case "results": results = try reader.readArray { try PushResult.read(from: &$0) }
            case "cursor": cursor = try reader.readInt64()
            case "feedCursor": feedCursor = try reader.readOptional { try $0.readInt64() }
            default: try reader.skipValue()
            }
        }
        return PushResponse(
            datasetId: try required(datasetId), results: try required(results), cursor: try required(cursor),
            feedCursor: feedCursor)
    }
}

extension PushResult {
    static func read(from reader: inout JSONReader) throws -> PushResult {
        var (opId, status, record): (UUID?, Status?, TodoRecord?) = (nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "opId": opId = try reader.readUUID()
            case "status": status = Status(rawValue: try reader.readString())
            case "record": record = try reader.readOptional { try TodoRecord.read(from: &$0) }
            default: try reader.skipValue()
            }
        }
        return PushResult(opId: try required(opId), status: try required(status), record: record)
    }
}

extension TodoRecord {
    static func read(from reader: inout JSONReader) throws -> TodoRecord {
        var (uuid, rev, deleted, todo): (UUID?, Int64?, Bool?, TodoFields?) = (nil, nil, nil, nil)
        try reader.readObject { key, reader in
            switch key {
            case "uuid": uuid = try reader.readUUID()
            case "rev": rev = try reader.readInt64()
            case "deleted": deleted = try reader.readBool()
            case "todo": todo = try reader.readOptional { try TodoFields.read(from: &$0) }
            default: try reader.skipValue()
            }
        }
        return TodoRecord(uuid: try required(uuid), rev: try required(rev), deleted: try required(deleted), todo: todo)
    }
}

extension TodoFields {
    /// The attributes and their kinds by their keys, found once (`spec` builds a table row).
    private static let attributeKeys = Dictionary(
        uniqueKeysWithValues: TodoField.attributes.map { ($0.key, (field: $0, kind: $0.spec.kind)) })

    static func read(from reader: inout JSONReader) throws -> TodoFields {
        var (name, description, notes): (String?, String?, String?) = (nil, nil, nil)
        var (completed, createdAt, updatedAt, completedAt): (Bool?, Date?, Date?, Date?) = (nil, nil, nil, nil)
        // Sized for every attribute: todo sends them all, and growing the table cost as much.
        var attributes = [TodoField: FieldValue](minimumCapacity: TodoField.attributes.count)
        try reader.readObject { key, reader in
            switch key {
            case "name": name = try reader.readString()
            case "description": description = try reader.readString()
            case "notes": notes = try reader.readString()
            case "completed": completed = try reader.readBool()
            case "createdAt": createdAt = try reader.readDate()
            case "updatedAt": updatedAt = try reader.readDate()
            case "completedAt": completedAt = try reader.readOptional { try $0.readDate() }
            default:
                if let (field, kind) = attributeKeys[key] {
                    attributes[field] = try kind.read(from: &reader)
                } else {
                    try reader.skipValue()
                }
            }
        }
        return TodoFields(
            name: try required(name), description: try required(description), notes: try required(notes),
            completed: try required(completed), createdAt: try required(createdAt), updatedAt: try required(updatedAt),
            completedAt: completedAt, attributes: WireAttributes(attributes))
    }
}
