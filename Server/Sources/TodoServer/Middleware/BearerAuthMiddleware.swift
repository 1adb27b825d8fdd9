import Fluent
import Vapor

struct AuthenticatedUser: Sendable {
    let id: UUID
    let name: String
}

private struct AuthenticatedUserKey: StorageKey {
    typealias Value = AuthenticatedUser
}

extension Request {
    /// The user whose bearer token authenticated this request (set by `BearerAuthMiddleware`).
    var authenticatedUser: AuthenticatedUser {
        get throws {
            guard let user = storage[AuthenticatedUserKey.self] else {
                throw Abort(.unauthorized, reason: "authentication required")
            }
            return user
        }
    }
}

/// Requires `Authorization: Bearer TOKEN` with a token that exists and is not revoked.
struct BearerAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token = request.headers.bearerAuthorization?.token, !token.isEmpty else {
            throw Abort(.unauthorized, reason: "missing bearer token (Authorization: Bearer TOKEN)")
        }
        guard
            let row = try await TokenModel.query(on: request.db)
                .filter(\.$hash == TokenModel.hash(token))
                .filter(\.$revokedAtMs == nil)
                .first(),
            let user = try await UserModel.find(row.userID, on: request.db),
            let userID = user.id
        else {
            throw Abort(.unauthorized, reason: "invalid or revoked token")
        }
        request.storage[AuthenticatedUserKey.self] = AuthenticatedUser(id: userID, name: user.name)
        return try await next.respond(to: request)
    }
}
