import Vapor

/// Every route, listed here and nowhere else (method, path, handler), with the middleware of
/// its group: health and metrics, the v1 sync API behind bearer authentication, Taskwarrior
/// 3's sync (`TaskChampionController`) behind registered client ids, the CalDAV face behind
/// Basic authentication, and the seed book's API when `settings.legacyUser` turns it on. The
/// controllers hold only the handlers.
/// `ReadBody` ends each group that takes a body: the body is read only once the checks
/// before it have passed (`BodyGate`).
func routes(_ app: Application, settings: ServerSettings) throws {
    let health = HealthController()
    app.get("health", use: health.health)
    app.get("ready", use: health.ready)
    app.get("metrics", use: MetricsController(access: settings.metricsAccess).metrics)

    let v1 = app.grouped("v1").grouped(BearerAuthMiddleware(), ReadBody())
    v1.get("changes", use: ChangesController().changes)
    v1.post("push", use: PushController().push)

    // Taskwarrior 3's sync, at the root as taskchampion-sync-server serves it: the client id
    // authenticates; each route reads its body itself, after checking its Content-Type.
    let taskChampion = TaskChampionController()
    let client = app.grouped(TaskChampionAuthMiddleware()).grouped(
        TaskChampionController.path.map { PathComponent(stringLiteral: $0) })
    client.post("add-version", ":parent", use: taskChampion.addVersion)
    client.get("get-child-version", ":parent", use: taskChampion.childVersion)
    client.post("add-snapshot", ":version", use: taskChampion.addSnapshot)
    client.get("snapshot", use: taskChampion.snapshot)

    // CalDAV: discovery and OPTIONS need no credentials (apps ask before they have any).
    app.on(.GET, ".well-known", "caldav", use: CalDAVController.wellKnown)
    app.on(.PROPFIND, ".well-known", "caldav", use: CalDAVController.wellKnown)
    app.on(.OPTIONS, "dav", "**", body: .collect(maxSize: 0), use: CalDAVController.options)
    app.on(.OPTIONS, "dav", body: .collect(maxSize: 0), use: CalDAVController.options)
    let dav = app.grouped("dav").grouped(BasicAuthMiddleware(), ReadBody())
    let listing = CalDAVController()
    dav.on(.PROPFIND, use: listing.propfindRoot)
    dav.on(.PROPFIND, ":user", use: listing.propfindPrincipal)
    dav.on(.PROPFIND, ":user", ":list", use: listing.propfindList)
    dav.on(.REPORT, ":user", ":list", use: CalDAVReports().report)
    let resources = CalDAVResources()
    dav.get(":user", ":list", ":name", use: resources.get)
    dav.put(":user", ":list", ":name", use: resources.put)
    dav.delete(":user", ":list", ":name", use: resources.delete)

    if let legacyUser = settings.legacyUser {
        let legacy = LegacyTodoController(userName: legacyUser)
        let book = app.grouped(LegacyGuardMiddleware(access: settings.legacyAccess, userName: legacyUser), ReadBody())
        book.post("postTodo", use: legacy.postTodo)
        book.get("todos", use: legacy.todos)
        book.get("todo", use: legacy.todo)
        book.delete("deleteTodo", use: legacy.deleteTodo)
        book.delete("deleteAll", use: legacy.deleteAll)
        book.post("updateTodo", use: legacy.updateTodo)
    }
}
