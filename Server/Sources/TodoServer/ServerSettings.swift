import Vapor

/// Where the data lives and which optional parts are on; read from the environment by default.
public struct ServerSettings: Sendable {
    public enum Storage: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)

        /// The SQLite database file, nil on PostgreSQL.
        var sqlitePath: String? {
            guard case .sqlite(let path) = self else { return nil }
            return path
        }
    }

    public var storage: Storage
    /// TODO_LEGACY_USER: the user the seed's legacy API acts for; nil keeps that API off.
    public var legacyUser: String?
    /// TODO_LEGACY_AUTH: who may use that API (loopback only, by default).
    public var legacyAccess: LegacyAccess
    public var maxBodyBytes: Int
    /// Header size and connection timeouts (TODO_SERVER_IDLE_TIMEOUT, TODO_SERVER_HEADER_TIMEOUT).
    public var http: HTTPLimits
    /// TODO_SERVER_TRUSTED_PROXIES: addresses of reverse proxies whose X-Forwarded-For names
    /// the client (in logs and for the rate limit on failed authentication).
    public var trustedProxies: [String] = []
    /// TODO_SERVER_QUOTA_MB: the most each user's todos may take, in bytes (`UserModel.storedBytes`);
    /// nil for no limit. Default 256 MiB.
    public var quotaBytes: Int64? = 256 << 20
    /// TODO_SERVER_METRICS: who may read /metrics.
    public var metricsAccess: MetricsAccess = .loopback
    /// TODO_SERVER_TLS_CERT and TODO_SERVER_TLS_KEY: serve HTTPS (`serve --tls-cert/--tls-key`).
    var tls: ServerTLS.Files?

    public init(
        storage: Storage, legacyUser: String? = nil, legacyAccess: LegacyAccess = .loopback,
        maxBodyBytes: Int = 8 << 20, http: HTTPLimits = HTTPLimits()
    ) {
        self.storage = storage
        self.legacyUser = legacyUser
        self.legacyAccess = legacyAccess
        self.maxBodyBytes = maxBodyBytes
        self.http = http
    }
}

extension ServerSettings {
    /// DATABASE_URL (PostgreSQL) if set, else the SQLite file TODO_SERVER_DB
    /// (default `todo-server.sqlite` in the working directory), and every other variable in
    /// README.md's table. Throws on a value it cannot read.
    public static func fromEnvironment() throws -> ServerSettings {
        try from { name in
            guard let value = Environment.get(name), !value.isEmpty else { return nil }
            return value
        }
    }

    /// The settings `env` gives (a variable's value, nil when unset or empty).
    static func from(_ env: (String) -> String?) throws -> ServerSettings {
        let storage: Storage =
            env("DATABASE_URL").map { .postgres(url: $0) }
            ?? .sqlite(path: env("TODO_SERVER_DB") ?? "todo-server.sqlite")
        var settings = ServerSettings(
            storage: storage, legacyUser: env("TODO_LEGACY_USER"),
            legacyAccess: try choice("TODO_LEGACY_AUTH", env) ?? .loopback, http: try .fromEnvironment(env))
        settings.trustedProxies = TrustedProxies(env("TODO_SERVER_TRUSTED_PROXIES")).addresses.sorted()
        settings.tls = try tlsFiles(env)
        if let quota = env("TODO_SERVER_QUOTA_MB") { settings.quotaBytes = try quotaBytes(quota) }
        settings.metricsAccess = try choice("TODO_SERVER_METRICS", env) ?? .loopback
        return settings
    }

    /// One of `Choice`'s values by name, nil when `name` is unset.
    private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ name: String, _ env: (String) -> String?
    ) throws -> Choice? {
        guard let text = env(name) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw CommandFailure(
                "\(name)=\(text): expected " + Choice.allCases.map(\.rawValue).joined(separator: " or "))
        }
        return value
    }

    private static func tlsFiles(_ env: (String) -> String?) throws -> ServerTLS.Files? {
        switch (env("TODO_SERVER_TLS_CERT"), env("TODO_SERVER_TLS_KEY")) {
        case (nil, nil): return nil
        case (let certificate?, let key?): return ServerTLS.Files(certificate: certificate, key: key)
        default: throw CommandFailure("TODO_SERVER_TLS_CERT and TODO_SERVER_TLS_KEY go together: set both or neither")
        }
    }

    /// TODO_SERVER_QUOTA_MB's MiB in bytes; 0 is no quota (nil).
    private static func quotaBytes(_ text: String) throws -> Int64? {
        guard let megabytes = Int64(text), megabytes >= 0, megabytes < 1 << 40 else {
            throw CommandFailure("TODO_SERVER_QUOTA_MB=\(text): expected a number of MiB (0 for no quota)")
        }
        return megabytes == 0 ? nil : megabytes << 20
    }
}
