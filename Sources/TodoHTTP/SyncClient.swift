import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TodoSync
import TodoWire

/// The sync API over HTTP. Every call is bounded by `timeout`; no message it makes holds the
/// token, and the token goes nowhere but the server's origin (see `RedirectGuard`).
public struct SyncClient: SyncTransport {
    public let server: URL
    let token: String
    public let timeout: TimeInterval

    public init(server: URL, token: String, timeout: TimeInterval) {
        self.server = server
        self.token = token
        self.timeout = timeout
    }

    public func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        var components = URLComponents(url: endpoint("v1/changes"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "since", value: String(cursor)), URLQueryItem(name: "limit", value: String(limit))]
        return try send(URLRequest(url: components.url!), expecting: ChangesResponse.self, goneIsNil: true)
    }

    public func push(_ operations: [PushOperation], since: Int64?) throws(SyncError) -> PushResponse {
        var request = URLRequest(url: endpoint("v1/push"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try WireJSON.encoder.encode(PushRequest(operations: operations, since: since))
        } catch {
            throw .badResponse("cannot encode the changes to send: \(error)")
        }
        guard let response = try send(request, expecting: PushResponse.self, goneIsNil: false) else {
            throw .badResponse("\(serverName) answered a push with HTTP 410")
        }
        return response
    }

    private func endpoint(_ path: String) -> URL {
        server.appendingPathComponent(path)
    }

    private var serverName: String { ServerAddress.displayName(server) }

    /// Sends `request` with the token; any error is redacted, as the server may echo the token.
    /// With `goneIsNil`, an answer 410 (Gone) is nil.
    private func send<Body: Decodable>(_ request: URLRequest, expecting: Body.Type, goneIsNil: Bool) throws(SyncError) -> Body? {
        do {
            return try exchange(request, expecting: Body.self, goneIsNil: goneIsNil)
        } catch {
            throw error.redacting(token)
        }
    }

    private func exchange<Body: Decodable>(_ request: URLRequest, expecting: Body.Type, goneIsNil: Bool) throws(SyncError) -> Body? {
        var request = request
        request.timeoutInterval = timeout
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try perform(request)
        if response.statusCode == 410, goneIsNil { return nil }
        guard (200..<300).contains(response.statusCode) else {
            let reason = (try? WireJSON.decoder.decode(ErrorResponse.self, from: data)).map { ": \($0.reason)" } ?? ""
            if response.statusCode == 401 || response.statusCode == 403 {
                throw .unauthorized("\(serverName) refused the token (HTTP \(response.statusCode)\(reason)); check TODO_TOKEN or 'todo config token'")
            }
            throw .badResponse("\(serverName) answered HTTP \(response.statusCode)\(reason)")
        }
        do {
            return try WireJSON.decoder.decode(Body.self, from: data)
        } catch {
            let what = data.isEmpty ? "an empty body" : "a body that is not the sync API's \(Body.self)"
            throw .badResponse("\(serverName) answered \(what) (\(data.count) bytes)")
        }
    }

    /// Runs one request to completion within `timeout` (a semaphore over URLSession's task).
    private func perform(_ request: URLRequest) throws(SyncError) -> (Data, HTTPURLResponse) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let redirects = RedirectGuard(server: server)
        let session = URLSession(configuration: configuration, delegate: redirects, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let box = ResponseBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data, response, error)
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            throw .unreachable("\(serverName) did not answer within \(Int(timeout)) s")
        }
        if let target = redirects.refused {
            throw .badResponse("\(serverName) redirected to \(target), another origin; not followed, so the token was not sent there (if the server has moved, run 'todo config server URL')")
        }
        let (data, response, error) = box.get()
        if let error {
            let code = (error as NSError).code
            if code == NSURLErrorTimedOut { throw .unreachable("\(serverName) did not answer within \(Int(timeout)) s") }
            throw .unreachable("cannot reach \(serverName): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw .badResponse("\(serverName) did not answer with HTTP")
        }
        return (data ?? Data(), http)
    }
}

private final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Data?, URLResponse?, Error?) = (nil, nil, nil)
    func set(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
        lock.lock()
        value = (data, response, error)
        lock.unlock()
    }
    func get() -> (Data?, URLResponse?, Error?) {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
