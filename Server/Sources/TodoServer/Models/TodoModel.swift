import Fluent
import Foundation

/// Storage row of one todo of one user, keyed by (user, uuid), for Fluent's queries (the legacy
/// lists, pruning). The write path reads and writes the same rows as `StoredRecord`s.
final class TodoModel: Model, @unchecked Sendable {
    static let schema = "todos"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "uuid") var uuid: UUID
    @Field(key: "rev") var rev: Int64
    @Field(key: "deleted") var deleted: Bool
    @OptionalField(key: "legacy_id") var legacyId: Int64?
    @Field(key: "name") var name: String
    @Field(key: "description") var descriptionText: String
    @Field(key: "notes") var notes: String
    @Field(key: "completed") var completed: Bool
    @Field(key: "created_at_ms") var createdAtMs: Int64
    @Field(key: "updated_at_ms") var updatedAtMs: Int64
    @OptionalField(key: "completed_at_ms") var completedAtMs: Int64?
    /// The attributes that are set (tags, project, …) as a JSON object (`WireAttributes`),
    /// or NULL when none is: added by `AddAttributes`.
    @OptionalField(key: "attributes") var attributesJSON: String?
    /// The v1 push operation that made this revision, or NULL (`StoredRecord.opId`).
    @OptionalField(key: "op_id") var opId: UUID?

    init() {}

    /// What a tombstone counts for in the quota; a live record counts `recordBytes` more than
    /// its texts (its other columns and indexes).
    static let tombstoneBytes: Int64 = 64
    static let recordBytes: Int64 = 256

    /// The row as the write path holds it.
    var stored: StoredRecord {
        StoredRecord(
            id: id ?? UUID(), uuid: uuid, rev: rev, deleted: deleted, legacyId: legacyId, name: name,
            descriptionText: descriptionText,
            notes: notes, completed: completed, createdAtMs: createdAtMs, updatedAtMs: updatedAtMs,
            completedAtMs: completedAtMs, attributesJSON: attributesJSON, opId: opId)
    }

    /// What this record counts for in its user's quota (`UserModel.storedBytes`).
    var storedBytes: Int64 { stored.storedBytes }
}
