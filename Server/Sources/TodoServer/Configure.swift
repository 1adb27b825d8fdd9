import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Where the data lives and which optional parts are on; read from the environment by default.
public struct ServerSettings: Sendable {
    public enum Storage: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)
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

    /// DATABASE_URL (PostgreSQL) if set, else the SQLite file TODO_SERVER_DB
    /// (default `todo-server.sqlite` in the working directory); TODO_LEGACY_USER and
    /// TODO_LEGACY_AUTH; the HTTP timeouts. Throws on a value it cannot read.
    public static func fromEnvironment() throws -> ServerSettings {
        func env(_ name: String) -> String? {
            guard let value = Environment.get(name), !value.isEmpty else { return nil }
            return value
        }
        let storage: Storage =
            env("DATABASE_URL").map { .postgres(url: $0) }
            ?? .sqlite(path: env("TODO_SERVER_DB") ?? "todo-server.sqlite")
        let access = env("TODO_LEGACY_AUTH") ?? LegacyAccess.loopback.rawValue
        guard let legacyAccess = LegacyAccess(rawValue: access) else {
            throw CommandFailure(
                "TODO_LEGACY_AUTH=\(access): expected "
                    + LegacyAccess.allCases.map(\.rawValue).joined(separator: " or "))
        }
        var settings = ServerSettings(
            storage: storage, legacyUser: env("TODO_LEGACY_USER"), legacyAccess: legacyAccess,
            http: try .fromEnvironment(env))
        settings.trustedProxies = TrustedProxies(env("TODO_SERVER_TRUSTED_PROXIES")).addresses.sorted()
        switch (env("TODO_SERVER_TLS_CERT"), env("TODO_SERVER_TLS_KEY")) {
        case (nil, nil): break
        case (let certificate?, let key?): settings.tls = ServerTLS.Files(certificate: certificate, key: key)
        default: throw CommandFailure("TODO_SERVER_TLS_CERT and TODO_SERVER_TLS_KEY go together: set both or neither")
        }
        if let quota = env("TODO_SERVER_QUOTA_MB") {
            guard let megabytes = Int64(quota), megabytes >= 0, megabytes < 1 << 40 else {
                throw CommandFailure("TODO_SERVER_QUOTA_MB=\(quota): expected a number of MiB (0 for no quota)")
            }
            settings.quotaBytes = megabytes == 0 ? nil : megabytes << 20
        }
        if let metrics = env("TODO_SERVER_METRICS") {
            guard let access = MetricsAccess(rawValue: metrics) else {
                throw CommandFailure(
                    "TODO_SERVER_METRICS=\(metrics): expected " + MetricsAccess.allCases.map(\.rawValue).joined(separator: " or "))
            }
            settings.metricsAccess = access
        }
        return settings
    }
}

/// The one wiring point: database, migrations, middleware, routes, the HTTP server and the
/// commands. It opens no database: the commands that need one (serve, user, token) open it
/// through `openDatabase`, so `--help` or `routes` leave no file behind.
public func configure(_ app: Application, settings: ServerSettings? = nil) async throws {
    let settings = try settings ?? .fromEnvironment()
    switch settings.storage {
    case .sqlite(let path):
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
    case .postgres(let url):
        // Pushes of one user queue on that user's row lock, each holding a connection: allow a
        // few per event loop so other requests are not starved meanwhile.
        try app.databases.use(.postgres(url: url, maxConnectionsPerEventLoop: 4), as: .psql)
    }
    app.migrations.add(schemaMigrations)

    app.storage[SettingsKey.self] = settings
    ServerMetrics.install(on: app)
    ServerTLS.install(on: app)
    AuthFailureLimiter.install(on: app)
    TrustedProxies.set(TrustedProxies(settings.trustedProxies.joined(separator: ",")), on: app)
    app.routes.defaultMaxBodySize = ByteCount(value: settings.maxBodyBytes)
    app.middleware = Middlewares()
    app.middleware.use(RequestLogMiddleware())
    app.middleware.use(DatasetHeaderMiddleware())
    app.middleware.use(APIErrorMiddleware())
    app.middleware.use(HTTPRefusalMiddleware())

    try app.register(collection: HealthController())
    try app.register(collection: MetricsController(access: settings.metricsAccess))
    let v1 = app.grouped("v1").grouped(BearerAuthMiddleware(), ReadBody())
    try v1.register(collection: ChangesController())
    try v1.register(collection: PushController())
    if let legacyUser = settings.legacyUser {
        try app.grouped(LegacyGuardMiddleware(access: settings.legacyAccess, userName: legacyUser), ReadBody())
            .register(collection: LegacyTodoController(userName: legacyUser))
    }
    // One instance: `app.server` calls this on every use, and shutdown must reach the server
    // that was started.
    let server = TodoHTTPServer(application: app, limits: settings.http, maxBodyBytes: settings.maxBodyBytes)
    app.servers.use { _ in server }

    // Our own `migrate` takes a lock; Fluent's (and its `--revert`, which drops the data) is
    // replaced.
    app.asyncCommands.use(MigrateCommand(settings: settings), as: "migrate")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(UsingDatabase(PruneCommand()), as: "prune")
    app.asyncCommands.use(UsingDatabase(UserCommands()), as: "user")
    app.asyncCommands.use(UsingDatabase(TokenCommands()), as: "token")
    app.asyncCommands.use(
        UsingDatabase(
            GuardedServeCommand(
                serve: await app.servers.asyncCommand, legacyUser: settings.legacyUser,
                legacyAccess: settings.legacyAccess, tlsFromEnvironment: settings.tls)),
        as: "serve", isDefault: true)
}
