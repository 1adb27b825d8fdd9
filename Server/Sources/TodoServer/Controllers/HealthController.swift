import Vapor

/// `GET /health`: no auth, no database work; for load balancers and start-up scripts.
struct HealthController: RouteCollection {
    private struct Health: Content {
        let status: String
        let datasetId: UUID
    }

    func boot(routes: any RoutesBuilder) throws {
        routes.get("health") { request in
            try Response.wire(Health(status: "ok", datasetId: try request.application.datasetId))
        }
    }
}
