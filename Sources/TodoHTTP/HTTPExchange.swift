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
            throw .notConfigured("the CA file \(file) (ca-file, TODO_CA_FILE) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return TrustAnchors(extraPEM: data, file: file)
    }

    /// What to say when the server's certificate cannot be verified with these anchors.
    func advice() -> String {
        if let file { return "not even with the CA certificates of \(file) (ca-file)" }
        return "if it has a certificate of its own (self-signed, or your own CA), run 'todo config ca-file PATH' with its CA certificate in PEM"
    }
}
