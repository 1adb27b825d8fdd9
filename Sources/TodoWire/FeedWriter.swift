import Foundation

/// A `ChangesResponse` written as JSON straight from stored values, for the server's change
/// feed: its pages are the server's largest answers, and building `TodoRecord`s to hand to
/// `JSONEncoder` cost most of their time.
///
/// It writes what `WireJSON.encoder` writes for the same page, up to key order and escapes
/// (the tests decode both and compare). The attributes come as the JSON object the server
/// stores (`WireAttributes` encoded by `WireJSON.encoder`), and their members are copied into
/// the todo's object unparsed.
public struct FeedWriter {
    /// A live todo's content as stored: dates in milliseconds since 1970.
    public struct Content {
        public var name: String
        public var description: String
        public var notes: String
        public var completed: Bool
        public var createdAtMs: Int64
        public var updatedAtMs: Int64
        public var completedAtMs: Int64?
        /// The set attributes as one JSON object, or nil when none is set.
        public var attributes: String?

        public init(
            name: String, description: String, notes: String, completed: Bool, createdAtMs: Int64,
            updatedAtMs: Int64, completedAtMs: Int64?, attributes: String?
        ) {
            self.name = name
            self.description = description
            self.notes = notes
            self.completed = completed
            self.createdAtMs = createdAtMs
            self.updatedAtMs = updatedAtMs
            self.completedAtMs = completedAtMs
            self.attributes = attributes
        }
    }

    private var out: JSONWriter
    /// How many records were written.
    public private(set) var count = 0

    /// The page so far.
    public var bytes: [UInt8] { out.bytes }

    public init(capacity: Int = 64 * 1024) {
        out = JSONWriter(capacity: capacity, spacing: .compact)
        out.raw(#"{"changes":["#)
    }

    /// Appends one record; a tombstone (`deleted`) has a `todo` member only when `content`
    /// holds what it kept.
    public mutating func append(uuid: UUID, rev: Int64, deleted: Bool, content: Content?) {
        append(uuid: uuid.uuidString, rev: rev, deleted: deleted, content: content)
    }

    /// Appends one record whose UUID is already text (`uuidString`, as SQLite keeps it).
    public mutating func append(uuid: String, rev: Int64, deleted: Bool, content: Content?) {
        if count > 0 { out.raw(",") }
        count += 1
        out.record(uuid: uuid, rev: rev, deleted: deleted, content: content)
    }

    /// Drops the records after the first `count`, written since `mark()` returned `bytes`.
    public mutating func rollBack(to mark: (bytes: Int, count: Int)) {
        out.truncate(to: mark.bytes)
        count = mark.count
    }

    /// Where to roll back to, to undo the records appended from now on.
    public var mark: (bytes: Int, count: Int) { (out.bytes.count, count) }

    /// Closes the page; the writer is then spent.
    public consuming func finish(datasetId: UUID, nextCursor: Int64, hasMore: Bool) -> [UInt8] {
        out.raw(#"],"datasetId":"#)
        out.uppercaseUUID(datasetId)
        out.raw(#","hasMore":"#)
        out.bool(hasMore)
        out.raw(#","nextCursor":"#)
        out.int(nextCursor)
        out.raw("}")
        return out.bytes
    }
}

extension JSONWriter {
    /// A `TodoRecord`: `content` nil writes no `todo` member (a tombstone that kept none). `uuid` is the
    /// UUID's text as the encoder writes it (`uuidString`, as SQLite keeps it).
    public mutating func record(uuid: String, rev: Int64, deleted: Bool, content: FeedWriter.Content?) {
        raw(#"{"deleted":"#)
        bool(deleted)
        raw(#","rev":"#)
        int(rev)
        if let content { todo(content) }
        raw(#","uuid":"#)
        quoted(uuid)
        raw("}")
    }

    /// `,"todo":{…}`: a todo's content, as a record and a push operation carry it; the
    /// `attributes` written from their values when given, else as the content holds them.
    mutating func todo(_ content: FeedWriter.Content, attributes: WireAttributes? = nil) {
        raw(#","todo":{"completed":"#)
        bool(content.completed)
        if let completedAt = content.completedAtMs {
            raw(#","completedAt":"#)
            date(milliseconds: completedAt)
        }
        raw(#","createdAt":"#)
        date(milliseconds: content.createdAtMs)
        raw(#","description":"#)
        string(content.description)
        raw(#","name":"#)
        string(content.name)
        raw(#","notes":"#)
        string(content.notes)
        raw(#","updatedAt":"#)
        date(milliseconds: content.updatedAtMs)
        if let attributes {
            attributes.writeMembers(to: &self, first: false)
        } else if let attributes = content.attributes {
            members(of: attributes)
        }
        raw("}")
    }

    /// The members of a JSON object the server wrote, without its braces; nothing for `{}`.
    private mutating func members(of object: String) {
        var object = object
        object.withUTF8 { utf8 in
            guard utf8.count > 2, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return }
            bytes.append(UInt8(ascii: ","))
            bytes += utf8[1..<(utf8.count - 1)]
        }
    }
}
