import Foundation
import TodoSync

/// One HTTP request as todo-sync sends it, and the answer: a single exchange, no redirect
/// followed (`SyncClient` decides which to follow).
struct HTTPRequest: Sendable {
    var url: URL
    var method = "GET"
    var headers: [(name: String, value: String)] = []
    var body: Data?
}

struct HTTPAnswer: Sendable {
    var status: Int
    var body: Data
    /// Where a redirect (3xx) points, resolved against the request's URL.
    var location: URL?
    /// The answer's header fields by lower-case name (the last of each), for the protocols
    /// that answer in them (TaskChampion's version ids).
    var headers: [String: String] = [:]
}

/// What todo-sync trusts of a server's certificate: the system's CAs, and the CA certificates
/// (PEM) of the file `todo config ca-file` names, for a server with a certificate of its own.
struct TrustAnchors: Sendable {
    /// The PEM text of the extra CA certificates, if any.
    let extraPEM: Data?
    /// Where they came from, for messages.
    let file: String?

    static let system = TrustAnchors(extraPEM: nil, file: nil)

    /// The certificates of `file`; refused, naming the setting, when it cannot be read or holds
    /// no PEM certificate.
    static func from(file: String?) throws(SyncError) -> TrustAnchors {
        guard let file else { return .system }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .notConfigured("cannot read the CA file \(file) (ca-file, TODO_CA_FILE)")
        }
        guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw .notConfigured(
                "the CA file \(file) (ca-file, TODO_CA_FILE) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return TrustAnchors(extraPEM: data, file: file)
    }

    /// What to say when the server's certificate cannot be verified with these anchors.
    func advice() -> String {
        if let file { return "not even with the CA certificates of \(file) (ca-file)" }
        return
            """
            if it has a certificate of its own (self-signed, or your own CA), run 'todo config ca-file PATH' with its \
            CA certificate in PEM
            """
    }
}

/// Redirects, followed only within the server's origin.
enum HTTPRedirects {
    /// Sends `request`, following redirects within the server's origin (at most 10, as
    /// URLSession would: 303, and 301/302 after a POST, go on as a GET), each exchange bounded
    /// by `timeout`. A redirect to any other origin is refused, so the token is not sent there.
    static func follow(_ request: HTTPRequest, server: URL, timeout: TimeInterval, trust: TrustAnchors)
        throws(SyncError) -> HTTPAnswer
    {
        let serverName = ServerAddress.displayName(server)
        var request = request
        for _ in 0...10 {
            #if os(Linux)
                let answer = try CurlTransfer.send(request, timeout: timeout, trust: trust)
            #else
                let answer = try SessionTransfer.send(request, timeout: timeout, trust: trust)
            #endif
            guard [301, 302, 303, 307, 308].contains(answer.status), let target = answer.location else { return answer }
            guard let origin = ServerAddress.origin(target), origin == ServerAddress.origin(server) else {
                let refused = ServerAddress.origin(target) ?? "an address that is not a URL"
                throw .badResponse(
                    """
                    \(serverName) redirected to \(refused), another origin; not followed, so the token was not sent \
                    there (if the server has moved, run 'todo config server URL')
                    """
                )
            }
            if answer.status == 303 || (request.method == "POST" && [301, 302].contains(answer.status)) {
                (request.method, request.body) = ("GET", nil)
                request.headers.removeAll { $0.name == "Content-Type" }
            }
            request.url = target
        }
        throw .badResponse("\(serverName) redirected more than 10 times")
    }
}
