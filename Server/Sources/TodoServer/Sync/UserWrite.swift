import Fluent
import Foundation
import SQLKit
import TodoWire
import Vapor

/// The one write path of a user's todo records, for every face (the v1 push, the legacy
/// routes, CalDAV): inside `withUserWrite`, `put` and `delete` each count the change against
/// the quota and take the user's next revision; at the end the transaction writes the changed
/// records (the change feed is their revisions) and the user's counters, or nothing past the
/// quota.
///
/// Records are read once per transaction (`load`, `record`) and changed in memory, so a batch
/// of changes costs a few statements, not two per change.
final class UserWrite {
    /// The transaction, holding the user's write lock.
    let db: any Database
    /// The user's row as it stands in this transaction: its counters change with each change.
    let user: UserModel
    private let userID: UUID
    /// Every record read or changed so far, by uuid.
    private var records: [UUID: StoredRecord] = [:]
    /// Uuids looked up that the user has no record of.
    private var absent: Set<UUID> = []
    /// The uuids of the records changed, to write at the end.
    private var changed: Set<UUID> = []

    fileprivate init(db: any Database, user: UserModel, userID: UUID) {
        self.db = db
        self.user = user
        self.userID = userID
    }

    /// Reads the records of `uuids` not read yet, with one statement.
    func load(_ uuids: some Sequence<UUID>) async throws {
        let wanted = Set(uuids).filter { records[$0] == nil && !absent.contains($0) }
        guard !wanted.isEmpty else { return }
        for record in try await RecordRows.read(db, userID: userID, uuids: wanted) { records[record.uuid] = record }
        absent.formUnion(wanted.filter { records[$0] == nil })
    }

    /// The record of `uuid` as it stands in this transaction (a tombstone too), or nil when
    /// the user has none. Its `rev` is its ETag.
    func record(_ uuid: UUID) async throws -> StoredRecord? {
        try await load(CollectionOfOne(uuid))
        return records[uuid]
    }

    /// The record holding legacy id `legacyId` (a tombstone too), or nil.
    func record(legacyId: Int64) async throws -> StoredRecord? {
        if let known = records.values.first(where: { $0.legacyId == legacyId }) { return known }
        guard let stored = try await RecordRows.read(db, userID: userID, legacyId: legacyId) else { return nil }
        // A record changed in this transaction is newer than its row.
        guard records[stored.uuid] == nil else { return nil }
        records[stored.uuid] = stored
        return stored
    }

    /// The records that are not tombstones, by revision.
    func liveRecords() async throws -> [StoredRecord] {
        for stored in try await RecordRows.readLive(db, userID: userID) where records[stored.uuid] == nil {
            records[stored.uuid] = stored
        }
        return records.values.filter { !$0.deleted }.sorted { $0.rev < $1.rev }
    }

    /// Creates or replaces the content of the record `uuid` (bringing back a tombstone);
    /// returns it as it now stands. Attributes `fields` does not send keep their values. A
    /// record gets `legacyId` when given, else keeps its own or takes the user's next one.
    @discardableResult
    func put(_ uuid: UUID, _ fields: TodoFields, legacyId: Int64? = nil) async throws -> StoredRecord {
        try await change(uuid) { record in
            record.setContent(fields)
            if let legacyId {
                record.legacyId = legacyId
                user.nextLegacyId = max(user.nextLegacyId, legacyId + 1)
            } else if record.legacyId == nil {
                record.legacyId = user.takeLegacyId()
            }
        }
    }

    /// Makes the record `uuid` a tombstone (one is made for a uuid the user has no record
    /// of, so that other devices learn of the deletion); returns it as it now stands.
    @discardableResult
    func delete(_ uuid: UUID) async throws -> StoredRecord {
        try await change(uuid) { $0.makeTombstone() }
    }

    /// Applies `edit` to the record (a new one if the user has none), counts what it adds to
    /// or takes from the user's storage, and gives it the next revision.
    private func change(_ uuid: UUID, _ edit: (inout StoredRecord) -> Void) async throws -> StoredRecord {
        let existing = try await record(uuid)
        var record = existing ?? StoredRecord(uuid: uuid)
        edit(&record)
        user.storedBytes += record.storedBytes - (existing?.storedBytes ?? 0)
        record.rev = user.takeRev()
        records[uuid] = record
        absent.remove(uuid)
        changed.insert(uuid)
        return record
    }

    /// Writes the changed records, in revision order.
    fileprivate func writeChanges() async throws {
        let rows = changed.compactMap { records[$0] }.sorted { $0.rev < $1.rev }
        try await RecordRows.write(rows, userID: userID, on: db)
        changed = []
    }
}

extension UserModel {
    /// The next revision of this user's data; valid only inside `withUserWrite`.
    func takeRev() -> Int64 {
        lastRev += 1
        return lastRev
    }

    /// Legacy ids are below 2^53, exact in every JSON reader.
    static let legacyIdLimit: Int64 = 1 << 53

    /// The next unused legacy id of this user, or nil once they are used up (a todo made
    /// through the sync API then has none: the legacy routes do not show it); valid only
    /// inside `withUserWrite`.
    func takeLegacyId() -> Int64? {
        guard nextLegacyId < Self.legacyIdLimit else { return nil }
        defer { nextLegacyId += 1 }
        return nextLegacyId
    }
}

/// Runs `body` in one transaction that holds the user's write lock, then writes the records it
/// changed (`UserWrite`) and the user's counters with it. A change that grows the user's
/// storage past `quota` bytes is refused (507) and nothing is written; one that shrinks it
/// never is.
///
/// The transaction's first statement writes the user's row. On PostgreSQL that locks the row
/// until commit; on SQLite it takes the database's write lock. Either way, two writers of one
/// user never overlap, so revisions commit in the order they were handed out and a reader of
/// the change feed can never see revision N+1 before revision N.
func withUserWrite<T: Sendable>(
    on db: any Database, userID: UUID, quota: Int64? = nil,
    _ body: @escaping @Sendable (UserWrite) async throws -> T
) async throws -> T {
    try await db.transaction { tx in
        try await SQLiteTuning.boundWaits(on: tx)
        try await tx.sql().update(UserModel.schema)
            .set(SQLIdentifier("last_rev"), to: SQLIdentifier("last_rev"))
            .where(SQLIdentifier("id"), .equal, SQLBind(userID))
            .run()
        guard let user = try await UserModel.find(userID, on: tx) else {
            throw Abort(.unauthorized, reason: "unknown user")
        }
        let before = (user.lastRev, user.nextLegacyId, user.prunedRev, user.storedBytes)
        let write = UserWrite(db: tx, user: user, userID: userID)
        let result = try await body(write)
        if let quota, user.storedBytes > quota, user.storedBytes > before.3 {
            throw QuotaExceeded(stored: before.3, needed: user.storedBytes - before.3, quota: quota)
        }
        try await write.writeChanges()
        if (user.lastRev, user.nextLegacyId, user.prunedRev, user.storedBytes) != before {
            try await user.update(on: tx)
        }
        return result
    }
}

/// 507 for a change that would take a user's storage past the quota.
struct QuotaExceeded: AbortError {
    let stored: Int64
    let needed: Int64
    let quota: Int64
    var status: HTTPResponseStatus { .insufficientStorage }
    var reason: String {
        "over this account's storage quota: \(stored) of \(quota) bytes used, this change needs \(needed) more; delete or clear completed todos (deletions are always accepted)"
    }
}
