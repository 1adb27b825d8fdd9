import TodoWire
import Vapor

/// `GET /v1/changes?since=N&limit=M`: the change feed.
struct ChangesController {
    static let defaultLimit = 500

    static func pruned(_ rev: Int64) -> Abort {
        Abort(.gone, reason: "changes up to revision \(rev) were pruned: read the feed again from since=0")
    }

    func changes(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        let since = try request.integerQuery("since") ?? 0
        let limit = try request.integerQuery("limit") ?? Int64(Self.defaultLimit)
        guard since >= 0 else { throw Abort(.badRequest, reason: "since must be 0 or more") }
        guard limit >= 1 else { throw Abort(.badRequest, reason: "limit must be 1 or more") }
        if since > 0, since < user.prunedRev { throw Self.pruned(user.prunedRev) }
        let page = try await SyncStore(db: request.db, queue: request.writerQueue).changes(
            userID: user.id, since: since, limit: Int(min(limit, Int64(SyncAPI.maxChangesPerPage))))
        // A prune that committed after the check above, before the rows were read, removed a
        // tombstone this page would have carried: asked again, now that the cursor would move.
        if since > 0, !page.revs.isEmpty, let now = try await UserModel.find(user.id, on: request.db),
            since < now.prunedRev
        {
            throw Self.pruned(now.prunedRev)
        }
        return .json(page.json(datasetId: try request.application.datasetId, since: since))
    }
}

extension Request {
    /// A decimal integer query parameter; nil when absent, 400 when not an integer.
    func integerQuery(_ name: String) throws -> Int64? {
        guard let text = try? query.get(String.self, at: name) else { return nil }
        guard let value = Int64(text) else {
            throw Abort(.badRequest, reason: "\(name) must be an integer")
        }
        return value
    }
}
