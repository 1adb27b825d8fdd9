import FluentSQLiteDriver
import TodoWire
import Vapor

/// Turns every thrown error into `{"error": true, "reason": "..."}` (TodoWire's ErrorResponse).
/// A database that is locked or cannot be reached is 503 with Retry-After (`DatabaseOutage`);
/// anything else that is not a client error is logged and answered with a generic 500 reason.
struct APIErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as DecodingError {
            return try Response.wire(
                ErrorResponse(reason: "invalid JSON: \(error.summary)"), status: .badRequest)
        } catch let error as SQLiteError where error.reason == .busy || error.reason == .locked {
            return try Self.locked(error, request)
        } catch let error as SQLiteWriteError where error.isLocked {
            return try Self.locked(error, request)
        } catch let error as AbortError {
            if error.status.code >= 500 {
                request.logger.error("\(error.status.code) \(error.reason)")
            }
            let response = try Response.wire(ErrorResponse(reason: error.reason), status: error.status)
            for (name, value) in error.headers where ["retry-after", "www-authenticate"].contains(name.lowercased()) {
                response.headers.replaceOrAdd(name: name, value: value)
            }
            return response
        } catch  where DatabaseOutage.contains(error) {
            request.logger.error("503 the database is unavailable: \(String(reflecting: error))")
            return try Self.unavailable("the database is unavailable; try again shortly")
        } catch {
            request.logger.error("internal error: \(String(reflecting: error))")
            return try Response.wire(
                ErrorResponse(reason: "internal server error"), status: .internalServerError)
        }
    }
}

extension APIErrorMiddleware {
    /// 503 for a database that another program (a backup, a sqlite3 shell) held past the busy
    /// timeout.
    private static func locked(_ error: any Error, _ request: Request) throws -> Response {
        request.logger.error("503 the database is locked: \(error)")
        return try unavailable("the database is locked by another program; try again shortly")
    }

    /// 503 with Retry-After: the server cannot answer now, and a retry in a while may succeed.
    private static func unavailable(_ reason: String) throws -> Response {
        let response = try Response.wire(ErrorResponse(reason: reason), status: .serviceUnavailable)
        response.headers.replaceOrAdd(name: .retryAfter, value: "5")
        return response
    }
}

extension DecodingError {
    /// Where and what, without echoing the whole body.
    var summary: String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "body" : String(text.drop { $0 == "." })
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context):
            return "null at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not a \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "malformed JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "malformed JSON"
        }
    }
}

extension Response {
    /// A JSON response encoded with the wire's date format.
    static func wire(_ value: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(
            status: status, headers: headers, body: .init(data: try WireJSON.encoder.encode(value)))
    }
}

extension Request {
    /// Decodes the body with the wire's date format; a missing or malformed body is a 400.
    func wireBody<T: Decodable>(_ type: T.Type) throws -> T {
        guard let body = self.body.data, body.readableBytes > 0 else {
            throw Abort(.badRequest, reason: "missing JSON body")
        }
        return try WireJSON.decoder.decode(T.self, from: Data(body.readableBytesView))
    }
}
