import Fluent
import TodoWire
import Vapor

struct AuthenticatedUser: Sendable {
    let id: UUID
    let name: String
    /// `UserModel.prunedRev` when the request was authenticated.
    var prunedRev: Int64 = 0
    /// `UserModel.lastRev` when the request was authenticated (nil: not read), which spares
    /// the CalDAV face a query of its own.
    var lastRev: Int64? = nil
    /// `UserModel.storedBytes` when the request was authenticated.
    var storedBytes: Int64 = 0
}

struct AuthenticatedUserKey: StorageKey {
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

/// Requires `Authorization: Bearer TOKEN` with a token that exists and is not revoked. A token,
/// or a client address, with too many failures in a row is refused with 429 before any lookup
/// (`AuthFailureLimiter`).
struct BearerAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await TokenCheck.authenticate(request, token: request.headers.bearerAuthorization?.token, userName: nil) {
            Abort(.unauthorized, reason: $0)
        }
        return try await next.respond(to: request)
    }
}

/// The check of a token, for every way one is sent (a bearer token, or a Basic password with
/// its user's name): the failure limits per credential and per client address, then the
/// token's hash looked up, not revoked, not expired, its user enabled (and the one named, when
/// one is). Only a wrong token counts as a failure; a request without one does not.
enum TokenCheck {
    /// Sets `request.authenticatedUser`, or throws `refusal(reason)` (401), 429, or 403 for a
    /// disabled account.
    static func authenticate(
        _ request: Request, token: String?, userName: String?, refusal: (String) -> any Error
    ) async throws {
        // No credentials is no guess: it is how HTTP authentication starts (a CalDAV app asks
        // without them, then answers the challenge), so it does not count as a failure.
        guard let token, !token.isEmpty else {
            request.metrics.authenticationFailed(limitedBy: nil)
            throw refusal(
                userName == nil ? "missing bearer token (Authorization: Bearer TOKEN)" : "missing credentials")
        }
        let limiter = AuthFailureLimiter.of(request.application)
        let client = request.clientAddress
        let hash = TokenModel.hash(token)
        let credential = userName.map { "\($0):\(hash)" } ?? hash
        if let (scope, seconds) = limiter.wait(credential: credential, address: client, now: request.now) {
            request.metrics.authenticationFailed(limitedBy: scope)
            throw TooManyFailures(scope: scope, retryAfter: seconds)
        }
        func fail(_ reason: String) -> any Error {
            limiter.fail(credential: credential, address: client, now: request.now)
            request.metrics.authenticationFailed(limitedBy: nil)
            return refusal(reason)
        }
        guard
            let row = try await TokenModel.query(on: request.db)
                .filter(\.$hash == hash)
                .filter(\.$revokedAtMs == nil)
                .first(),
            let user = try await UserModel.find(row.userID, on: request.db),
            let userID = user.id, userName.map({ $0 == user.name }) ?? true
        else {
            throw fail(userName == nil ? "invalid or revoked token" : "invalid user name or token")
        }
        let nowMs = ISO8601Millis.milliseconds(request.now)
        guard !row.hasExpired(atMs: nowMs) else { throw fail("this token has expired") }
        guard user.disabledAtMs == nil else {
            throw Abort(.forbidden, reason: "this account is disabled")
        }
        limiter.succeed(credential: credential, address: client, now: request.now)
        await row.noteUse(atMs: nowMs, on: request.db)
        request.storage[AuthenticatedUserKey.self] = AuthenticatedUser(
            id: userID, name: user.name, prunedRev: user.prunedRev, lastRev: user.lastRev, storedBytes: user.storedBytes
        )
    }
}

/// 429 with Retry-After, for a token or a client address that failed authentication too often.
struct TooManyFailures: AbortError {
    let scope: AuthFailureLimiter.Scope
    let retryAfter: Int
    var status: HTTPResponseStatus { .tooManyRequests }
    var reason: String {
        switch scope {
        case .credential: "too many failed authentications with this token; try again in \(retryAfter) s"
        case .address: "too many failed authentications from this address; try again in \(retryAfter) s"
        }
    }
    var headers: HTTPHeaders { ["Retry-After": String(retryAfter)] }
}
