import Fluent
import Foundation
import TodoWire

/// The one write path of a user's todo records, for every face (the v1 push, the legacy
/// routes, CalDAV): inside `withUserWrite`, `put` and `delete` each count the change against
/// the quota and take the user's next revision; at its end the transaction writes the changed
/// records (the change feed is their revisions) and the user's counters, or nothing past the
/// quota.
///
/// Records are read once per transaction (`load`, `record`) and changed in memory, so a batch
/// of changes costs a few statements, not two per change.
final class UserWrite {
    /// The transaction, holding the user's write lock.
    let db: any WriteConnection
    let userID: UUID
    /// The time of the change, on the server's clock: tombstones, row ids and stored results
    /// are stamped with it.
    let now: Date
    /// The user's counters as they stand in this transaction: each change moves them.
    var counters: UserCounters
    /// Every record read or changed so far, by uuid.
    private var records: [UUID: StoredRecord] = [:]
    /// Uuids looked up that the user has no record of.
    private var absent: Set<UUID> = []
    /// The revisions of the pruned tombstones of uuids in `absent` (`PrunedRows`), once loaded.
    private var pruned: [UUID: Int64] = [:]
    /// The uuids of the records changed, to write at the end.
    private var changed: Set<UUID> = []
    /// The results of the push operations that made revisions `change` replaced, to keep in
    /// `operations` at the end.
    private var replacedResults: [UUID: String] = [:]

    /// The result kept of `opId` when this transaction replaced the revision it made, not
    /// yet written (`operations` has it once written).
    func replacedResult(_ opId: UUID) -> String? { replacedResults[opId] }
    private var rowIDs = RowIDs()

    init(db: any WriteConnection, userID: UUID, counters: UserCounters, now: Date) {
        self.db = db
        self.userID = userID
        self.counters = counters
        self.now = now
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
        if let record = records[uuid] { return record }
        guard !absent.contains(uuid) else { return nil }
        try await load(CollectionOfOne(uuid))
        return records[uuid]
    }

    /// Reads which of `uuids` the user has no record of had a tombstone `prune` removed.
    func loadPruned(_ uuids: some Sequence<UUID>) async throws {
        // `prune` raises `prunedRev` in the write that keeps a tombstone there: a user it never
        // pruned has none (a first push of 10,000 skips ten reads of 1,000).
        guard counters.prunedRev > 0 else { return }
        let wanted = Set(uuids).filter { absent.contains($0) && pruned[$0] == nil }
        pruned.merge(try await PrunedRows.read(db, userID: userID, uuids: wanted)) { $1 }
    }

    /// The tombstone `prune` removed of `uuid`, as it stood (its revision), when the user has
    /// no record of it now and `loadPruned` found one.
    func prunedTombstone(_ uuid: UUID) -> StoredRecord? {
        guard records[uuid] == nil, let rev = pruned[uuid] else { return nil }
        return StoredRecord(id: UUID(), uuid: uuid, rev: rev)
    }

    /// The record holding legacy id `legacyId` (a tombstone too), or nil.
    func record(legacyId: Int64) async throws -> StoredRecord? {
        if let known = records.values.first(where: { $0.legacyId == legacyId }) { return known }
        guard let stored = try await RecordRows.read(db, userID: userID, legacyId: legacyId) else { return nil }
        // Read in this transaction already, it would have been found above: it no longer
        // holds this id.
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

    /// The records named `name` that are not tombstones, as they stand in this transaction.
    func liveRecords(named name: String) async throws -> [StoredRecord] {
        for stored in try await RecordRows.readLive(db, userID: userID, named: name) where records[stored.uuid] == nil {
            records[stored.uuid] = stored
        }
        return records.values.filter { !$0.deleted && $0.name == name }.sorted { $0.rev < $1.rev }
    }

    /// Creates or replaces the content of the record `uuid` (bringing back a tombstone);
    /// returns it as it now stands. Attributes `fields` does not send keep their values. A
    /// record gets `legacyId` when given, else keeps its own or takes the user's next one.
    /// `opId`: the v1 push operation making it (`StoredRecord.opId`).
    @discardableResult
    func put(_ uuid: UUID, _ fields: TodoFields, legacyId: Int64? = nil, opId: UUID? = nil) async throws
        -> StoredRecord
    {
        try await change(uuid, opId: opId) { record in
            record.setContent(fields)
            if let legacyId {
                record.legacyId = legacyId
                counters.nextLegacyId = max(counters.nextLegacyId, legacyId + 1)
            } else if record.legacyId == nil {
                record.legacyId = counters.takeLegacyId()
            }
        }
    }

    /// Makes the record `uuid` a tombstone (one is made for a uuid the user has no record
    /// of, so that other devices learn of the deletion), keeping `last`, the todo as the
    /// deleter last had it, or else the content it had (`StoredRecord.makeTombstone`);
    /// returns it as it now stands. `opId` as for `put`.
    @discardableResult
    func delete(_ uuid: UUID, last: TodoFields? = nil, opId: UUID? = nil) async throws -> StoredRecord {
        try await change(uuid, opId: opId) { [now] in $0.makeTombstone(now: now, last: last) }
    }

    /// Applies `edit` to the record (a new one if the user has none), counts what it adds to
    /// or takes from the user's storage, and gives it the next revision, made by `opId`.
    ///
    /// A retry of the operation that made the revision replaced is answered from its row no
    /// more: its result is kept in `operations`, as the push answered it without content.
    private func change(_ uuid: UUID, opId: UUID?, _ edit: (inout StoredRecord) -> Void) async throws
        -> StoredRecord
    {
        let existing = try await record(uuid)
        if let existing, let made = existing.opId {
            let json = PushResponseWriter.result(opId: made, status: .applied, record: existing.revisionOnly)
            replacedResults[made] = String(decoding: json, as: UTF8.self)
        }
        var record = existing ?? StoredRecord(id: rowIDs.next(now: now), uuid: uuid)
        edit(&record)
        record.opId = opId
        counters.storedBytes += record.storedBytes - (existing?.storedBytes ?? 0)
        record.rev = counters.takeRev()
        records[uuid] = record
        absent.remove(uuid)
        changed.insert(uuid)
        return record
    }

    /// Writes the changed records, in revision order, and the results of the operations whose
    /// revisions they replaced.
    func writeChanges() async throws {
        let rows = changed.compactMap { records[$0] }.sorted { $0.rev < $1.rev }
        try await RecordRows.write(rows, userID: userID, on: db)
        try await OperationRows.write(replacedResults.map { ($0.key, $0.value) }, userID: userID, on: db, now: now)
        changed = []
        replacedResults = [:]
    }
}
