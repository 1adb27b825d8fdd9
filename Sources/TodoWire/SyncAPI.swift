import Foundation
import TodoCore

/// The JSON bodies of the sync API v1 (`/v1/...`), shared by `todo` and `todo-server`.
///
/// Dates travel as ISO 8601 UTC strings with milliseconds (`2026-11-21T01:33:29.123Z`);
/// use `WireJSON.encoder` and `WireJSON.decoder`, which are set up for that.
public enum SyncAPI {
    public static let version = "v1"
    /// The release of todo and todo-server this code is (`todo --version`, `/health`).
    public static let release = "0.1.0"
    /// Upper bound on `operations` in one push; the server answers 400 above it.
    public static let maxOperationsPerPush = 1000
    /// Upper bound on `limit` for the change feed; larger values are clamped.
    public static let maxChangesPerPage = 1000
}

/// The content of a todo: every field a device can change. Its attributes (tags, project,
/// …) are members of the same JSON object, each under its field's key (`WireAttributes`).
public struct TodoFields: Sendable, Equatable {
    public var name: String
    public var description: String
    public var notes: String
    public var completed: Bool
    public var createdAt: Date
    public var updatedAt: Date
    public var completedAt: Date?
    public var attributes: WireAttributes

    public init(
        name: String, description: String = "", notes: String = "", completed: Bool = false,
        createdAt: Date, updatedAt: Date, completedAt: Date? = nil, attributes: WireAttributes = WireAttributes()
    ) {
        self.name = name
        self.description = description
        self.notes = notes
        self.completed = completed
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.attributes = attributes
    }
}

extension TodoFields: Codable {
    private enum Key {
        static let name = WireKey("name"), description = WireKey("description"), notes = WireKey("notes")
        static let completed = WireKey("completed"), createdAt = WireKey("createdAt")
        static let updatedAt = WireKey("updatedAt"), completedAt = WireKey("completedAt")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        name = try container.decode(String.self, forKey: Key.name)
        description = try container.decode(String.self, forKey: Key.description)
        notes = try container.decode(String.self, forKey: Key.notes)
        completed = try container.decode(Bool.self, forKey: Key.completed)
        createdAt = try container.decode(Date.self, forKey: Key.createdAt)
        updatedAt = try container.decode(Date.self, forKey: Key.updatedAt)
        completedAt = try container.decodeIfPresent(Date.self, forKey: Key.completedAt)
        attributes = try WireAttributes(from: container)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(name, forKey: Key.name)
        try container.encode(description, forKey: Key.description)
        try container.encode(notes, forKey: Key.notes)
        try container.encode(completed, forKey: Key.completed)
        try container.encode(createdAt, forKey: Key.createdAt)
        try container.encode(updatedAt, forKey: Key.updatedAt)
        try container.encodeIfPresent(completedAt, forKey: Key.completedAt)
        try attributes.encode(to: &container)
    }
}

/// A todo as the server stores it: its identity, its revision, and its content or a tombstone.
public struct TodoRecord: Codable, Sendable, Equatable {
    public var uuid: UUID
    /// Server revision of this record's latest change; increases on every change of the user's data.
    public var rev: Int64
    /// True for a tombstone: the todo was deleted. A tombstone's `todo` is the todo as its
    /// deleter last had it, when the server kept it (todo-server 0.1.0 on; older tombstones,
    /// and those whose content would have grown the user's storage, have none).
    public var deleted: Bool
    public var todo: TodoFields?

    public init(uuid: UUID, rev: Int64, deleted: Bool, todo: TodoFields?) {
        self.uuid = uuid
        self.rev = rev
        self.deleted = deleted
        self.todo = todo
    }
}

/// `GET /v1/changes?since=CURSOR&limit=N`: records changed after `since`, oldest change first.
public struct ChangesResponse: Codable, Sendable, Equatable {
    public var datasetId: UUID
    public var changes: [TodoRecord]
    /// Pass as `since` to get the next page (or, when `hasMore` is false, later changes).
    public var nextCursor: Int64
    public var hasMore: Bool

    public init(datasetId: UUID, changes: [TodoRecord], nextCursor: Int64, hasMore: Bool) {
        self.datasetId = datasetId
        self.changes = changes
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }
}

/// One change a client asks the server to make.
public struct PushOperation: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case put, delete }

    /// Client-generated; a repeated `opId` returns the first result instead of applying again.
    public var opId: UUID
    public var kind: Kind
    public var uuid: UUID
    /// The record revision this change was based on; 0 for a todo the server has never seen.
    public var baseRev: Int64
    /// The new content; required for `put`. A `delete` may send the todo as the client last
    /// had it, which the tombstone keeps (older servers ignore it).
    public var todo: TodoFields?

    public init(opId: UUID, kind: Kind, uuid: UUID, baseRev: Int64, todo: TodoFields?) {
        self.opId = opId
        self.kind = kind
        self.uuid = uuid
        self.baseRev = baseRev
        self.todo = todo
    }
}

/// `POST /v1/push` body.
public struct PushRequest: Codable, Sendable, Equatable {
    public var operations: [PushOperation]
    /// The client's change-feed cursor when it sends this push; optional (absent from older
    /// clients). It lets the server answer `PushResponse.feedCursor`.
    public var since: Int64?
    /// True from clients that read a creation's conflict with a pruned tombstone as its
    /// deletion (todo 0.1.0 on, `SyncState.feedGaps`): the server then answers a creation
    /// (`baseRev` 0) of a uuid whose tombstone it pruned with that tombstone. Absent from
    /// older clients, whose creation is applied, as it always was.
    public var prunedTombstones: Bool?
    /// True from clients that take an applied operation's revision and never read its content
    /// back (todo from 2026-12-03 on): the server then answers an applied operation with a
    /// record of `uuid`, `rev` and `deleted` only, and keeps it so for a retry. Absent from
    /// older clients, whose applied records carry their content, as they always did.
    public var revisionsOnly: Bool?

    public init(
        operations: [PushOperation], since: Int64? = nil, prunedTombstones: Bool? = nil, revisionsOnly: Bool? = nil
    ) {
        self.operations = operations
        self.since = since
        self.prunedTombstones = prunedTombstones
        self.revisionsOnly = revisionsOnly
    }
}

public struct PushResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        /// The change was made; `record` is the stored result.
        case applied
        /// `baseRev` was stale; nothing was changed; `record` is the server's current copy
        /// (nil when the server has no record of that uuid).
        case conflict
    }

    public var opId: UUID
    public var status: Status
    public var record: TodoRecord?

    public init(opId: UUID, status: Status, record: TodoRecord?) {
        self.opId = opId
        self.status = status
        self.record = record
    }
}

/// `POST /v1/push` response: one result per operation, in request order.
public struct PushResponse: Codable, Sendable, Equatable {
    public var datasetId: UUID
    public var results: [PushResult]
    /// The user's latest revision after this push.
    public var cursor: Int64
    /// Present when every change after the request's `since` up to `cursor` was made by this
    /// push: the client may move its feed cursor to it without downloading its own changes.
    /// Absent (nil) otherwise, and from older servers.
    public var feedCursor: Int64?

    public init(datasetId: UUID, results: [PushResult], cursor: Int64, feedCursor: Int64? = nil) {
        self.datasetId = datasetId
        self.results = results
        self.cursor = cursor
        self.feedCursor = feedCursor
    }
}

/// Every non-2xx answer of the API: `{"error": true, "reason": "..."}` (Vapor's shape).
public struct ErrorResponse: Codable, Sendable, Equatable {
    public var error: Bool
    public var reason: String
    public init(reason: String) {
        self.error = true
        self.reason = reason
    }
}

/// Encoders and decoders configured for the wire's date format, made once: each use of a
/// fresh one cost more than small bodies took to encode.
public enum WireJSON {
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Millis.string(date))
        }
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Millis.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 UTC date: \(text)")
            }
            return date
        }
        return decoder
    }()
}
