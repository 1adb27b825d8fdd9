import Fluent
import Vapor

/// The one wiring point: database, migrations, middleware, routes (`routes(_:settings:)`), the
/// HTTP server and the commands; the tests configure their applications with it too. It opens
/// no database: the commands that need one (serve, user, token) open it through
/// `openDatabase`, so `--help` or `routes` leave no file behind.
public func configure(_ app: Application, settings: ServerSettings? = nil) async throws {
    let settings = try settings ?? .fromEnvironment()
    let (database, id) = try settings.storage.configuration()
    app.databases.use(database, as: id)

    app.storage[SettingsKey.self] = settings
    ServerClock.install(on: app)
    app.migrations.add(schemaMigrations(clock: app.serverClock))
    ServerMetrics.install(on: app)
    ServerTLS.install(on: app)
    AuthFailureLimiter.install(on: app)
    ServedTextCache.install(on: app)
    ListingCache.install(on: app)
    WriterQueue.install(on: app, path: settings.storage.sqlitePath)
    TrustedProxies.set(TrustedProxies(settings.trustedProxies.joined(separator: ",")), on: app)
    AnswerBuilds.set(AnswerBuilds(limit: settings.http.maxAnswerMemory), on: app)
    app.routes.defaultMaxBodySize = ByteCount(value: settings.maxBodyBytes)
    app.middleware = Middlewares()
    app.middleware.use(RequestLogMiddleware())
    app.middleware.use(DatasetHeaderMiddleware())
    app.middleware.use(APIErrorMiddleware())
    app.middleware.use(HTTPRefusalMiddleware())

    try routes(app, settings: settings)

    // One instance: `app.server` calls this on every use, and shutdown must reach the server
    // that was started.
    let server = TodoHTTPServer(application: app, limits: settings.http, maxBodyBytes: settings.maxBodyBytes)
    app.servers.use { _ in server }

    // Our own `migrate` takes a lock; Fluent's (and its `--revert`, which drops the data) is
    // replaced.
    app.asyncCommands.use(MigrateCommand(settings: settings), as: "migrate")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(CopyDatabaseCommand(settings: settings), as: "copy-database")
    app.asyncCommands.use(UsingDatabase(PruneCommand()), as: "prune")
    app.asyncCommands.use(UsingDatabase(UserCommands()), as: "user")
    app.asyncCommands.use(UsingDatabase(TokenCommands()), as: "token")
    app.asyncCommands.use(UsingDatabase(TaskChampionCommands()), as: "taskchampion")
    app.asyncCommands.use(
        UsingDatabase(
            GuardedServeCommand(
                serve: await app.servers.asyncCommand, legacyUser: settings.legacyUser,
                legacyAccess: settings.legacyAccess, tlsFromEnvironment: settings.tls)),
        as: "serve", isDefault: true)
}
