import Vapor

/// Every route, with the middleware of its group: health and metrics, the v1 sync API behind
/// bearer authentication, Taskwarrior 3's sync (`TaskChampionController`) behind registered
/// client ids, the CalDAV face behind Basic authentication, and the seed book's API when
/// `settings.legacyUser` turns it on.
/// `ReadBody` ends each group that takes a body: the body is read only once the checks
/// before it have passed (`BodyGate`).
func routes(_ app: Application, settings: ServerSettings) throws {
    try app.register(collection: HealthController())
    try app.register(collection: MetricsController(access: settings.metricsAccess))
    let v1 = app.grouped("v1").grouped(BearerAuthMiddleware(), ReadBody())
    try v1.register(collection: ChangesController())
    try v1.register(collection: PushController())
    // Taskwarrior 3's sync, at the root as taskchampion-sync-server serves it: the client id
    // authenticates; each route reads its body itself, after checking its Content-Type.
    try app.grouped(TaskChampionAuthMiddleware()).register(collection: TaskChampionController())
    // CalDAV: discovery and OPTIONS need no credentials (apps ask before they have any).
    app.on(.GET, ".well-known", "caldav", use: CalDAVController.wellKnown)
    app.on(.PROPFIND, ".well-known", "caldav", use: CalDAVController.wellKnown)
    app.on(.OPTIONS, "dav", "**", body: .collect(maxSize: 0), use: CalDAVController.options)
    app.on(.OPTIONS, "dav", body: .collect(maxSize: 0), use: CalDAVController.options)
    let dav = app.grouped("dav").grouped(BasicAuthMiddleware(), ReadBody())
    try dav.register(collection: CalDAVController())
    try dav.register(collection: CalDAVReports())
    try dav.register(collection: CalDAVResources())
    if let legacyUser = settings.legacyUser {
        try app.grouped(LegacyGuardMiddleware(access: settings.legacyAccess, userName: legacyUser), ReadBody())
            .register(collection: LegacyTodoController(userName: legacyUser))
    }
}
