import TodoCore
import TodoWire
import Vapor

/// `POST /v1/push`: a batch of changes applied in one transaction.
struct PushController {
    func push(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        // Counted before decoding: a huge batch is refused without building it.
        if let raw = request.body.data, let count = PushBodyScan.operationCount(raw),
            count > SyncAPI.maxOperationsPerPush
        {
            throw Self.tooManyOperations
        }
        let body = try Self.body(of: request)
        try Self.validate(body)
        let outcome = try await SyncStore(db: request.db, queue: request.writerQueue, quota: request.quota).push(
            userID: user.id, operations: body.operations, since: body.since,
            prunedTombstones: body.prunedTombstones == true, revisionsOnly: body.revisionsOnly == true,
            at: request.now)
        request.metrics.pushed(outcome.statuses)
        var writer = PushResponseWriter()
        for result in outcome.results { writer.append(result: result.utf8) }
        return .json(
            writer.finish(
                datasetId: try request.application.datasetId, cursor: outcome.cursor, feedCursor: outcome.feedCursor))
    }

    /// The push body, read by TodoWire's `JSONReader` (`WireReadable`), or by the wire decoder
    /// when the reader leaves it.
    static func body(of request: Request) throws -> PushRequest {
        if let raw = request.body.data, let body = raw.withUnsafeReadableBytes({ try? PushRequest.readWhole($0) }) {
            return body
        }
        return try request.wireBody(PushRequest.self)
    }

    static let tooManyOperations = Abort(
        .badRequest, reason: "at most \(SyncAPI.maxOperationsPerPush) operations per push")

    /// The whole request is refused (400) when any operation is invalid, before anything is applied.
    static func validate(_ body: PushRequest) throws {
        guard body.operations.count <= SyncAPI.maxOperationsPerPush else { throw tooManyOperations }
        if let since = body.since, since < 0 {
            throw Abort(.badRequest, reason: "since must be 0 or more")
        }
        for (index, operation) in body.operations.enumerated() {
            guard operation.baseRev >= 0 else {
                throw Abort(.badRequest, reason: "operations[\(index)].baseRev must be 0 or more")
            }
            guard operation.kind == .put else { continue }
            guard let todo = operation.todo else {
                throw Abort(.badRequest, reason: "operations[\(index)]: put needs a todo")
            }
            if let problem = todo.problem {
                throw Abort(.badRequest, reason: "operations[\(index)].todo: \(problem.message)")
            }
        }
    }
}
