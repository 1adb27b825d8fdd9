import NIOCore
import Vapor

/// Who may use the seed's legacy routes (TODO_LEGACY_AUTH).
public enum LegacyAccess: String, Sendable, CaseIterable {
    /// Only a request from a loopback peer that names a loopback host (the default): the
    /// book's curl commands on the server's own machine, and nothing a web page can reach
    /// by rebinding a name of its own to 127.0.0.1.
    case loopback
    /// A bearer token of the legacy user, from anywhere.
    case token
}

/// Lets a request reach the legacy routes only as `access` allows; refuses the rest with 403
/// (or 401 for a missing or wrong token) before anything is read or written.
struct LegacyGuardMiddleware: AsyncMiddleware {
    let access: LegacyAccess
    let userName: String

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        switch access {
        case .loopback:
            if let problem = Self.loopbackProblem(request) {
                throw Abort(
                    .forbidden,
                    reason: "the legacy routes answer only on loopback: " + problem
                        + "; set TODO_LEGACY_AUTH=token to use them with \(userName)'s token")
            }
            return try await next.respond(to: request)
        case .token:
            return try await BearerAuthMiddleware().respond(
                to: request,
                chainingTo: AsyncBasicResponder { request in
                    guard try request.authenticatedUser.name == userName else {
                        throw Abort(
                            .forbidden, reason: "the legacy routes act for \(userName); this token is another user's")
                    }
                    return try await next.respond(to: request)
                })
        }
    }

    /// Why `request` may not use loopback-only routes, or nil.
    static func loopbackProblem(_ request: Request) -> String? {
        loopbackProblem(
            peer: request.remoteAddress, host: request.headers.first(name: .host),
            forwarded: forwardingHeaders.contains { request.headers.contains(name: $0) })
    }

    /// Headers a proxy adds: a request that carries one was passed on by a proxy on this
    /// machine (its peer is loopback) for a client somewhere else.
    static let forwardingHeaders = ["X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Host"]

    /// Why a request from `peer` naming `host` may not use loopback-only routes, or nil.
    static func loopbackProblem(peer: SocketAddress?, host: String?, forwarded: Bool = false) -> String? {
        switch peer {
        case .unixDomainSocket: break
        case let address?:
            guard let ip = address.ipAddress, isLoopback(ip: ip) else { return "this request came from elsewhere" }
        case nil:
            return "this request came from an unknown peer"
        }
        if forwarded { return "this request was passed on by a proxy" }
        guard let host, isLoopback(name: hostName(host)) else {
            return "the Host header must name localhost, 127.0.0.1 or [::1]"
        }
        return nil
    }

    /// 127.0.0.0/8, ::1 and IPv4-mapped 127.x.
    static func isLoopback(ip: String) -> Bool {
        let ip = ip.lowercased()
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    /// A host name or address literal that can only mean this machine.
    static func isLoopback(name: String) -> Bool {
        let name = name.lowercased()
        if ["localhost", "localhost.", "::1"].contains(name) { return true }
        // A dotted quad in 127/8; not a DNS name such as 127.example.com.
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The host part of a Host header: without its port, and an IPv6 literal without brackets.
    static func hostName(_ header: String) -> String {
        let header = header.trimmingCharacters(in: .whitespaces)
        if header.hasPrefix("["), let close = header.firstIndex(of: "]") {
            return String(header[header.index(after: header.startIndex)..<close])
        }
        return String(header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
