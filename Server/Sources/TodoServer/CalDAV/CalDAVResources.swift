import Fluent
import Foundation
import TodoCore
import TodoICal
import TodoICalMapping
import TodoWire
import Vapor

/// GET, PUT and DELETE of one todo of a user's task list (RFC 4791 §5.3, RFC 4918 §9), with
/// strong ETags (the record's revision). What a client PUTs is kept as sent
/// (`CalDAVObjects`); what is served is that text with todo's fields patched in
/// (`VTodoMapping.patch`), or a fresh VTODO for a todo no client wrote. Every change goes
/// through the one write path (`withUserWrite`).
struct CalDAVResources {
    static let productID = "-//todo//todo-server CalDAV//EN"

    /// iCalendar's dates on the server, at `now`: UTC (floating times are read as UTC).
    static func clock(at now: Date) -> ICalClock { ICalClock(context: DateContext(now: now, timeZone: .utc)) }

    /// The same for writing and comparing a todo's own dates, which reads no time (only reading
    /// an app's text does: a VTODO without CREATED or DTSTAMP was created `now`).
    static let dates = clock(at: Date(timeIntervalSince1970: 0))

    func get(request: Request) async throws -> Response {
        let (user, name) = try Self.target(request)
        guard let uuid = try await Self.uuid(named: name, user: user, on: request.reads),
            let record = try await RecordRows.read(request.reads, userID: user.id, uuids: [uuid]).first, !record.deleted
        else { throw Abort(.notFound, reason: "no such todo") }
        let object = try await CalDAVObjects.read(request.reads, userID: user.id, uuid: uuid)
        let text = try ServedText(request, user: user).text(record, object)
        return Response(
            status: .ok,
            headers: ["Content-Type": "text/calendar; charset=utf-8", "ETag": DAVProperties.etag(record.rev)],
            body: .init(string: text))
    }

    func put(request: Request) async throws -> Response {
        let (user, name) = try Self.target(request)
        guard name.hasSuffix(".ics"), name.count > 4 else {
            throw Abort(.forbidden, reason: "a todo's resource name ends in .ics")
        }
        // One instant for the whole PUT: the reading of the app's text and the write.
        let now = request.now
        let body = request.bodyData
        let vtodo: ICalComponent
        let overrides: [DueDate]
        do {
            (vtodo, overrides) = try Self.vtodo(in: body)
        } catch {
            return DAVProperties.precondition(error.status, error.name, error.reason)
        }
        let reading: VTodoMapping.Reading
        do {
            reading = try VTodoMapping.read(vtodo, clock: Self.clock(at: now))
        } catch {
            return DAVProperties.precondition(.forbidden, .caldav("valid-calendar-data"), error.message)
        }
        let uid = vtodo.uid ?? ""
        guard !uid.isEmpty else {
            return DAVProperties.precondition(
                .forbidden, .caldav("valid-calendar-object-resource"), "the VTODO has no UID")
        }
        let put = CalDAVPut(
            name: name, uid: uid, text: String(decoding: body, as: UTF8.self), reading: reading, overrides: overrides,
            ruled: vtodo.property("RRULE") != nil, ifMatch: request.headers.first(name: .ifMatch),
            ifNoneMatch: request.headers.first(name: .ifNoneMatch))
        let served = ServedTextCache.of(request.application)
        let outcome = try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user.id, quota: request.quota, at: now
        ) { write in
            try await Self.store(put, write, user: user, served: served)
        }
        switch outcome {
        case .refused(let response): return response
        case .stored(let record, let created, let served):
            var headers: HTTPHeaders = ["Content-Length": "0"]
            // The ETag only when what is served is the body as sent (RFC 4791 §5.3.4).
            if served == put.text { headers.add(name: .eTag, value: DAVProperties.etag(record.rev)) }
            return Response(status: created ? .created : .noContent, headers: headers)
        }
    }

    func delete(request: Request) async throws -> Response {
        let (user, name) = try Self.target(request)
        let ifMatch = request.headers.first(name: .ifMatch)
        let refused: Response? = try await withUserWrite(
            on: request.db, queue: request.writerQueue, userID: user.id, at: request.now
        ) { write in
            guard let uuid = try await Self.uuid(named: name, user: user, on: write.db),
                let record = try await write.record(uuid), !record.deleted
            else { return Response(status: .notFound, headers: ["Content-Length": "0"]) }
            if let ifMatch, !Self.matches(ifMatch, record) {
                return Response(status: .preconditionFailed, headers: ["Content-Length": "0"])
            }
            // The kept object stays: a sync-collection names the deletion under the client's name.
            try await write.delete(uuid)
            return nil
        }
        return refused ?? Response(status: .noContent, headers: ["Content-Length": "0"])
    }

    enum Outcome: Sendable {
        case refused(Response)
        case stored(StoredRecord, created: Bool, served: String)
    }

    /// The write of a PUT, in the user's transaction: the preconditions, the UID rule, the
    /// record (a change from this client: what the VTODO says replaces what todo held, merged
    /// when the client changed an older version), the kept text. A change that completes an
    /// occurrence of a series, or a new VTODO that copies one, is read as such
    /// (`CalDAVSeries`).
    static func store(_ put: CalDAVPut, _ write: UserWrite, user: AuthenticatedUser, served: ServedTextCache)
        async throws -> Outcome
    {
        let atName = try await CalDAVObjects.read(write.db, userID: user.id, name: put.name)
        // The resource keeps its todo; a new one is the todo its UID names (`ICalUID`).
        let uuid = atName?.uuid ?? put.reading.todo.uuid
        let existing = try await write.record(uuid).flatMap { $0.deleted ? nil : $0 }
        let previous = try await CalDAVObjects.read(write.db, userID: user.id, uuid: uuid)
        if let refused = try await refusal(
            put, uuid: uuid, isNew: atName == nil, existing: existing, previous: previous, write, user: user)
        {
            return .refused(refused)
        }
        let held = existing?.fields.flatMap { try? TodoContent($0) }
        var content = put.reading.todo.content
        content.updatedAt = max(content.updatedAt, write.now)
        // A rule starts a series, named by the todo's UUID unless it is in one (as `todo` does).
        if content.recur != nil, content.series == nil { content.attributes.series = held?.series ?? uuid }
        guard let existing, let held else {
            if put.ifMatch != nil { return .refused(preconditionFailed) }
            if atName == nil, let copy = try await CalDAVSeries.readCopy(put, write, user: user, client: content) {
                return copy
            }
            return try await keep(content, write, object: put.object(uuid), created: true)
        }
        if put.ifMatch == nil, let previous, previous.name == put.name,
            isBehind(put.text, put.reading.todo.content, kept: previous, held: held, at: write.now)
        {
            return .stored(existing, created: false, served: try Self.served(existing, previous))
        }
        let change = HeldChange(uuid: uuid, existing: existing, held: held, previous: previous, client: content)
        return try await storeChange(put, change, write, user: user, served: served)
    }

    /// What a PUT changes of a todo the server holds: the todo `uuid`, its record (`existing`,
    /// its content `held`), the text kept for it (`previous`), and what the app's VTODO says
    /// (`client`).
    struct HeldChange {
        var uuid: UUID
        var existing: StoredRecord
        var held: TodoContent
        var previous: CalDAVObject?
        var client: TodoContent
    }

    /// The answer refusing `put` for its preconditions or its UID (RFC 4791 §5.3.2.1
    /// no-uid-conflict), if any: `isNew` when no resource has its name yet.
    private static func refusal(
        _ put: CalDAVPut, uuid: UUID, isNew: Bool, existing: StoredRecord?, previous: CalDAVObject?, _ write: UserWrite,
        user: AuthenticatedUser
    ) async throws -> Response? {
        if let holder = try await CalDAVObjects.read(write.db, userID: user.id, uid: put.uid),
            holder.uuid != uuid || holder.name != put.name,
            try await write.record(holder.uuid)?.deleted == false
        {
            return DAVProperties.precondition(
                .forbidden, .caldav("no-uid-conflict"),
                "the UID \(put.uid) is used by \(CalDAVController.list(user.name))\(holder.name)")
        }
        if isNew, existing != nil, let other = appName(of: previous, uuid: uuid, besides: put.name) {
            return DAVProperties.precondition(
                .forbidden, .caldav("no-uid-conflict"),
                "the UID \(put.uid) names the todo at \(CalDAVController.list(user.name))\(other)")
        }
        if put.ifNoneMatch?.trimmingCharacters(in: .whitespaces) == "*", existing != nil { return preconditionFailed }
        return nil
    }

    /// The write of `put` as a change to a todo the server holds: against the version the app
    /// changed, moving on an occurrence completed elsewhere, completing one, or merged.
    private static func storeChange(
        _ put: CalDAVPut, _ change: HeldChange, _ write: UserWrite, user: AuthenticatedUser, served: ServedTextCache
    ) async throws -> Outcome {
        let (uuid, existing, held, now) = (change.uuid, change.existing, change.held, write.now)
        var content = change.client
        // The version the client changed: the one its If-Match names, else the one held.
        var before = held
        if let ifMatch = put.ifMatch, !matches(ifMatch, existing) {
            guard let base = version(ifMatch, of: uuid, user: user, kept: change.previous, served: served, at: now)
            else { return .refused(preconditionFailed) }
            before = base.content
            if base.uuid != uuid {
                // The resource named an earlier occurrence (an app completed it by a copy): the
                // app moving it on is no change of dates (`OccurrenceReading.movedOn`).
                (before, content) = (
                    OccurrenceReading.movedOn(before, to: held), OccurrenceReading.movedOn(content, to: held)
                )
            }
        }
        // An app that had not seen the occurrence completed (on a laptop) moves it on: its move
        // names the next occurrence (`movedOn`), not a reopen of this one.
        if !matches(put.ifMatch ?? "", existing), !content.completed, content.recur != nil,
            let next = try await CalDAVSeries.openNext(after: uuid, held, write)
        {
            before = OccurrenceReading.movedOn(before, to: next.content)
            content = OccurrenceReading.movedOn(content, to: next.content)
            if before != next.content { content = merged(base: before, client: content, server: next.content, at: now) }
            return try await keep(content, write, object: put.object(next.record.uuid), created: false)
        }
        (before, content) = (
            OccurrenceReading.keepingAnchor(before, of: held), OccurrenceReading.keepingAnchor(content, of: held)
        )
        content = OccurrenceReading.keepingTags(content, of: before, sentCategories: put.reading.sentCategories)
        if OccurrenceReading.completes(content, occurrence: before, overrides: put.overrides, at: now) {
            return try await CalDAVSeries.completeByChange(
                put, write, uuid: uuid, before: before, client: content, held: held)
        }
        if before != held { content = merged(base: before, client: content, server: held, at: now) }
        return try await keep(content, write, object: put.object(uuid), created: false)
    }

    /// Whether a PUT without preconditions changes nothing: its body is the kept text (a
    /// retry), or it reopens an occurrence completed since with the content it last wrote
    /// (`OccurrenceReading.openedAgain`: the client is behind).
    static func isBehind(_ text: String, _ client: TodoContent, kept: CalDAVObject, held: TodoContent, at now: Date)
        -> Bool
    {
        if text == kept.ical { return true }
        guard let last = content(of: kept.ical, at: now)?.content else { return false }
        return OccurrenceReading.openedAgain(client, kept: last, held: held)
    }

    /// The app's name the todo `uuid` is served under (its kept `object`'s), when that is not
    /// `name` and `name` is not the server's own name for it (`<uuid>.ics`): a new resource
    /// whose UID names a todo an app keeps elsewhere.
    static func appName(of object: CalDAVObject?, uuid: UUID, besides name: String) -> String? {
        let own = CalDAVController.serverName(of: uuid)
        guard name != own, let object, object.name != name, object.name != own else { return nil }
        return object.name
    }

    static var preconditionFailed: Response { Response(status: .preconditionFailed, headers: ["Content-Length": "0"]) }

    /// Writes `content` as the todo of `object` and keeps the client's text (counted against
    /// the quota as the record is, less the texts it replaced), at the record's new revision.
    private static func keep(
        _ content: TodoContent, _ write: UserWrite, object: CalDAVObject, created: Bool
    ) async throws -> Outcome {
        let record = try await write.put(object.uuid, content.wire)
        var object = object
        object.rev = record.rev
        try await CalDAVObjects.keep(object, in: write)
        return .stored(record, created: created, served: try served(record, object))
    }

    /// The todo as the version an If-Match names said it: the text the client last wrote, or
    /// one this server served it (kept a while, `ServedTextCache`); nil when neither is kept.
    static func version(
        _ ifMatch: String, of uuid: UUID, user: AuthenticatedUser, kept: CalDAVObject?, served: ServedTextCache,
        at now: Date
    ) -> (uuid: UUID, content: TodoContent)? {
        if let kept, matches(ifMatch, rev: kept.rev) { return content(of: kept.ical, at: now) }
        for tag in ifMatch.split(separator: ",") {
            let value = tag.trimmingCharacters(in: .whitespaces)
            guard value.count > 2, value.first == "\"", value.last == "\"",
                let rev = Int64(value.dropFirst().dropLast()),
                let text = served.cached(ServedTextCache.Key(user: user.id, uuid: uuid, rev: rev))
            else { continue }
            return content(of: text, at: now)
        }
        return nil
    }

    /// What a GET of `record` answers: the kept text with todo's fields patched in, or a
    /// fresh calendar for a todo no client wrote.
    static func served(_ record: StoredRecord, _ object: CalDAVObject?) throws -> String {
        guard let fields = record.fields, let content = try? TodoContent(fields) else {
            throw Abort(.internalServerError, reason: "the stored todo \(record.uuid) cannot be read")
        }
        return served(content, uuid: record.uuid, text: object?.ical)
    }

    /// `text` (a kept text) with `content` patched in, or a fresh calendar for a todo no
    /// client wrote.
    static func served(_ content: TodoContent, uuid: UUID, text: String?) -> String {
        let clock = Self.dates
        if let text, var calendars = try? ICalParser.parse(Array(text.utf8)),
            let calendar = calendars.firstIndex(where: { $0.is("VCALENDAR") }),
            let index = calendars[calendar].components.firstIndex(where: {
                $0.is("VTODO") && $0.property("RECURRENCE-ID") == nil
            })
        {
            VTodoMapping.patch(&calendars[calendar].components[index], to: content, clock: clock)
            return ICalWriter.text(calendars)
        }
        let calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: productID)],
            components: [VTodoMapping.fresh(content, uuid: uuid, clock: clock)])
        return ICalWriter.text([calendar])
    }

    /// The one VTODO (without RECURRENCE-ID) of a PUT's calendar, with the dates of the
    /// occurrences its overrides complete, or a 403 naming the precondition.
    static func vtodo(in body: Data) throws(PreconditionFailure) -> (ICalComponent, overrides: [DueDate]) {
        let components: [ICalComponent]
        do {
            components = try ICalParser.parse(Array(body))
        } catch {
            throw PreconditionFailure(
                status: .forbidden, name: .caldav("valid-calendar-data"), reason: error.description)
        }
        guard components.count == 1, let calendar = components.first, calendar.is("VCALENDAR") else {
            throw PreconditionFailure(
                status: .forbidden, name: .caldav("valid-calendar-object-resource"),
                reason: "the body must be one VCALENDAR")
        }
        let masters = calendar.components(named: "VTODO").filter { $0.property("RECURRENCE-ID") == nil }
        guard masters.count == 1, calendar.components.allSatisfy({ $0.is("VTODO") || $0.is("VTIMEZONE") }) else {
            throw PreconditionFailure(
                status: .forbidden, name: .caldav("supported-calendar-component"),
                reason: "a resource of this list holds one VTODO (and its VTIMEZONEs)")
        }
        let overrides = calendar.components(named: "VTODO").filter {
            $0.property("RECURRENCE-ID") != nil && VTodoMapping.isCompleted($0)
        }
        return (masters[0], overrides.compactMap { $0.recurrenceID.flatMap(dates.dueDate) })
    }

    /// The user and resource name a request addresses, in the user's own list.
    static func target(_ request: Request) throws -> (AuthenticatedUser, String) {
        let user = try request.authenticatedUser
        try CalDAVController.requireOwn(request, user)
        guard request.parameters.get("list") == CalDAVController.listName, let name = request.parameters.get("name")
        else {
            throw Abort(.notFound, reason: "no such collection")
        }
        return (user, name)
    }

    /// The todo a resource name stands for: the one a client wrote under it, else `<uuid>.ics`.
    static func uuid(named name: String, user: AuthenticatedUser, on db: any WriteConnection) async throws -> UUID? {
        if let object = try await CalDAVObjects.read(db, userID: user.id, name: name) { return object.uuid }
        return uuid(ofName: name)
    }

    /// The UUID of a name `<uuid>.ics`, as todo names the todos no client wrote.
    static func uuid(ofName name: String) -> UUID? {
        guard name.hasSuffix(".ics") else { return nil }
        return UUID(uuidString: String(name.dropLast(4)))
    }

    /// Whether an If-Match header names the record's ETag (or is `*`).
    static func matches(_ header: String, _ record: StoredRecord) -> Bool { matches(header, rev: record.rev) }

    static func matches(_ header: String, rev: Int64) -> Bool {
        header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains {
            $0 == "*" || $0 == DAVProperties.etag(rev)
        }
    }

    /// The todo a calendar's text says (its VTODO without RECURRENCE-ID), and the UUID its UID names.
    static func content(of text: String, at now: Date) -> (uuid: UUID, content: TodoContent)? {
        guard let calendars = try? ICalParser.parse(Array(text.utf8)),
            let vtodo = calendars.first?.components(named: "VTODO").first(where: { $0.property("RECURRENCE-ID") == nil }
            ),
            let reading = try? VTodoMapping.read(vtodo, clock: clock(at: now))
        else { return nil }
        return (reading.todo.uuid, reading.todo.content)
    }

    /// The client's change merged with what changed on the server since its version
    /// (TodoCore's `mergeContent`): a field changed on one side keeps that change; on a field
    /// both changed the server's value stays, and the client's is kept as an annotation, where
    /// a person sees it in `todo` and in the app.
    static func merged(base: TodoContent, client: TodoContent, server: TodoContent, at now: Date) -> TodoContent {
        var (content, conflicts) = mergeContent(base: base, local: client, remote: server, at: now)
        guard !conflicts.isEmpty else { return content }
        let notes = conflicts.map {
            Annotation(at: now, text: "sync conflict: \($0.field) '\($0.lost)' from a CalDAV app lost to '\($0.kept)'")
        }
        content.attributes.annotations = Annotation.normalized(content.attributes.annotations + notes)
        content.updatedAt = max(content.updatedAt, now)
        return content
    }
}

/// What a PUT of one todo's resource sent: the resource's name, the VTODO's UID, the body as
/// sent, the body read (`VTodoMapping.Reading`), the dates of the occurrences its overrides
/// complete, whether its VTODO still has its RRULE, and its preconditions (If-Match,
/// If-None-Match).
struct CalDAVPut: Sendable {
    var name: String
    var uid: String
    var text: String
    var reading: VTodoMapping.Reading
    var overrides: [DueDate]
    var ruled: Bool
    var ifMatch: String?
    var ifNoneMatch: String?

    /// The text kept for the todo `uuid` under this name, before its revision is known.
    func object(_ uuid: UUID) -> CalDAVObject { CalDAVObject(uuid: uuid, name: name, uid: uid, ical: text, rev: 0) }
}

/// A failed DAV precondition, answered as `DAVProperties.precondition` writes it.
struct PreconditionFailure: Error {
    var status: HTTPResponseStatus
    var name: DAVName
    var reason: String
}
