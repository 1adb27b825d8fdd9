import NIOCore
import Vapor

/// The proxies whose `X-Forwarded-For` names the client (TODO_SERVER_TRUSTED_PROXIES: their
/// addresses, comma-separated), kept in the application's storage.
struct TrustedProxies: Sendable {
    let addresses: Set<String>

    init(_ text: String?) {
        addresses = Set(
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    private struct Key: StorageKey { typealias Value = TrustedProxies }

    static func of(_ app: Application) -> TrustedProxies { app.storage[Key.self] ?? TrustedProxies(nil) }

    static func set(_ proxies: TrustedProxies, on app: Application) { app.storage[Key.self] = proxies }
}

extension Request {
    /// The address of the client: the peer's, or, when the peer is a trusted proxy, the last
    /// address its `X-Forwarded-For` adds (the one the proxy itself saw). "-" when unknown.
    var clientAddress: String {
        let peer = remoteAddress?.ipAddress ?? "-"
        guard TrustedProxies.of(application).addresses.contains(peer),
            let forwarded = headers[.xForwardedFor].last?.split(separator: ",").last
        else { return peer }
        let client = forwarded.trimmingCharacters(in: .whitespaces)
        return client.isEmpty ? peer : String(client.prefix(64))
    }
}
