import Foundation

extension PushRequest {
    /// The request as JSON, written by the one writer (`JSONWriter`), as `WireJSON.encoder`
    /// writes it up to escapes: a push of a thousand todos is the client's largest body, and
    /// `Codable` would write each todo's attributes, read them back and write them again.
    public var json: [UInt8] {
        var out = JSONWriter(capacity: 64 + 320 * operations.count, spacing: .compact)
        out.raw(#"{"operations":["#)
        for (index, operation) in operations.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"baseRev":"#)
            out.int(operation.baseRev)
            out.raw(#","kind":"#)
            out.quoted(operation.kind.rawValue)
            out.raw(#","opId":"#)
            out.uppercaseUUID(operation.opId)
            if let todo = operation.todo {
                out.todo(FeedWriter.Content(todo), attributes: todo.attributes)
            }
            out.raw(#","uuid":"#)
            out.uppercaseUUID(operation.uuid)
            out.raw("}")
        }
        out.raw("]")
        if let prunedTombstones {
            out.raw(#","prunedTombstones":"#)
            out.bool(prunedTombstones)
        }
        if let revisionsOnly {
            out.raw(#","revisionsOnly":"#)
            out.bool(revisionsOnly)
        }
        if let since {
            out.raw(#","since":"#)
            out.int(since)
        }
        out.raw("}")
        return out.bytes
    }
}

extension FeedWriter.Content {
    /// A todo's content as the wire sends it, but for its attributes, which the push writes from
    /// their values (every attribute `fields` sends, null too: a push that clears one).
    init(_ fields: TodoFields) {
        self.init(
            name: fields.name, description: fields.description, notes: fields.notes, completed: fields.completed,
            createdAtMs: ISO8601Millis.milliseconds(fields.createdAt),
            updatedAtMs: ISO8601Millis.milliseconds(fields.updatedAt),
            completedAtMs: fields.completedAt.map(ISO8601Millis.milliseconds),
            attributes: nil)
    }
}
