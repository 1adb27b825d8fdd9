import Foundation

/// What devices exchange about a todo: everything but its local number and sync bookkeeping.
public struct TodoContent: Equatable, Sendable, Codable, TodoFieldHolder {
    public var name: String
    public var description: String
    public var notes: String
    public var attributes = Attributes()
    public var completed: Bool
    public var completedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        name: String, description: String = "", notes: String = "", completed: Bool = false,
        completedAt: Date? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.name = name
        self.description = description
        self.notes = notes
        self.completed = completed
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension TodoContent {
    /// Whether no one has changed it since it was made: true of an occurrence a recurrence
    /// made until a person (or a merge) changes it.
    public var isAsMade: Bool { updatedAt == createdAt }
}

/// The server's copy of a todo when this device and the server last agreed on it.
public struct SyncBase: Equatable, Sendable, Codable {
    public var rev: Int64
    /// nil: the server holds a tombstone.
    public var content: TodoContent? {
        get { box?.content }
        set { box = newValue.map(ContentBox.init) }
    }

    /// The content out of line, so that a `Todo` stays small: listing moves every todo.
    private var box: ContentBox?

    public init(rev: Int64, content: TodoContent?) {
        self.rev = rev
        box = content.map(ContentBox.init)
    }

    public static func == (lhs: SyncBase, rhs: SyncBase) -> Bool {
        lhs.rev == rhs.rev && lhs.content == rhs.content
    }

    private enum CodingKeys: String, CodingKey { case rev, content }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rev: try container.decode(Int64.self, forKey: .rev),
            content: try container.decodeIfPresent(TodoContent.self, forKey: .content))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rev, forKey: .rev)
        try container.encodeIfPresent(content, forKey: .content)
    }
}

/// An immutable box: a new content is a new box, so copies of a `SyncBase` never share a change.
final class ContentBox: Equatable, Sendable {
    let content: TodoContent
    init(_ content: TodoContent) { self.content = content }
    static func == (lhs: ContentBox, rhs: ContentBox) -> Bool { lhs.content == rhs.content }
}

/// A value that lost a sync conflict, kept until the person edits or toggles the todo.
public struct SyncConflict: Equatable, Sendable, Codable {
    /// A `TodoField`'s key, `completed`, or `deleted` (a local delete that lost to an edit
    /// made on another device).
    public var field: String
    /// The value this device had, which was not kept.
    public var lost: String
    /// The value now in the todo.
    public var kept: String
    public var at: Date

    public init(field: String, lost: String, kept: String, at: Date) {
        self.field = field
        self.lost = lost
        self.kept = kept
        self.at = at
    }
}

/// A local delete of a todo the server has (or of an occurrence another device may make),
/// not yet acknowledged by the server.
public struct PendingDeletion: Equatable, Sendable, Codable {
    public var uuid: UUID
    public var base: SyncBase
    /// The deleted todo's name, to report it.
    public var name: String
    /// The todo as this device last had it, its changes since `base` too: sent with the delete,
    /// and merged into the copy kept when the delete loses to an edit made elsewhere. nil in a
    /// deletion noted before todo kept it.
    public var last: TodoContent?

    public init(uuid: UUID, base: SyncBase, name: String, last: TodoContent? = nil) {
        self.uuid = uuid
        self.base = base
        self.name = name
        self.last = last
    }

    /// Whether it deletes an occurrence a recurrence made here that the server never held
    /// (rev 0, the content it was made with): another device may make it too.
    public var isOfOccurrence: Bool { base.rev == 0 }
}

/// A change on its way to the server, kept in the state file until the server answers, so a
/// retry sends the same operation id and the server applies it once.
public struct OutboxOperation: Equatable, Sendable, Codable {
    public var opId: UUID
    public var uuid: UUID
    public var baseRev: Int64
    /// nil: delete.
    public var content: TodoContent?
    /// For a delete, the todo as this device last had it (`PendingDeletion.last`), which the
    /// server keeps in its tombstone.
    public var last: TodoContent?

    public init(opId: UUID, uuid: UUID, baseRev: Int64, content: TodoContent?, last: TodoContent? = nil) {
        self.opId = opId
        self.uuid = uuid
        self.baseRev = baseRev
        self.content = content
        self.last = content == nil ? last : nil
    }
}

/// A todo as the server reported it.
public struct RemoteRecord: Equatable, Sendable, Codable {
    public var uuid: UUID
    public var rev: Int64
    /// nil: a tombstone.
    public var content: TodoContent?
    /// For a tombstone, the todo as the device (or CalDAV client) that deleted it last had
    /// it, when the server kept it: a copy kept over the delete takes its changes. nil from
    /// older servers and for older tombstones.
    public var last: TodoContent?

    public init(uuid: UUID, rev: Int64, content: TodoContent?, last: TodoContent? = nil) {
        self.uuid = uuid
        self.rev = rev
        self.content = content
        self.last = content == nil ? last : nil
    }
}

/// The server's answer to one outbox operation.
public enum PushOutcome: Equatable, Sendable, Codable {
    /// Applied as sent, now at revision `rev`.
    case applied(opId: UUID, rev: Int64)
    /// The operation's base was stale; `record` is the server's current copy (nil: none).
    case conflict(opId: UUID, record: RemoteRecord?)
}

/// Where this state file stands with its server.
public struct SyncState: Equatable, Sendable {
    /// The server's dataset; a different one means the server was reset or replaced.
    public var datasetId: UUID?
    /// The change feed has been read up to this revision.
    public var cursor: Int64 = 0
    public var deletions: [PendingDeletion] = []
    public var outbox: [OutboxOperation] = []
    /// Revisions this device read only in a read of the whole feed from the start (its first
    /// page from 0, a resync after a 410): a tombstone pruned before that read was never seen.
    public var feedGaps: [ClosedRange<Int64>] = []
    /// Set when the state file syncs with a TaskChampion server (Taskwarrior 3's sync)
    /// instead of todo-server's own protocol; then the fields above are unused.
    public var replica: ReplicaState?

    public init(
        datasetId: UUID? = nil, cursor: Int64 = 0, deletions: [PendingDeletion] = [], outbox: [OutboxOperation] = [],
        replica: ReplicaState? = nil
    ) {
        self.datasetId = datasetId
        self.cursor = cursor
        self.deletions = deletions
        self.outbox = outbox
        self.replica = replica
    }

    /// Whether this device may never have read the feed's record at `rev`: past its cursor,
    /// or in a part of the feed it read only after the server pruned it (`feedGaps`).
    public func mayHaveMissed(_ rev: Int64) -> Bool {
        rev > cursor || feedGaps.contains { $0.contains(rev) }
    }

    /// Notes that the feed's revisions after `from` up to `to` were read from the start of the
    /// feed, where the server sends no 410: pruned tombstones among them went unseen.
    public mutating func noteGap(after from: Int64, upTo to: Int64) {
        guard to > from else { return }
        var gap = (from + 1)...to
        // Overlapping or touching gaps become one, so the list stays as short as the resyncs.
        for other in feedGaps
        where other.overlaps(gap) || other.upperBound + 1 == gap.lowerBound || gap.upperBound + 1 == other.lowerBound {
            gap = min(gap.lowerBound, other.lowerBound)...max(gap.upperBound, other.upperBound)
        }
        feedGaps.removeAll { $0.overlaps(gap) }
        feedGaps.append(gap)
        feedGaps.sort { $0.lowerBound < $1.lowerBound }
    }
}

extension Todo {
    /// The part of the todo that syncs; setting it leaves number and bookkeeping alone.
    /// (Built field by field: `needsPush` builds it for every todo on every sync.)
    public var content: TodoContent {
        get {
            var content = TodoContent(
                name: name, description: description, notes: notes, completed: completed,
                completedAt: completedAt, createdAt: createdAt, updatedAt: updatedAt)
            content.takeAttributes(of: self)
            return content
        }
        set {
            name = newValue.name
            description = newValue.description
            notes = newValue.notes
            takeAttributes(of: newValue)
            completed = newValue.completed
            completedAt = newValue.completed ? newValue.completedAt : nil
            createdAt = newValue.createdAt
            updatedAt = newValue.updatedAt
        }
    }

    /// True when the todo has changes the server has not acknowledged.
    public var needsPush: Bool {
        guard let base, let baseContent = base.content else { return true }
        return baseContent != content
    }
}
