import Vapor

/// Requires `Authorization: Basic` with a user's name and one of their tokens as the password,
/// as CalDAV clients send them; answers 401 with `WWW-Authenticate: Basic` (clients ask the
/// person only then). The same failure limit and token rules as a bearer token (`TokenCheck`).
struct BasicAuthMiddleware: AsyncMiddleware {
    static let realm = "todo"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let basic = request.headers.basicAuthorization
        try await TokenCheck.authenticate(request, token: basic?.password, userName: basic?.username ?? "") {
            BasicChallenge(reason: $0)
        }
        return try await next.respond(to: request)
    }
}

/// 401 with the Basic challenge.
struct BasicChallenge: AbortError {
    let reason: String
    var status: HTTPResponseStatus { .unauthorized }
    var headers: HTTPHeaders { ["WWW-Authenticate": "Basic realm=\"\(BasicAuthMiddleware.realm)\", charset=\"UTF-8\""] }
}
