#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Where the token may travel: `https://` anywhere, plain `http://` only to this machine.
public enum ServerAddress {
    /// Whether `host` (as `URL.host` gives it) is this machine: `localhost`, 127.0.0.0/8 or ::1.
    ///
    /// Only these exact forms count; any other name, even one that resolves to 127.0.0.1, is
    /// another machine as far as the token is concerned.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        return bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// Whether requests to `url` would carry the token unencrypted off this machine.
    public static func isPlainHTTPToAnotherMachine(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && !isLoopback(url.host ?? "")
    }

    /// The origin of `url` as `scheme://host:port`, with the default port written out, and no
    /// user, password, path or query: two URLs may share a token only if these are equal.
    public static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        guard let port = url.port ?? ["http": 80, "https": 443][scheme] else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }

    /// `url` as people see it in messages: without a user or password.
    public static func displayName(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.user = nil
        components?.password = nil
        return components?.string ?? "the server"
    }
}

extension SyncSettings {
    /// Whether this sync sends the token unencrypted, as the person allowed.
    public var sendsTokenInPlainText: Bool { ServerAddress.isPlainHTTPToAnotherMachine(server) }

    /// Refuses plain `http://` to another machine unless `insecureHTTP` allows it.
    func checkTransport() throws(SyncError) {
        if let refusal = Self.transportRefusal(server: server, insecureHTTP: insecureHTTP) { throw refusal }
    }

    /// Why syncing with `server` is refused, if it is plain `http://` to another machine that
    /// `insecureHTTP` does not allow: for sync, and for `todo config server` at once.
    public static func transportRefusal(server: URL, insecureHTTP: Bool) -> SyncError? {
        guard ServerAddress.isPlainHTTPToAnotherMachine(server), !insecureHTTP else { return nil }
        let origin = ServerAddress.origin(server) ?? "the server"
        return .notConfigured(
            """
            \(origin) is plain http:// to another machine: the token would travel unencrypted; use https://, or run \
            'todo config insecure-http true' to send it anyway
            """
        )
    }
}
