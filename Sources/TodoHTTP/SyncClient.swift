import Foundation
import TodoSync
import TodoWire

/// The sync API over HTTP. Every call is bounded by `timeout`; no message it makes holds the
/// token, and the token goes nowhere but the server's origin: a redirect is followed only
/// within it (the same scheme, host and port), so https is never downgraded either.
public struct SyncClient: SyncTransport {
    public let server: URL
    let token: String
    public let timeout: TimeInterval
    let trust: TrustAnchors

    /// Refuses a CA file (`caFile`) that cannot be read or holds no certificate.
    public init(server: URL, token: String, timeout: TimeInterval, caFile: String? = nil) throws(SyncError) {
        self.server = server
        self.token = token
        self.timeout = timeout
        self.trust = try TrustAnchors.from(file: caFile)
    }

    public func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        var components = URLComponents(url: endpoint("v1/changes"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "since", value: String(cursor)), URLQueryItem(name: "limit", value: String(limit))
        ]
        return try send(HTTPRequest(url: components.url!), expecting: ChangesResponse.self, goneIsNil: true)
    }

    public func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse {
        let body = Data(PushRequest(operations: operations, prunedTombstones: true, revisionsOnly: true).json)
        let request = HTTPRequest(
            url: endpoint("v1/push"), method: "POST", headers: [("Content-Type", "application/json")], body: body)
        guard let response = try send(request, expecting: PushResponse.self, goneIsNil: false) else {
            throw .badResponse("\(serverName) answered a push with HTTP 410")
        }
        return response
    }

    private func endpoint(_ path: String) -> URL {
        server.appendingPathComponent(path)
    }

    private var serverName: String { ServerAddress.displayName(server) }

    /// Answers that say the server (behind a proxy: 502, 504) or what it needs (503) is down
    /// for now, not that the request or the API is wrong.
    static let unavailable: Set<Int> = [502, 503, 504]

    /// Sends `request` with the token; any error is redacted, as the server may echo the token.
    /// With `goneIsNil`, an answer 410 (Gone) is nil.
    private func send<Body: Decodable>(_ request: HTTPRequest, expecting: Body.Type, goneIsNil: Bool) throws(SyncError)
        -> Body?
    {
        do {
            return try exchange(request, expecting: Body.self, goneIsNil: goneIsNil)
        } catch {
            throw error.redacting(token)
        }
    }

    private func exchange<Body: Decodable>(_ request: HTTPRequest, expecting: Body.Type, goneIsNil: Bool)
        throws(SyncError) -> Body?
    {
        var request = request
        request.headers += [("Authorization", "Bearer \(token)"), ("Accept", "application/json")]
        let answer = try following(request)
        let (data, status) = (answer.body, answer.status)
        if status == 410, goneIsNil { return nil }
        guard (200..<300).contains(status) else {
            let reason = (try? WireJSON.decoder.decode(ErrorResponse.self, from: data)).map { ": \($0.reason)" } ?? ""
            if status == 401 || status == 403 {
                throw .unauthorized(
                    "\(serverName) refused the token (HTTP \(status)\(reason)); check TODO_TOKEN or 'todo config token'"
                )
            }
            if status == 413 {
                let bytes = request.body?.count ?? 0
                throw .tooLarge("\(serverName) refused a request of \(bytes) bytes as too large (HTTP 413\(reason))")
            }
            if Self.unavailable.contains(status) {
                throw .unreachable("\(serverName) is unavailable (HTTP \(status)\(reason)); try again later")
            }
            throw .badResponse("\(serverName) answered HTTP \(status)\(reason)")
        }
        do {
            return try WireJSON.decode(Body.self, from: data)
        } catch {
            let what = data.isEmpty ? "an empty body" : "a body that is not the sync API's \(Body.self)"
            throw .badResponse("\(serverName) answered \(what) (\(data.count) bytes)")
        }
    }

    private func following(_ request: HTTPRequest) throws(SyncError) -> HTTPAnswer {
        try HTTPRedirects.follow(request, server: server, timeout: timeout, trust: trust)
    }
}
