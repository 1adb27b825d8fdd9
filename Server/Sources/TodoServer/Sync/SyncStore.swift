import Fluent
import Foundation
import SQLKit
import TodoWire
import Vapor

/// The sync API's storage logic: the change feed and the batch push.
struct SyncStore {
    let db: any Database
    /// The user's storage quota in bytes, for pushes (`withUserWrite`); nil: none.
    var quota: Int64? = nil

    /// The most a change-feed page holds, in bytes of JSON: a page ends early when the next
    /// record would take it past this (it always holds at least one record).
    static let maxPageBytes = 4 << 20

    /// Rows read from the database at a time while a page fills, so that a page of large
    /// records never holds much more than `maxPageBytes` in memory.
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
            let want = min(limit - page.revs.count, Self.rowsPerRead)
            // One row more than wanted tells whether any follow.
            let rows = try await FeedRow.read(db, userID: userID, after: page.revs.last ?? since, limit: want + 1)
            for row in rows.prefix(want) {
                let mark = page.writer.mark
                page.writer.append(uuid: row.uuid, rev: row.rev, deleted: row.deleted, content: row.content)
                if mark.count > 0 && page.writer.bytes.count > budget {
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

    /// Applies `operations` in one transaction; returns one result per operation, in order,
    /// the user's latest revision, and the feed cursor (see `feedCursor(since:before:after:)`).
    ///
    /// The batch is applied in memory, in request order, under the user's write lock (so
    /// revisions are handed out exactly as if each operation were written on its own); then
    /// the rows it changed are written with a few multi-row statements: upserts for the
    /// records (new or changed), INSERTs for the replay results, each of at most
    /// `maxRowsPerInsert` rows. A push costs a handful of statements instead of two
    /// per operation.
    func push(userID: UUID, operations: [PushOperation], since: Int64? = nil) async throws -> (
        results: [PushResult], cursor: Int64, feedCursor: Int64?
    ) {
        try await withUserWrite(on: db, userID: userID, quota: quota) { tx, user in
            let sql = try tx.sql()
            let latestBefore = user.lastRev
            var done = try await Self.appliedResults(
                userID: userID, opIds: operations.map(\.opId), on: tx)
            var batch = Batch(stored: try await Self.records(
                userID: userID, uuids: Array(Set(operations.map(\.uuid))), on: tx), lastRev: user.lastRev)
            var results: [PushResult] = []
            results.reserveCapacity(operations.count)
            var applied: [OperationModel] = []
            for operation in operations {
                if let earlier = done[operation.opId] {
                    results.append(earlier)
                    continue
                }
                let result = try batch.apply(operation, user: user)
                if result.status == .applied {
                    let json = String(decoding: try WireJSON.encoder.encode(result), as: UTF8.self)
                    applied.append(OperationModel(userID: userID, opId: operation.opId, result: json))
                    done[operation.opId] = result
                }
                results.append(result)
            }
            try await Self.write(batch.changed, on: sql)
            try await Self.insert(applied.map(\.sqlRow), into: OperationModel.schema, on: sql)
            return (
                results, user.lastRev,
                Self.feedCursor(since: since, before: latestBefore, after: user.lastRev))
        }
    }

    /// The cursor a client that was at `since` may move to without reading the feed: the
    /// user's latest revision after the push, when the client had seen everything before it
    /// (`since` was the latest revision, read under the user's write lock), so every change
    /// in between is this push's own. Otherwise nil. A push that changed nothing (replays,
    /// conflicts) answers `since` itself in that case.
    static func feedCursor(since: Int64?, before: Int64, after: Int64) -> Int64? {
        since == before ? after : nil
    }

    /// Rows per INSERT statement. At 13 columns that binds at most 6500 values, well below
    /// the limits of PostgreSQL (65535) and SQLite (32766 by default since 3.32; the bundled
    /// build allows 250000). A full push (`SyncAPI.maxOperationsPerPush`, 1000) takes two.
    static let maxRowsPerInsert = 500

    /// The records a push reads and changes, held in memory until it is written.
    private struct Batch {
        /// Every record of the push's uuids: as stored, or as changed by the push so far.
        private var records: [UUID: TodoModel]
        /// The user's revision before the push: every record it changed took a newer one.
        private let lastRevBefore: Int64

        init(stored: [UUID: TodoModel], lastRev: Int64) {
            records = stored
            lastRevBefore = lastRev
        }

        /// The records the push created or changed, in revision order: rows to write.
        var changed: [TodoModel] {
            records.values.filter { $0.rev > lastRevBefore }.sorted { $0.rev < $1.rev }
        }

        /// One operation, following the rules in API.md. Conflicts change nothing and are not
        /// recorded: base revisions only fall behind, so re-evaluating a retried one is harmless.
        mutating func apply(_ operation: PushOperation, user: UserModel) throws -> PushResult {
            let model: TodoModel
            let isNew: Bool
            if let existing = records[operation.uuid] {
                guard operation.baseRev == existing.rev else {
                    return PushResult(opId: operation.opId, status: .conflict, record: existing.record)
                }
                model = existing
                isNew = false
            } else {
                guard operation.baseRev == 0, let userID = user.id else {
                    return PushResult(opId: operation.opId, status: .conflict, record: nil)
                }
                model = TodoModel(userID: userID, uuid: operation.uuid)
                isNew = true
                records[operation.uuid] = model
            }
            switch operation.kind {
            case .put:
                guard let fields = operation.todo else {
                    throw Abort(.badRequest, reason: "put without todo")
                }
                user.account(model, isNew: isNew) { model.setContent(fields) }
                if model.legacyId == nil { model.legacyId = user.takeLegacyId() }
            case .delete:
                user.account(model, isNew: isNew) { model.makeTombstone() }
            }
            model.rev = user.takeRev()
            return PushResult(opId: operation.opId, status: .applied, record: model.record)
        }
    }

    /// Writes `models` with one multi-row INSERT per `maxRowsPerInsert` rows: new records are
    /// inserted, and a row whose (user, uuid) exists takes the new columns (its id stays).
    private static func write(_ models: [TodoModel], on sql: any SQLDatabase) async throws {
        guard let first = models.first else { return }
        let kept = Set(TodoModel.upsertKey + [first.$id.key.description])
        try await insert(models.map(\.sqlRow), into: TodoModel.schema, on: sql) { insert, columns in
            insert.onConflict(with: TodoModel.upsertKey) { update in
                columns.filter { !kept.contains($0) }.reduce(update) { $0.set(excludedValueOf: $1) }
            }
        }
    }

    /// Inserts `rows` (each the same columns, in the same order) with one multi-row INSERT per
    /// `maxRowsPerInsert` rows; `configure` may add to each statement, such as an ON CONFLICT.
    private static func insert(
        _ rows: [[(column: String, value: any SQLExpression)]], into table: String,
        on sql: any SQLDatabase,
        configure: (SQLInsertBuilder, [String]) -> Void = { _, _ in }
    ) async throws {
        guard let first = rows.first else { return }
        let columns = first.map(\.column)
        for chunk in rows.chunked(maxRowsPerInsert) {
            let insert = sql.insert(into: table).columns(columns).rows(chunk.map { $0.map(\.value) })
            configure(insert, columns)
            try await insert.run()
        }
    }

    private static func appliedResults(userID: UUID, opIds: [UUID], on tx: any Database)
        async throws -> [UUID: PushResult]
    {
        guard !opIds.isEmpty else { return [:] }
        let rows = try await OperationModel.query(on: tx)
            .filter(\.$userID == userID).filter(\.$opId ~~ opIds).all()
        var results: [UUID: PushResult] = [:]
        for row in rows {
            results[row.opId] = try WireJSON.decoder.decode(PushResult.self, from: Data(row.result.utf8))
        }
        return results
    }

    private static func records(userID: UUID, uuids: [UUID], on tx: any Database)
        async throws -> [UUID: TodoModel]
    {
        guard !uuids.isEmpty else { return [:] }
        let rows = try await TodoModel.query(on: tx)
            .filter(\.$userID == userID).filter(\.$uuid ~~ uuids).all()
        return Dictionary(rows.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements, in order.
    func chunked(_ size: Int) -> [[Element]] {
        precondition(size > 0)
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
