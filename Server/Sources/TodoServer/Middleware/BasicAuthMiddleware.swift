import Vapor

/// Requires `Authorization: Basic` with a user's name and one of their tokens as the password,
/// as CalDAV clients send them; answers 401 with `WWW-Authenticate: Basic` (clients ask the
/// person only then). The same failure limit and token rules as a bearer token (`TokenCheck`).
///
/// A Basic password is readable by anyone on the way, so a request that came over plain HTTP
/// from another machine (`TransportSecurity`) is refused with 403 before any challenge or
/// check: no 401 invites a client to send the password that way, and one it sent anyway is not
/// looked up. 403, not 401: a 401 would have the app ask the person for the password again.
struct BasicAuthMiddleware: AsyncMiddleware {
    static let realm = "todo"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let problem = request.plainTextProblem {
            let sent = request.headers.contains(name: .authorization)
            throw Abort(
                .forbidden,
                reason: "CalDAV from another machine needs https: \(problem)"
                    + (sent
                        ? """
                        ; the token sent as its password crossed the network unencrypted: revoke it (todo-server \
                        token revoke) and connect with https://
                        """
                        : "; connect with https://"))
        }
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
