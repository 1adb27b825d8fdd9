import Fluent
import Foundation
import SQLKit
import TodoWire

/// Storage row of one todo of one user, keyed by (user, uuid). A tombstone keeps uuid, rev and
/// legacy id, with its text cleared.
final class TodoModel: Model, @unchecked Sendable {
    static let schema = "todos"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "uuid") var uuid: UUID
    @Field(key: "rev") var rev: Int64
    @Field(key: "deleted") var deleted: Bool
    @OptionalField(key: "legacy_id") var legacyId: Int64?
    @Field(key: "name") var name: String
    @Field(key: "description") var details: String
    @Field(key: "notes") var notes: String
    @Field(key: "completed") var completed: Bool
    @Field(key: "created_at_ms") var createdAtMs: Int64
    @Field(key: "updated_at_ms") var updatedAtMs: Int64
    @OptionalField(key: "completed_at_ms") var completedAtMs: Int64?
    /// The attributes that are set (tags, project, …) as a JSON object (`WireAttributes`),
    /// or NULL when none is: added by `AddAttributes`.
    @OptionalField(key: "attributes") var attributesJSON: String?

    init() {}

    init(userID: UUID, uuid: UUID) {
        self.id = UUID()
        self.userID = userID
        self.uuid = uuid
        self.rev = 0
        self.deleted = true
        self.name = ""
        self.details = ""
        self.notes = ""
        self.completed = false
        self.createdAtMs = 0
        self.updatedAtMs = 0
    }

    func setContent(_ fields: TodoFields) {
        deleted = false
        name = fields.name
        details = fields.description
        notes = fields.notes
        completed = fields.completed
        createdAtMs = ISO8601Millis.milliseconds(fields.createdAt)
        updatedAtMs = ISO8601Millis.milliseconds(fields.updatedAt)
        completedAtMs = fields.completedAt.map(ISO8601Millis.milliseconds)
        setAttributes(attributes.updated(by: fields.attributes))
    }

    /// The stored attributes; the column only ever holds what `setAttributes` wrote.
    var attributes: WireAttributes {
        guard let json = attributesJSON else { return WireAttributes() }
        return (try? WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8))) ?? WireAttributes()
    }

    private func setAttributes(_ attributes: WireAttributes) {
        let set = attributes.setOnly
        attributesJSON = set.values.isEmpty
            ? nil : (try? WireJSON.encoder.encode(set)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What a tombstone counts for in the quota; a live record counts `recordBytes` more than
    /// its texts (its other columns and indexes).
    static let tombstoneBytes: Int64 = 64
    static let recordBytes: Int64 = 256

    /// What this record counts for in its user's quota (`UserModel.storedBytes`).
    var storedBytes: Int64 {
        guard !deleted else { return Self.tombstoneBytes }
        return Self.recordBytes + Int64(name.utf8.count + details.utf8.count + notes.utf8.count + (attributesJSON?.utf8.count ?? 0))
    }

    /// Clears the todo's text and marks it deleted; its `updatedAtMs` becomes the time the
    /// server recorded the deletion, from which `prune` counts a tombstone's age.
    func makeTombstone(now: Date = Date()) {
        deleted = true
        updatedAtMs = ISO8601Millis.milliseconds(now)
        name = ""
        details = ""
        notes = ""
        completed = false
        completedAtMs = nil
        attributesJSON = nil
    }

    var fields: TodoFields? {
        guard !deleted else { return nil }
        return TodoFields(
            name: name, description: details, notes: notes, completed: completed,
            createdAt: ISO8601Millis.date(milliseconds: createdAtMs),
            updatedAt: ISO8601Millis.date(milliseconds: updatedAtMs),
            completedAt: completedAtMs.map(ISO8601Millis.date(milliseconds:)),
            attributes: attributes)
    }

    var record: TodoRecord {
        TodoRecord(uuid: uuid, rev: rev, deleted: deleted, todo: fields)
    }
}

extension TodoModel {
    /// The columns that identify a record: the conflict target of an upsert.
    static let upsertKey = ["user_id", "uuid"]

    /// Every column with this row's value, as Fluent itself would bind them (nil as NULL), for
    /// multi-row statements written with SQLKit.
    var sqlRow: [(column: String, value: any SQLExpression)] {
        func bind(_ value: (some Encodable & Sendable)?) -> any SQLExpression {
            value.map { SQLBind($0) } ?? SQLLiteral.null
        }
        return [
            ($id.key.description, bind(id)),
            ($userID.key.description, bind(userID)),
            ($uuid.key.description, bind(uuid)),
            ($rev.key.description, bind(rev)),
            ($deleted.key.description, bind(deleted)),
            ($legacyId.key.description, bind(legacyId)),
            ($name.key.description, bind(name)),
            ($details.key.description, bind(details)),
            ($notes.key.description, bind(notes)),
            ($completed.key.description, bind(completed)),
            ($createdAtMs.key.description, bind(createdAtMs)),
            ($updatedAtMs.key.description, bind(updatedAtMs)),
            ($completedAtMs.key.description, bind(completedAtMs)),
            ($attributesJSON.key.description, bind(attributesJSON)),
        ]
    }
}
