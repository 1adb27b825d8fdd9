import Fluent
import Foundation
import TodoWire
import Vapor

/// The sync API's storage logic: the change feed and the batch push.
struct SyncStore {
    let db: any Database

    /// Records of `userID` with `rev > since`, by ascending rev, at most `limit`; `hasMore`
    /// tells whether more follow.
    func changes(userID: UUID, since: Int64, limit: Int) async throws -> (
        records: [TodoRecord], hasMore: Bool
    ) {
        let rows = try await TodoModel.query(on: db)
            .filter(\.$userID == userID)
            .filter(\.$rev > since)
            .sort(\.$rev, .ascending)
            .limit(limit + 1)
            .all()
        return (rows.prefix(limit).map(\.record), rows.count > limit)
    }

    /// Applies `operations` in one transaction; returns one result per operation, in order,
    /// and the user's latest revision.
    func push(userID: UUID, operations: [PushOperation]) async throws -> (
        results: [PushResult], cursor: Int64
    ) {
        try await withUserWrite(on: db, userID: userID) { tx, user in
            var done = try await Self.appliedResults(
                userID: userID, opIds: operations.map(\.opId), on: tx)
            var records = try await Self.records(
                userID: userID, uuids: Array(Set(operations.map(\.uuid))), on: tx)
            var results: [PushResult] = []
            results.reserveCapacity(operations.count)
            for operation in operations {
                if let earlier = done[operation.opId] {
                    results.append(earlier)
                    continue
                }
                let (result, stored) = try await Self.apply(
                    operation, to: records[operation.uuid], user: user, on: tx)
                if let stored {
                    records[operation.uuid] = stored
                    let json = String(decoding: try WireJSON.encoder.encode(result), as: UTF8.self)
                    try await OperationModel(userID: userID, opId: operation.opId, result: json)
                        .create(on: tx)
                    done[operation.opId] = result
                }
                results.append(result)
            }
            return (results, user.lastRev)
        }
    }

    /// One operation, following the rules in API.md. Conflicts change nothing and are not
    /// recorded: base revisions only fall behind, so re-evaluating a retried one is harmless.
    private static func apply(
        _ operation: PushOperation, to existing: TodoModel?, user: UserModel,
        on tx: any Database
    ) async throws -> (PushResult, TodoModel?) {
        let model: TodoModel
        if let existing {
            guard operation.baseRev == existing.rev else {
                return (PushResult(opId: operation.opId, status: .conflict, record: existing.record), nil)
            }
            model = existing
        } else {
            guard operation.baseRev == 0, let userID = user.id else {
                return (PushResult(opId: operation.opId, status: .conflict, record: nil), nil)
            }
            model = TodoModel(userID: userID, uuid: operation.uuid)
        }
        switch operation.kind {
        case .put:
            guard let fields = operation.todo else {
                throw Abort(.badRequest, reason: "put without todo")
            }
            model.setContent(fields)
            if model.legacyId == nil { model.legacyId = user.takeLegacyId() }
        case .delete:
            model.makeTombstone()
        }
        model.rev = user.takeRev()
        try await model.save(on: tx)
        return (PushResult(opId: operation.opId, status: .applied, record: model.record), model)
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
