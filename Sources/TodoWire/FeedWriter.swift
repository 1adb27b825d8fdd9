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

    private var out: WireWriter
    /// How many records were written.
    public private(set) var count = 0

    /// The page so far.
    public var bytes: [UInt8] { out.bytes }

    public init(capacity: Int = 64 * 1024) {
        out = WireWriter(capacity: capacity)
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
        out.uuid(datasetId)
        out.raw(#","hasMore":"#)
        out.bool(hasMore)
        out.raw(#","nextCursor":"#)
        out.integer(nextCursor)
        out.raw("}")
        return out.bytes
    }
}
