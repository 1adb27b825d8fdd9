import NIOHTTP1
import Vapor

/// RFC 9112's rules for a request head, checked before any route runs: the request target's
/// form (§3.2), exactly one Host (§3.2), the authority of an absolute-form target over Host
/// (§3.2.2), no chunked framing on HTTP/1.0 (§6.1), no CONNECT. A head that passes comes out
/// in origin form with its one Host header.
enum RequestHeadRules {
    /// `head` as the app should see it, or why it is refused (and the connection closed).
    static func check(_ head: HTTPRequestHead) -> Result<HTTPRequestHead, Abort> {
        var head = head
        if head.method == .CONNECT {
            return .failure(Abort(.methodNotAllowed, reason: "CONNECT is not supported: this is not a proxy"))
        }
        if head.version == .http1_0, head.headers.contains(name: "transfer-encoding") {
            return .failure(Abort(.badRequest, reason: "HTTP/1.0 requests cannot use Transfer-Encoding"))
        }
        let hosts = head.headers["host"]
        if hosts.count > 1 {
            return .failure(Abort(.badRequest, reason: "more than one Host header"))
        }
        if hosts.isEmpty, head.version != .http1_0 {
            return .failure(Abort(.badRequest, reason: "an HTTP/1.1 request needs a Host header"))
        }
        if let host = hosts.first, !isAuthority(host) {
            return .failure(Abort(.badRequest, reason: "the Host header is not a host name and port"))
        }
        switch target(head.uri) {
        case .origin:
            break
        case .absolute(let authority, let origin):
            head.headers.replaceOrAdd(name: "host", value: authority)
            head.uri = origin
        case .invalid(let reason):
            return .failure(Abort(.badRequest, reason: reason))
        }
        if let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first,
            hasHiddenSegment(path)
        {
            return .failure(Abort(.notFound, reason: "no route for a path with an empty, . or .. segment"))
        }
        return .success(head)
    }

    enum Target: Equatable {
        /// `/path?query`.
        case origin
        /// `http://authority/path?query`: the authority, and the target in origin form.
        case absolute(authority: String, origin: String)
        case invalid(String)
    }

    /// The form of a request target. Only origin-form and absolute-form name a resource here.
    static func target(_ uri: String) -> Target {
        if uri.hasPrefix("/") { return .origin }
        let lower = uri.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else {
            return .invalid("the request target must be a path starting with /")
        }
        let rest = uri.dropFirst(scheme.count)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = String(rest[..<end])
        guard isAuthority(authority), !authority.isEmpty else {
            return .invalid("the request target's authority is not a host name and port")
        }
        var origin = String(rest[end...])
        if origin.hasPrefix("#") { origin = "" }
        if !origin.hasPrefix("/") { origin = "/" + origin }
        return .absolute(authority: authority, origin: origin)
    }

    /// A path with an empty segment (`//`), `.` or `..`: RFC 3986 gives these a meaning a
    /// router that skips empty segments would not, and a proxy that normalises them checked
    /// another path than the one it passes on.
    static func hasHiddenSegment(_ path: Substring) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return segments.enumerated().contains { index, segment in
            (segment.isEmpty && index < segments.count - 1) || dotSegments.contains(segment.lowercased())
        }
    }

    /// `.` and `..`, percent-encoded or not.
    private static let dotSegments: Set<String> = [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]

    /// A Host value or URI authority without userinfo: reg-name, IPv4 or [IPv6] and an
    /// optional port, in RFC 3986's characters.
    static func isAuthority(_ text: String) -> Bool {
        text.utf8.count <= 1024 && text.utf8.allSatisfy { authorityBytes.contains($0) }
    }

    /// Built once: every request's Host is checked against it.
    private static let authorityBytes = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;=:[]".utf8)
}
