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
    public var maxBodyBytes: Int

    public init(storage: Storage, legacyUser: String? = nil, maxBodyBytes: Int = 8 << 20) {
        self.storage = storage
        self.legacyUser = legacyUser
        self.maxBodyBytes = maxBodyBytes
    }

    /// DATABASE_URL (PostgreSQL) if set, else the SQLite file TODO_SERVER_DB
    /// (default `todo-server.sqlite` in the working directory); TODO_LEGACY_USER.
    public static func fromEnvironment() -> ServerSettings {
        func env(_ name: String) -> String? {
            guard let value = Environment.get(name), !value.isEmpty else { return nil }
            return value
        }
        let storage: Storage =
            env("DATABASE_URL").map { .postgres(url: $0) }
            ?? .sqlite(path: env("TODO_SERVER_DB") ?? "todo-server.sqlite")
        return ServerSettings(storage: storage, legacyUser: env("TODO_LEGACY_USER"))
    }
}

/// The one wiring point: database, migrations, middleware, routes and commands.
public func configure(_ app: Application, settings: ServerSettings = .fromEnvironment()) async throws {
    switch settings.storage {
    case .sqlite(let path):
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
    case .postgres(let url):
        // Pushes of one user queue on that user's row lock, each holding a connection: allow a
        // few per event loop so other requests are not starved meanwhile.
        try app.databases.use(.postgres(url: url, maxConnectionsPerEventLoop: 4), as: .psql)
    }
    app.migrations.add(CreateSchema())
    try await app.autoMigrate()
    guard let datasetId = try await MetaModel.query(on: app.db).first()?.id else {
        throw Abort(.internalServerError, reason: "the database has no dataset id")
    }

    app.routes.defaultMaxBodySize = ByteCount(value: settings.maxBodyBytes)
    app.middleware = Middlewares()
    app.middleware.use(RequestLogMiddleware())
    app.middleware.use(DatasetHeaderMiddleware(datasetId: datasetId))
    app.middleware.use(APIErrorMiddleware())

    try app.register(collection: HealthController(datasetId: datasetId))
    let v1 = app.grouped("v1").grouped(BearerAuthMiddleware())
    try v1.register(collection: ChangesController(datasetId: datasetId))
    try v1.register(collection: PushController(datasetId: datasetId))
    if let legacyUser = settings.legacyUser {
        try app.register(collection: LegacyTodoController(userName: legacyUser))
    }

    app.asyncCommands.use(UserCommands(), as: "user")
    app.asyncCommands.use(TokenCommands(), as: "token")
    app.asyncCommands.use(
        GuardedServeCommand(serve: await app.servers.asyncCommand, legacyUser: settings.legacyUser),
        as: "serve", isDefault: true)
}
