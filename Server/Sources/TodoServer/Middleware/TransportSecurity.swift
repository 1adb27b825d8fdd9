import NIOCore
import Vapor

/// Whether a password sent with a request crossed a network unencrypted: the rule behind
/// refusing HTTP Basic over plain HTTP from other machines (`BasicAuthMiddleware`).
///
/// A request is safe when its connection is TLS (`serve --tls-cert`), when it comes from this
/// machine (a loopback peer or a Unix socket) with no sign of a proxy, or when a trusted proxy
/// (TODO_SERVER_TRUSTED_PROXIES) passes it on and says the client reached it over https
/// (`X-Forwarded-Proto: https`, every value of it). Anything else is not: a peer elsewhere
/// over plain HTTP (whatever `X-Forwarded-Proto` it claims), a trusted proxy that says http or
/// nothing, and a proxy on this machine that the setting does not name.
enum TransportSecurity {
    /// Set by `RequestBridge` on each request of a TLS connection.
    enum ArrivedOverTLS: StorageKey { typealias Value = Bool }

    /// Why `request` did not come over a safe path, or nil when it did.
    static func problem(_ request: Request) -> String? {
        if request.storage[ArrivedOverTLS.self] == true { return nil }
        let headers = request.headers
        let proto = headers["X-Forwarded-Proto"].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let forwarded =
            !proto.isEmpty || LegacyGuardMiddleware.forwardingHeaders.contains { headers.contains(name: $0) }
        let peer = request.remoteAddress
        if forwarded, let ip = peer?.ipAddress, TrustedProxies.of(request.application).addresses.contains(ip) {
            if !proto.isEmpty, proto.allSatisfy({ $0 == "https" }) { return nil }
            return proto.isEmpty
                ? "the proxy did not say the client reached it over https (X-Forwarded-Proto)"
                : """
                the client reached the proxy over plain HTTP \
                (X-Forwarded-Proto: \(proto.joined(separator: ", ").prefix(40)))
                """
        }
        switch peer {
        case .unixDomainSocket: break
        case let address?:
            guard let ip = address.ipAddress, LegacyGuardMiddleware.isLoopback(ip: ip) else {
                return "this request came over plain HTTP from another machine"
            }
        case nil:
            return "this request came over plain HTTP from an unknown peer"
        }
        return forwarded
            ? "a proxy that TODO_SERVER_TRUSTED_PROXIES does not name passed this request on over plain HTTP" : nil
    }
}

extension Request {
    /// Why a password on this request would have crossed a network unencrypted, or nil
    /// (`TransportSecurity`).
    var plainTextProblem: String? { TransportSecurity.problem(self) }
}
