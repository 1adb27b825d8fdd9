import Fluent
import Vapor

/// REPORT on a user's task list: calendar-multiget, calendar-query and sync-collection
/// (RFC 4791 §7.8–7.9, RFC 6578). The sync-token is a revision of the user's change feed, so
/// a sync-collection reads the feed: changed todos, and removed ones as 404 responses.
struct CalDAVReports: RouteCollection {
    /// The most members a sync-collection answers at once; a client's DAV:limit may ask fewer.
    static let maxSyncMembers = 1000

    func boot(routes: any RoutesBuilder) throws {
        let dav = routes.grouped("dav").grouped(BasicAuthMiddleware(), ReadBody())
        dav.on(.REPORT, ":user", ":list", use: report)
    }

    func report(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        try CalDAVController.requireOwn(request, user)
        guard request.parameters.get("list") == CalDAVController.listName else { throw Abort(.notFound, reason: "no such collection") }
        switch try ReportRequest.read(request.bodyData) {
        case .multiget(let properties, let hrefs): return try await multiget(request, user, properties, hrefs)
        case .query(let properties, let filter): return try await query(request, user, properties, filter)
        case .syncCollection(let token, let properties, let limit): return try await sync(request, user, properties, token, limit)
        case .unsupported(let name):
            return DAVProperties.precondition(.forbidden, .dav("supported-report"), "the REPORT \(name) is not supported (calendar-multiget, calendar-query and sync-collection are)")
        }
    }

    private func multiget(_ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ hrefs: [String]) async throws -> Response {
        let names = try await CalDAVObjects.names(request.reads, userID: user.id)
        let byName = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = hrefs.map { href in
            (href, CalDAVController.name(inHref: href, user: user.name).flatMap { byName[$0] ?? CalDAVResources.uuid(ofName: $0) })
        }
        let found = try await RecordRows.read(request.reads, userID: user.id, uuids: Set(wanted.compactMap(\.1)))
        let records = Dictionary(found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let objects = try await DAVProperties.texts(for: found, asked: .properties(properties), user: user, on: request.reads)
        var writer = MultistatusWriter()
        let served = ServedText(request, user: user)
        for (href, uuid) in wanted {
            if let record = uuid.flatMap({ records[$0] }), !record.deleted {
                let found = try DAVProperties.member(record, object: objects[record.uuid], asked: .properties(properties), served: served)
                DAVProperties.write(found, href: href, asked: .properties(properties), to: &writer)
            } else {
                writer.response(href: href, status: "404 Not Found")
            }
        }
        return DAVProperties.multistatus(writer.finished())
    }

    private func query(_ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ filter: CalendarFilter?) async throws -> Response {
        if let unsupported = filter?.unsupported {
            return DAVProperties.precondition(.forbidden, .caldav("supported-filter"), "this server cannot apply \(unsupported)")
        }
        var window: CalDAVQuery.Window?
        if let range = filter?.timeRange {
            guard let read = CalDAVQuery.Window(range) else { throw Abort(.badRequest, reason: "a time-range's start and end are UTC date-times (20261201T000000Z)") }
            window = read
        }
        var records = try await RecordRows.readLive(request.reads, userID: user.id)
        if let filter {
            let texts = CalDAVQuery.needsText(filter) ? try await CalDAVObjects.read(request.reads, userID: user.id, uuids: Set(records.map(\.uuid))) : [:]
            let served = ServedText(request, user: user)
            records = try records.filter { record in
                try CalDAVQuery.matches(filter, window: window, record: record) { try served.text(record, texts[record.uuid]) }
            }
        }
        let hrefs = Hrefs(user: user.name, names: try await CalDAVObjects.names(request.reads, userID: user.id))
        let objects = try await DAVProperties.texts(for: records, asked: .properties(properties), user: user, on: request.reads)
        var writer = MultistatusWriter()
        let served = ServedText(request, user: user)
        for record in records {
            let found = try DAVProperties.member(record, object: objects[record.uuid], asked: .properties(properties), served: served)
            DAVProperties.write(found, href: hrefs.href(of: record.uuid), asked: .properties(properties), to: &writer)
        }
        return DAVProperties.multistatus(writer.finished())
    }

    private func sync(
        _ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ token: String, _ limit: Int?
    ) async throws -> Response {
        guard let model = try await UserModel.find(user.id, on: request.db) else { throw Abort(.unauthorized, reason: "unknown user") }
        guard let since = DAVProperties.revision(ofSyncToken: token), since <= model.lastRev, since == 0 || since >= model.prunedRev else {
            // Unknown, or older than the pruning horizon: the client must start over (RFC 6578 §3.2).
            return DAVProperties.precondition(.forbidden, .dav("valid-sync-token"), "the sync-token is unknown or too old: sync from the start")
        }
        let most = min(limit ?? Self.maxSyncMembers, Self.maxSyncMembers)
        let changed = try await RecordRows.readChanged(request.reads, userID: user.id, after: since, limit: most + 1)
        let hrefs = Hrefs(user: user.name, names: try await CalDAVObjects.names(request.reads, userID: user.id))
        let live = changed.prefix(most).filter { !$0.deleted }.map(\.uuid)
        let takenOver = since > 0 ? try await hrefs.takenOver(live, request.reads, userID: user.id) : []
        let held = takenOver.isEmpty ? [] : Set(hrefs.names.values)
        let objects = try await DAVProperties.texts(for: Array(changed.prefix(most)), asked: .properties(properties), user: user, on: request.reads)
        var writer = MultistatusWriter()
        let served = ServedText(request, user: user)
        var reached = since
        for record in changed.prefix(most) {
            reached = record.rev
            let href = hrefs.href(of: record.uuid)
            if record.deleted {
                // A first sync has nothing to forget.
                if since > 0 { writer.response(href: href, status: "404 Not Found") }
            } else {
                let found = try DAVProperties.member(record, object: objects[record.uuid], asked: .properties(properties), served: served)
                DAVProperties.write(found, href: href, asked: .properties(properties), to: &writer)
                // A todo an app's name took over: the client's copy under the server's name goes.
                if takenOver.contains(record.uuid), let renamed = hrefs.serverHrefGone(of: record.uuid, held: held) {
                    writer.response(href: renamed, status: "404 Not Found")
                }
            }
        }
        if changed.count > most {
            // RFC 6578 §3.6: the list is cut; the token given continues it.
            writer.response(href: CalDAVController.list(user.name), status: "507 Insufficient Storage")
        }
        return DAVProperties.multistatus(writer.finished(syncToken: DAVProperties.syncToken(reached)))
    }
}
