import Foundation
import TodoCore
import TodoWire

/// A todo record as the write path holds it: one row of `todos`, keyed by (user, uuid). A
/// tombstone keeps uuid, rev and legacy id, and the todo as its deleter last had it when that
/// fits (`makeTombstone`), else its text cleared.
struct StoredRecord: Sendable, Equatable {
    /// The row's own id, which stays across changes (`RowIDs`).
    var id: UUID
    var uuid: UUID
    /// The revision of its latest change (its ETag); 0 until it is first written. A record
    /// new to the database is a tombstone until a put.
    var rev: Int64 = 0
    var deleted = true
    var legacyId: Int64?
    var name = ""
    var descriptionText = ""
    var notes = ""
    var completed = false
    var createdAtMs: Int64 = 0
    var updatedAtMs: Int64 = 0
    var completedAtMs: Int64?
    /// The attributes that are set (tags, project, …) as a JSON object (`WireAttributes`),
    /// or nil when none is.
    var attributesJSON: String?
    /// The v1 push operation that made this revision; nil for a write by another face
    /// (CalDAV, the legacy routes, TaskChampion). A retry of it is answered from the row.
    var opId: UUID?
}

extension StoredRecord {
    /// What this record counts for in its user's quota (`UserModel.storedBytes`):
    /// `TodoModel.tombstoneBytes` for a tombstone, else its texts and `TodoModel.recordBytes`.
    var storedBytes: Int64 {
        let text = Int64(
            name.utf8.count + descriptionText.utf8.count + notes.utf8.count + (attributesJSON?.utf8.count ?? 0))
        guard !deleted else { return TodoModel.tombstoneBytes + (keepsContent ? text : 0) }
        return TodoModel.recordBytes + text
    }

    /// Whether a tombstone holds the deleted todo's content (a todo's name is never blank;
    /// a tombstone without content, as every one before todo kept them, has none).
    var keepsContent: Bool { !name.isEmpty }

    /// Takes `fields` as its content. Attributes `fields` does not send keep their values.
    mutating func setContent(_ fields: TodoFields) {
        deleted = false
        name = fields.name
        descriptionText = fields.description
        notes = fields.notes
        completed = fields.completed
        createdAtMs = ISO8601Millis.milliseconds(fields.createdAt)
        updatedAtMs = ISO8601Millis.milliseconds(fields.updatedAt)
        completedAtMs = fields.completedAt.map(ISO8601Millis.milliseconds)
        // A change that sends every attribute replaces them all: no need to read the stored ones.
        let sendsAll = fields.attributes.values.count == TodoField.attributes.count
        let set = (sendsAll ? fields.attributes : attributes.updated(by: fields.attributes)).setOnly
        attributesJSON = set.values.isEmpty ? nil : set.json
    }

    /// Marks it deleted, keeping as its content `last` (the todo as the deleting client last
    /// had it), else the content it had: what a copy kept over the delete on another device
    /// merges. A delete never grows what the user stores (it is always accepted, even past
    /// the quota): content that would is not kept. Its `updatedAtMs` becomes the time the
    /// server recorded the deletion, from which `prune` counts a tombstone's age.
    mutating func makeTombstone(now: Date, last: TodoFields? = nil) {
        let (limit, stored) = (storedBytes, self)
        if let last { setContent(last) }
        deleted = true
        if storedBytes > limit, last != nil {
            self = stored
            deleted = true
        }
        updatedAtMs = ISO8601Millis.milliseconds(now)
        if storedBytes > limit { clearContent() }
    }

    private mutating func clearContent() {
        name = ""
        descriptionText = ""
        notes = ""
        completed = false
        completedAtMs = nil
        attributesJSON = nil
    }

    /// The stored attributes; the column only ever holds what `setContent` wrote.
    var attributes: WireAttributes {
        guard let json = attributesJSON else { return WireAttributes() }
        return (try? WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8))) ?? WireAttributes()
    }

    /// The content, nil for a tombstone.
    var fields: TodoFields? {
        guard !deleted else { return nil }
        return TodoFields(
            name: name, description: descriptionText, notes: notes, completed: completed,
            createdAt: ISO8601Millis.date(milliseconds: createdAtMs),
            updatedAt: ISO8601Millis.date(milliseconds: updatedAtMs),
            completedAt: completedAtMs.map(ISO8601Millis.date(milliseconds:)),
            attributes: attributes)
    }

    /// The record without its content, as an applied push answers it to a client that takes
    /// the revision only (`PushRequest.revisionsOnly`).
    var revisionOnly: (uuid: String, rev: Int64, deleted: Bool, content: FeedWriter.Content?) {
        (UUIDText.text(uuid), rev, deleted, nil)
    }

    /// The record as `JSONWriter.record` writes it, with the stored attributes copied unparsed;
    /// a tombstone with the content it keeps.
    var wire: (uuid: String, rev: Int64, deleted: Bool, content: FeedWriter.Content?) {
        let content =
            deleted && !keepsContent
            ? nil
            : FeedWriter.Content(
                name: name, description: descriptionText, notes: notes, completed: completed, createdAtMs: createdAtMs,
                updatedAtMs: updatedAtMs, completedAtMs: completedAtMs, attributes: attributesJSON)
        return (UUIDText.text(uuid), rev, deleted, content)
    }
}
