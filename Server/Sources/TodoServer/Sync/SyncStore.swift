import Fluent
import Foundation
import SQLKit
import TodoWire
import Vapor

/// The sync API's storage logic: the change feed and the batch push.
struct SyncStore {
    let db: any Database
    /// The application's write queue, for pushes on SQLite (`withUserWrite`).
    let queue: WriterQueue
    /// The user's storage quota in bytes, for pushes (`withUserWrite`); nil: none.
    var quota: Int64? = nil

    /// The most a change-feed page holds, in bytes of JSON: a page ends early when the next
    /// record would take it past this (it always holds at least one record).
    static let maxPageBytes = 4 << 20

    /// Rows of a page's first read. Each later read takes as many as the page's remaining
    /// bytes hold at the size of its records so far (at least this many): a page of small
    /// records takes two reads, and one of large records never holds much more than
    /// `maxPageBytes` in memory.
    static let rowsPerRead = 100

    /// Records of `userID` with `rev > since`, by ascending rev, at most `limit` and at most
    /// `maxBytes` of JSON (at least one record); `hasMore` tells whether more follow.
    ///
    /// Rows are read from the driver and written as JSON at once (`FeedWriter`), never built
    /// into models or `TodoRecord`s: this is the server's largest answer.
    func changes(userID: UUID, since: Int64, limit: Int, maxBytes: Int = maxPageBytes) async throws -> FeedPage {
        var page = FeedPage()
        // Room for what `finish` writes after the records.
        let budget = maxBytes - 128
        while true {
            let want = min(limit - page.revs.count, Self.rowsToRead(after: page, budget: budget))
            // One row more than wanted tells whether any follow.
            let rows = try await FeedRow.read(db, userID: userID, after: page.revs.last ?? since, limit: want + 1)
            for row in rows.prefix(want) {
                let mark = page.writer.mark
                page.writer.append(uuid: row.uuid, rev: row.rev, deleted: row.deleted, content: row.content)
                if mark.count > 0 && page.writer.mark.bytes > budget {
                    page.writer.rollBack(to: mark)
                    page.hasMore = true
                    return page
                }
                page.revs.append(row.rev)
            }
            if rows.count <= want { return page }
            if page.revs.count >= limit {
                page.hasMore = true
                return page
            }
        }
    }

    /// How many rows the next read of `page` takes (see `rowsPerRead`).
    private static func rowsToRead(after page: FeedPage, budget: Int) -> Int {
        guard page.writer.count > 0 else { return rowsPerRead }
        let written = page.writer.mark.bytes
        return max(rowsPerRead, (budget - written) / max(1, written / page.writer.count))
    }

    /// Applies `operations` in one transaction through the write path (`UserWrite`); returns
    /// one result per operation, in order, the user's latest revision, and the feed cursor
    /// (see `feedCursor(since:before:after:)`).
    ///
    /// Under the user's write lock, the push reads the records of its uuids with one
    /// statement, applies its operations in memory in request order (so revisions are handed
    /// out exactly as if each were written on its own), then writes the records it changed
    /// with multi-row statements: a handful of statements, not two per operation. Each result
    /// is written as JSON once, from the record (`PushResponseWriter`).
    ///
    /// Retries: a record names the operation that made its revision (`StoredRecord.opId`),
    /// so a retry of it is answered from the record. An operation applied earlier and replaced
    /// since has moved its todo past its base revision: judged afresh it is a conflict, and
    /// only conflicts are looked up in the results kept (`operations`, whose rows `UserWrite`
    /// writes when it replaces a revision, then `pruned_operations`). A first push reads and
    /// writes no stored result.
    ///
    /// With `prunedTombstones` (the client reads them, `PushRequest.prunedTombstones`), a
    /// pruned tombstone (`PrunedRows`) stands for its record: a creation of its uuid
    /// conflicts with it, and a put on its revision brings the todo back.
    ///
    /// With `revisionsOnly` (`PushRequest.revisionsOnly`) an applied operation's record is
    /// answered without its content: a first sync of 10,000 todos does not send them back.
    func push(
        userID: UUID, operations: [PushOperation], since: Int64? = nil, prunedTombstones: Bool = false,
        revisionsOnly: Bool = false, at now: Date
    ) async throws -> PushOutcome {
        try await withUserWrite(on: db, queue: queue, userID: userID, quota: quota, at: now) { write in
            let latestBefore = write.counters.lastRev
            try await write.load(operations.map(\.uuid))
            if prunedTombstones { try await write.loadPruned(operations.map(\.uuid)) }
            var outcome = PushOutcome()
            outcome.results.reserveCapacity(operations.count)
            // The answers of this push's applied operations, for an opId it repeats.
            var done: [UUID: String] = [:]
            var conflicts: [Int] = []
            for operation in operations {
                if let earlier = done[operation.opId] {
                    outcome.add(earlier, .applied, of: operation)
                    continue
                }
                if let current = try await write.record(operation.uuid), current.opId == operation.opId {
                    // A retry of the operation that made the current revision: its first answer.
                    let json = Self.result(operation, .applied, current, revisionsOnly: revisionsOnly)
                    done[operation.opId] = json
                    outcome.add(json, .applied, of: operation)
                    continue
                }
                let (status, record) = try await Self.apply(operation, to: write)
                let json = Self.result(operation, status, record, revisionsOnly: revisionsOnly)
                if status == .applied {
                    done[operation.opId] = json
                } else {
                    conflicts.append(outcome.results.count)
                }
                outcome.add(json, status, of: operation)
            }
            try await Self.answerKept(conflicts, of: operations, in: &outcome, write, revisionsOnly: revisionsOnly)
            outcome.cursor = write.counters.lastRev
            outcome.feedCursor = Self.feedCursor(since: since, before: latestBefore, after: write.counters.lastRev)
            return outcome
        }
    }

    /// `operation`'s result as JSON: an applied one's record without content when the client
    /// takes `revisionsOnly`.
    private static func result(
        _ operation: PushOperation, _ status: PushResult.Status, _ record: StoredRecord?, revisionsOnly: Bool
    ) -> String {
        let answered = status == .applied && revisionsOnly ? record?.revisionOnly : record?.wire
        return String(
            decoding: PushResponseWriter.result(opId: operation.opId, status: status, record: answered),
            as: UTF8.self)
    }

    /// One operation, following the rules in API.md: its result and the record it answers
    /// with. An applied one becomes its record's `opId`. Conflicts change nothing and are not
    /// recorded: base revisions only fall behind, so re-evaluating a retried one is harmless.
    /// A pruned tombstone `loadPruned` read stands for its record.
    private static func apply(_ operation: PushOperation, to write: UserWrite) async throws -> (
        PushResult.Status, StoredRecord?
    ) {
        let existing = try await write.record(operation.uuid) ?? write.prunedTombstone(operation.uuid)
        // A stored record's revision is never 0, the base of a todo the server has never seen.
        guard operation.baseRev == (existing?.rev ?? 0) else { return (.conflict, existing) }
        switch operation.kind {
        case .put:
            guard let fields = operation.todo else { throw Abort(.badRequest, reason: "put without todo") }
            return (.applied, try await write.put(operation.uuid, fields, opId: operation.opId))
        case .delete:
            // What a delete sends of the todo is kept when it is within a put's limits; else
            // it is ignored, as servers before todo kept it ignored it.
            let last = operation.todo.flatMap { $0.problem == nil ? $0 : nil }
            return (.applied, try await write.delete(operation.uuid, last: last, opId: operation.opId))
        }
    }

    /// Answers each of the `conflicts` (indices into `operations`) that was applied before as
    /// applied, from its result kept in `operations` or, once pruned, `pruned_operations`
    /// (one statement each, for all): a conflict changed nothing, so the answer alone changes.
    private static func answerKept(
        _ conflicts: [Int], of operations: [PushOperation], in outcome: inout PushOutcome, _ write: UserWrite,
        revisionsOnly: Bool
    ) async throws {
        guard !conflicts.isEmpty else { return }
        var kept: [UUID: String] = [:]
        // Replaced earlier in this push: not written yet.
        for index in conflicts { kept[operations[index].opId] = write.replacedResult(operations[index].opId) }
        let opIds = conflicts.map { operations[$0].opId }.filter { kept[$0] == nil }
        kept.merge(try await OperationRows.read(write.db, userID: write.userID, opIds: opIds)) { first, _ in first }
        let missing = opIds.filter { kept[$0] == nil }
        if !missing.isEmpty {
            kept.merge(try await PrunedOperations.read(write.db, userID: write.userID, opIds: missing)) { first, _ in
                first
            }
        }
        for index in conflicts {
            let operation = operations[index]
            guard let answer = kept[operation.opId] else { continue }
            outcome.answer(index, revisionsOnly ? answer : whole(answer, sent: operation), .applied, of: operation)
        }
    }

    /// A result stored without the record's content (`revisionsOnly`), for a retry that asks
    /// for it whole (the same device, its todo downgraded since): a put's record held what it
    /// sent, which stands in for it. Any other result is answered as stored.
    static func whole(_ stored: String, sent operation: PushOperation) -> String {
        guard operation.kind == .put, let sent = operation.todo,
            let result = try? WireJSON.decoder.decode(PushResult.self, from: Data(stored.utf8)),
            let record = result.record, record.todo == nil, !record.deleted
        else { return stored }
        let whole = PushResult(
            opId: result.opId, status: result.status,
            record: TodoRecord(uuid: record.uuid, rev: record.rev, deleted: false, todo: sent))
        guard let json = try? WireJSON.encoder.encode(whole) else { return stored }
        return String(decoding: json, as: UTF8.self)
    }

    /// The cursor a client that was at `since` may move to without reading the feed: the
    /// user's latest revision after the push, when the client had seen everything before it
    /// (`since` was the latest revision, read under the user's write lock), so every change
    /// in between is this push's own. Otherwise nil. A push that changed nothing (replays,
    /// conflicts) answers `since` itself in that case.
    static func feedCursor(since: Int64?, before: Int64, after: Int64) -> Int64? {
        since == before ? after : nil
    }
}

/// What a push answers: each operation's `PushResult` as JSON, in request order, the user's
/// latest revision and the feed cursor (`PushResponse`).
struct PushOutcome: Sendable {
    var results: [String] = []
    /// The results' statuses with their opIds, for the metrics (no records).
    var statuses: [PushResult] = []
    var cursor: Int64 = 0
    var feedCursor: Int64?

    mutating func add(_ json: String, _ status: PushResult.Status, of operation: PushOperation) {
        results.append(json)
        statuses.append(Self.status(status, of: operation))
    }

    /// Answers the operation at `index` anew.
    mutating func answer(_ index: Int, _ json: String, _ status: PushResult.Status, of operation: PushOperation) {
        results[index] = json
        statuses[index] = Self.status(status, of: operation)
    }

    private static func status(_ status: PushResult.Status, of operation: PushOperation) -> PushResult {
        PushResult(opId: operation.opId, status: status, record: nil)
    }
}
