import Fluent
import SQLKit
import TodoWire
import Vapor

/// `GET /health` (liveness: the process answers; no database work) and `GET /ready`
/// (readiness: the database answers too). Neither needs a token; both are for load
/// balancers, service managers and start-up scripts.
struct HealthController {
    private struct Health: Content {
        let status: String
        let datasetId: UUID
        let version: String
    }

    func health(request: Request) async throws -> Response {
        try Response.wire(Health(status: "ok", datasetId: try request.application.datasetId, version: SyncAPI.release))
    }

    func ready(request: Request) async throws -> Response {
        do {
            _ = try await request.db.sql().raw("SELECT COUNT(*) AS n FROM \(ident: UserModel.schema)").all()
        } catch {
            request.logger.error("/ready: the database does not answer: \(String(reflecting: error))")
            throw Abort(.serviceUnavailable, reason: "the database does not answer")
        }
        return try Response.wire(
            Health(status: "ready", datasetId: try request.application.datasetId, version: SyncAPI.release))
    }
}
