import Fluent
import TodoWire
import Vapor

struct AuthenticatedUser: Sendable {
    let id: UUID
    let name: String
    /// `UserModel.prunedRev` when the request was authenticated.
    var prunedRev: Int64 = 0
}

private struct AuthenticatedUserKey: StorageKey {
    typealias Value = AuthenticatedUser
}

extension Request {
    /// The name of the user whose token authenticated this request, if one did (for logs).
    var authenticatedUserName: String? { storage[AuthenticatedUserKey.self]?.name }

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

/// Requires `Authorization: Bearer TOKEN` with a token that exists and is not revoked. A client
/// address with too many failures in a row is refused with 429 before any lookup
/// (`AuthFailureLimiter`).
struct BearerAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let limiter = AuthFailureLimiter.of(request.application)
        let client = request.clientAddress
        if let seconds = limiter.wait(for: client) {
            request.metrics.authenticationFailed(limited: true)
            throw TooManyFailures(retryAfter: seconds)
        }
        func fail() {
            limiter.fail(client)
            request.metrics.authenticationFailed(limited: false)
        }
        guard let token = request.headers.bearerAuthorization?.token, !token.isEmpty else {
            fail()
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
            fail()
            throw Abort(.unauthorized, reason: "invalid or revoked token")
        }
        let nowMs = ISO8601Millis.milliseconds(Date())
        guard !row.hasExpired(atMs: nowMs) else {
            fail()
            throw Abort(.unauthorized, reason: "this token has expired")
        }
        guard user.disabledAtMs == nil else {
            throw Abort(.forbidden, reason: "this account is disabled")
        }
        await row.noteUse(atMs: nowMs, on: request.db)
        request.storage[AuthenticatedUserKey.self] = AuthenticatedUser(id: userID, name: user.name, prunedRev: user.prunedRev)
        return try await next.respond(to: request)
    }
}

/// 429 with Retry-After, for a client address that failed authentication too often.
struct TooManyFailures: AbortError {
    let retryAfter: Int
    var status: HTTPResponseStatus { .tooManyRequests }
    var reason: String { "too many failed authentications from this address; try again in \(retryAfter) s" }
    var headers: HTTPHeaders { ["Retry-After": String(retryAfter)] }
}
