import TodoWire
import Vapor

/// `POST /v1/push`: a batch of changes applied in one transaction.
struct PushController: RouteCollection {
    let datasetId: UUID

    func boot(routes: any RoutesBuilder) throws {
        routes.post("push", use: push)
    }

    func push(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        let body = try request.wireBody(PushRequest.self)
        try Self.validate(body)
        let outcome = try await SyncStore(db: request.db).push(
            userID: user.id, operations: body.operations)
        return try Response.wire(
            PushResponse(datasetId: datasetId, results: outcome.results, cursor: outcome.cursor))
    }

    /// The whole request is refused (400) when any operation is invalid, before anything is applied.
    static func validate(_ body: PushRequest) throws {
        guard body.operations.count <= SyncAPI.maxOperationsPerPush else {
            throw Abort(
                .badRequest,
                reason: "at most \(SyncAPI.maxOperationsPerPush) operations per push")
        }
        for (index, operation) in body.operations.enumerated() {
            guard operation.baseRev >= 0 else {
                throw Abort(.badRequest, reason: "operations[\(index)].baseRev must be 0 or more")
            }
            guard operation.kind == .put else { continue }
            guard let todo = operation.todo else {
                throw Abort(.badRequest, reason: "operations[\(index)]: put needs a todo")
            }
            if let problem = FieldLimits.problem(with: todo) {
                throw Abort(.badRequest, reason: "operations[\(index)].todo: \(problem)")
            }
        }
    }
}

/// Limits on a todo's fields, shared by the v1 and legacy APIs.
enum FieldLimits {
    static let maxNameBytes = 4096
    static let maxTextBytes = 65536

    static func problem(with todo: TodoFields) -> String? {
        if todo.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "name must not be blank"
        }
        if todo.name.utf8.count > maxNameBytes { return "name is longer than \(maxNameBytes) bytes" }
        if todo.description.utf8.count > maxTextBytes {
            return "description is longer than \(maxTextBytes) bytes"
        }
        if todo.notes.utf8.count > maxTextBytes { return "notes is longer than \(maxTextBytes) bytes" }
        for text in [todo.name, todo.description, todo.notes] where text.contains("\0") {
            return "text must not contain NUL characters"
        }
        return nil
    }
}
