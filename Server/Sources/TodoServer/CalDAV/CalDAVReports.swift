import Fluent
import Vapor

/// REPORT on a user's task list: calendar-multiget, calendar-query and sync-collection
/// (RFC 4791 §7.8–7.9, RFC 6578). The sync-token is a revision of the user's change feed, so
/// a sync-collection reads the feed: changed todos, and removed ones as 404 responses.
struct CalDAVReports {
    /// The most members a sync-collection answers at once; a client's DAV:limit may ask fewer.
    static let maxSyncMembers = 1000

    func report(request: Request) async throws -> Response {
        let user = try request.authenticatedUser
        try CalDAVController.requireOwn(request, user)
        guard request.parameters.get("list") == CalDAVController.listName else {
            throw Abort(.notFound, reason: "no such collection")
        }
        let asked = try ReportRequest.read(request.bodyData)
        return try await AnswerBuilds.of(request.application).making(AnswerBuilds.estimate(user)) {
            try await report(asked, request, user)
        }
    }

    private func report(_ asked: ReportRequest, _ request: Request, _ user: AuthenticatedUser) async throws -> Response
    {
        switch asked {
        case .multiget(let properties, let hrefs): return try await multiget(request, user, properties, hrefs)
        case .query(let properties, let filter): return try await query(request, user, properties, filter)
        case .syncCollection(let token, let properties, let limit):
            return try await sync(request, user, properties, token, limit)
        case .unsupported(let name):
            return DAVProperties.precondition(
                .forbidden, .dav("supported-report"),
                "the REPORT \(name) is not supported (calendar-multiget, calendar-query and sync-collection are)")
        }
    }

    /// The todos of `hrefs`, each once, from the user's listing (`ListingCache`); an href naming
    /// none is 404.
    private func multiget(_ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ hrefs: [String])
        async throws -> Response
    {
        let revs = try await UserRevs.of(user, on: request.reads)
        let listing = try await ListingCache.of(request.application).listing(
            request.reads, user: user, rev: revs.lastRev)
        let list = CalDAVController.list(user.name)
        // Each todo answered once, however its href is spelled: a body naming one todo 20,000
        // times would otherwise ask for an answer 30 times its size, held while a client reads
        // it slowly.
        var seen = Set<String>()
        var answers: [MemberAnswer] = []
        for href in hrefs {
            let member = CalDAVController.name(inHref: href, list: list).flatMap(listing.member(named:))
            guard seen.insert(member.map { $0.uuid.uuidString } ?? href).inserted else { continue }
            answers.append(MemberAnswer(href: MultistatusWriter.escaped(href), member: member))
        }
        var writer = MultistatusWriter()
        try await CalDAVMembers.write(
            answers, asked: .properties(properties), user: user, request: request, to: &writer)
        return DAVProperties.multistatus(writer.finish())
    }

    private func query(
        _ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ filter: CalendarFilter?
    ) async throws -> Response {
        if let unsupported = filter?.unsupported {
            return DAVProperties.precondition(
                .forbidden, .caldav("supported-filter"), "this server cannot apply \(unsupported)")
        }
        var window: CalDAVQuery.Window?
        if let range = filter?.timeRange {
            guard let read = CalDAVQuery.Window(range, at: request.now) else {
                throw Abort(.badRequest, reason: "a time-range's start and end are UTC date-times (20261201T000000Z)")
            }
            window = read
        }
        var records = try await RecordRows.readLive(request.reads, userID: user.id)
        if let filter {
            let texts =
                CalDAVQuery.needsText(filter)
                ? try await CalDAVObjects.read(request.reads, userID: user.id, uuids: Set(records.map(\.uuid))) : [:]
            let served = ServedText(request, user: user)
            records = try records.filter { record in
                try CalDAVQuery.matches(filter, window: window, record: record) {
                    try served.text(record, texts[record.uuid])
                }
            }
        }
        let hrefs = Hrefs(user: user.name, names: try await CalDAVObjects.names(request.reads, userID: user.id))
        let objects = try await DAVProperties.texts(
            for: records, asked: .properties(properties), user: user, on: request.reads)
        var writer = MultistatusWriter()
        let served = ServedText(request, user: user)
        for record in records {
            let found = try DAVProperties.member(
                record, object: objects[record.uuid], asked: .properties(properties), served: served)
            DAVProperties.write(found, href: hrefs.href(of: record.uuid), asked: .properties(properties), to: &writer)
        }
        return DAVProperties.multistatus(writer.finish())
    }

    /// The todos changed since the token: one query of the records joined with their kept
    /// objects' names.
    private func sync(
        _ request: Request, _ user: AuthenticatedUser, _ properties: [DAVName], _ token: String, _ limit: Int?
    ) async throws -> Response {
        let revs = try await UserRevs.of(user, on: request.reads)
        guard let since = DAVProperties.revision(ofSyncToken: token), since <= revs.lastRev,
            since == 0 || since >= revs.prunedRev
        else {
            // Unknown, or older than the pruning horizon: the client must start over (RFC 6578 §3.2).
            return DAVProperties.precondition(
                .forbidden, .dav("valid-sync-token"), "the sync-token is unknown or too old: sync from the start")
        }
        let most = min(limit ?? Self.maxSyncMembers, Self.maxSyncMembers)
        // At the latest revision nothing can have changed: no query (the poll of a synced client).
        let changed =
            since == revs.lastRev
            ? []
            : try await ListingRows.read(
                request.reads, userID: user.id, condition: "t.rev > $2 ORDER BY t.rev LIMIT $3",
                [.integer(since), .integer(Int64(most + 1))])
        let list = CalDAVController.list(user.name)
        let takenOver =
            since > 0
            ? try await Hrefs.takenOver(changed.prefix(most).filter { !$0.deleted }, request.reads, userID: user.id)
            : []
        let held = takenOver.isEmpty ? [] : Set(try await CalDAVObjects.names(request.reads, userID: user.id).values)
        var answers: [MemberAnswer] = []
        // A first sync has nothing to forget; a later one names the removed under 404.
        for row in changed.prefix(most) where !row.deleted || since > 0 {
            let member = row.member(list: list)
            answers.append(MemberAnswer(href: member.href, member: row.deleted ? nil : member))
            // A todo an app's name took over: the client's copy under the server's name goes.
            if takenOver.contains(row.uuid), let gone = Hrefs.serverHrefGone(of: row.uuid, list: list, held: held) {
                answers.append(MemberAnswer(href: MultistatusWriter.escaped(gone), member: nil))
            }
        }
        var writer = MultistatusWriter()
        try await CalDAVMembers.write(
            answers, asked: .properties(properties), user: user, request: request, to: &writer)
        if changed.count > most {
            // RFC 6578 §3.6: the list is cut; the token given continues it.
            writer.response(href: list, status: "507 Insufficient Storage")
        }
        let reached = changed.prefix(most).last?.rev ?? since
        return DAVProperties.multistatus(writer.finish(syncToken: DAVProperties.syncToken(reached)))
    }
}
