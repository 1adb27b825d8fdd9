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

    public private(set) var bytes: [UInt8] = []
    /// How many records were written.
    public private(set) var count = 0

    public init(capacity: Int = 64 * 1024) {
        bytes.reserveCapacity(capacity)
        bytes += #"{"changes":["#.utf8
    }

    /// Appends one record; `content` nil writes a tombstone (no `todo` member).
    public mutating func append(uuid: UUID, rev: Int64, deleted: Bool, content: Content?) {
        append(uuid: uuid.uuidString, rev: rev, deleted: deleted, content: content)
    }

    /// Appends one record whose UUID is already text (`uuidString`, as SQLite keeps it).
    public mutating func append(uuid: String, rev: Int64, deleted: Bool, content: Content?) {
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        count += 1
        bytes += #"{"deleted":"#.utf8
        bytes += (deleted ? "true" : "false").utf8
        bytes += #","rev":"#.utf8
        bytes += String(rev).utf8
        if let content { append(content) }
        bytes += #","uuid":""#.utf8
        bytes += uuid.utf8
        bytes += #""}"#.utf8
    }

    /// Drops the records after the first `count`, written since `mark()` returned `bytes`.
    public mutating func rollBack(to mark: (bytes: Int, count: Int)) {
        bytes.removeSubrange(mark.bytes...)
        count = mark.count
    }

    /// Where to roll back to, to undo the records appended from now on.
    public var mark: (bytes: Int, count: Int) { (bytes.count, count) }

    /// Closes the page; the writer is then spent.
    public consuming func finish(datasetId: UUID, nextCursor: Int64, hasMore: Bool) -> [UInt8] {
        bytes += #"],"datasetId":""#.utf8
        bytes += datasetId.uuidString.utf8
        bytes += #"","hasMore":"#.utf8
        bytes += (hasMore ? "true" : "false").utf8
        bytes += #","nextCursor":"#.utf8
        bytes += String(nextCursor).utf8
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func append(_ content: Content) {
        bytes += #","todo":{"completed":"#.utf8
        bytes += (content.completed ? "true" : "false").utf8
        if let completedAt = content.completedAtMs {
            bytes += #","completedAt":"#.utf8
            date(completedAt)
        }
        bytes += #","createdAt":"#.utf8
        date(content.createdAtMs)
        bytes += #","description":"#.utf8
        string(content.description)
        bytes += #","name":"#.utf8
        string(content.name)
        bytes += #","notes":"#.utf8
        string(content.notes)
        bytes += #","updatedAt":"#.utf8
        date(content.updatedAtMs)
        if let attributes = content.attributes {
            members(of: attributes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func date(_ milliseconds: Int64) {
        bytes.append(UInt8(ascii: "\""))
        ISO8601Millis.append(ISO8601Millis.date(milliseconds: milliseconds), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
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

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
            case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
            case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
            case 0..<0x20:
                bytes += #"\u00"#.utf8
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
