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
struct CalDAVResources: RouteCollection {
    static let productID = "-//todo//todo-server CalDAV//EN"

    func boot(routes: any RoutesBuilder) throws {
        let dav = routes.grouped("dav").grouped(BasicAuthMiddleware(), ReadBody())
        dav.get(":user", ":list", ":name", use: get)
        dav.put(":user", ":list", ":name", use: put)
        dav.delete(":user", ":list", ":name", use: delete)
    }

    /// The server's clock for iCalendar: UTC (floating times are read as UTC).
    static var clock: ICalClock { ICalClock(context: DateContext(now: Date(), timeZone: .utc)) }

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
        guard name.hasSuffix(".ics"), name.count > 4 else { throw Abort(.forbidden, reason: "a todo's resource name ends in .ics") }
        let body = request.bodyData
        let vtodo: ICalComponent
        do {
            vtodo = try Self.vtodo(in: body)
        } catch {
            return DAVProperties.precondition(error.status, error.name, error.reason)
        }
        let reading: VTodoMapping.Reading
        do {
            reading = try VTodoMapping.read(vtodo, clock: Self.clock)
        } catch {
            return DAVProperties.precondition(.forbidden, .caldav("valid-calendar-data"), error.message)
        }
        let uid = vtodo.uid ?? ""
        guard !uid.isEmpty else { return DAVProperties.precondition(.forbidden, .caldav("valid-calendar-object-resource"), "the VTODO has no UID") }
        let ifMatch = request.headers.first(name: .ifMatch)
        let ifNoneMatch = request.headers.first(name: .ifNoneMatch)
        let text = String(decoding: body, as: UTF8.self)
        let outcome = try await withUserWrite(on: request.db, queue: request.writerQueue, userID: user.id, quota: request.quota) { write in
            try await Self.store(write, user: user, name: name, uid: uid, text: text, reading: reading, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch)
        }
        switch outcome {
        case .refused(let response): return response
        case .stored(let record, let created, let served):
            var headers: HTTPHeaders = ["Content-Length": "0"]
            // The ETag only when what is served is the body as sent (RFC 4791 §5.3.4).
            if served == text { headers.add(name: .eTag, value: DAVProperties.etag(record.rev)) }
            return Response(status: created ? .created : .noContent, headers: headers)
        }
    }

    func delete(request: Request) async throws -> Response {
        let (user, name) = try Self.target(request)
        let ifMatch = request.headers.first(name: .ifMatch)
        let refused: Response? = try await withUserWrite(on: request.db, queue: request.writerQueue, userID: user.id) { write in
            guard let uuid = try await Self.uuid(named: name, user: user, on: write.db),
                let record = try await write.record(uuid), !record.deleted
            else { return Response(status: .notFound, headers: ["Content-Length": "0"]) }
            if let ifMatch, !Self.matches(ifMatch, record) { return Response(status: .preconditionFailed, headers: ["Content-Length": "0"]) }
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
    /// record (a change from this client: what the VTODO says replaces what todo held) and
    /// the kept text.
    static func store(
        _ write: UserWrite, user: AuthenticatedUser, name: String, uid: String, text: String, reading: VTodoMapping.Reading,
        ifMatch: String?, ifNoneMatch: String?
    ) async throws -> Outcome {
        let atName = try await CalDAVObjects.read(write.db, userID: user.id, name: name)
        // The resource keeps its todo; a new one is the todo its UID names (`ICalUID`).
        let uuid = atName?.uuid ?? reading.todo.uuid
        if let holder = try await CalDAVObjects.read(write.db, userID: user.id, uid: uid), holder.uuid != uuid || holder.name != name,
            try await write.record(holder.uuid)?.deleted == false
        {
            return .refused(DAVProperties.precondition(.forbidden, .caldav("no-uid-conflict"), "the UID \(uid) is used by \(CalDAVController.list(user.name))\(holder.name)"))
        }
        let existing = try await write.record(uuid).flatMap { $0.deleted ? nil : $0 }
        if ifNoneMatch?.trimmingCharacters(in: .whitespaces) == "*", existing != nil {
            return .refused(Response(status: .preconditionFailed, headers: ["Content-Length": "0"]))
        }
        let previous = try await CalDAVObjects.read(write.db, userID: user.id, uuid: uuid)
        var content = reading.todo.content
        content.updatedAt = max(content.updatedAt, Date())
        let held = existing?.fields.flatMap { try? TodoContent($0) }
        if let ifMatch, let existing, !matches(ifMatch, existing) {
            // Based on an older version: merged against the one this client last wrote, as
            // `todo sync` merges, when the server still has it; else refused.
            guard let previous, matches(ifMatch, rev: previous.rev), let held, let base = baseContent(previous) else {
                return .refused(Response(status: .preconditionFailed, headers: ["Content-Length": "0"]))
            }
            content = merged(base: base, client: content, server: held)
        } else if ifMatch != nil, existing == nil {
            return .refused(Response(status: .preconditionFailed, headers: ["Content-Length": "0"]))
        }
        if let held { keepSeries(of: held, completedIn: &content) }
        // The kept text counts against the quota as the record does.
        write.counters.storedBytes += Int64(text.utf8.count) - Int64(previous?.ical.utf8.count ?? 0)
        let record = try await write.put(uuid, content.wire)
        let object = CalDAVObject(uuid: uuid, name: name, uid: uid, ical: text, rev: record.rev)
        try await CalDAVObjects.write(object, userID: user.id, on: write.db)
        return .stored(record, created: existing == nil, served: try served(record, object))
    }

    /// An app that completes a repeating todo marks the whole VTODO done (iCalendar has no
    /// other way without overrides), and a completed todo holds no rule: read as "this
    /// occurrence was completed", the rule stays on the record, so that the next device that
    /// syncs hands it on to the next occurrence, as `todo done` would have.
    static func keepSeries(of held: TodoContent, completedIn content: inout TodoContent) {
        guard content.completed, !held.completed, held.recur != nil, content.recur == nil else { return }
        for field in [TodoField.recur, .until, .anchor, .series, .due] {
            field.set(field.value(of: held), on: &content)
        }
    }

    /// What a GET of `record` answers: the kept text with todo's fields patched in, or a
    /// fresh calendar for a todo no client wrote.
    static func served(_ record: StoredRecord, _ object: CalDAVObject?) throws -> String {
        guard let fields = record.fields, let content = try? TodoContent(fields) else {
            throw Abort(.internalServerError, reason: "the stored todo \(record.uuid) cannot be read")
        }
        let clock = Self.clock
        if let object, var calendars = try? ICalParser.parse(Array(object.ical.utf8)),
            let calendar = calendars.firstIndex(where: { $0.is("VCALENDAR") }),
            let index = calendars[calendar].components.firstIndex(where: { $0.is("VTODO") && $0.property("RECURRENCE-ID") == nil })
        {
            VTodoMapping.patch(&calendars[calendar].components[index], to: content, clock: clock)
            return ICalWriter.text(calendars)
        }
        let calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: productID)],
            components: [VTodoMapping.fresh(content, uuid: record.uuid, clock: clock)])
        return ICalWriter.text([calendar])
    }

    /// The one VTODO (without RECURRENCE-ID) of a PUT's calendar, or a 403 naming the precondition.
    static func vtodo(in body: Data) throws(PreconditionFailure) -> ICalComponent {
        let components: [ICalComponent]
        do {
            components = try ICalParser.parse(Array(body))
        } catch {
            throw PreconditionFailure(status: .forbidden, name: .caldav("valid-calendar-data"), reason: error.description)
        }
        guard components.count == 1, let calendar = components.first, calendar.is("VCALENDAR") else {
            throw PreconditionFailure(status: .forbidden, name: .caldav("valid-calendar-object-resource"), reason: "the body must be one VCALENDAR")
        }
        let masters = calendar.components(named: "VTODO").filter { $0.property("RECURRENCE-ID") == nil }
        guard masters.count == 1, calendar.components.allSatisfy({ $0.is("VTODO") || $0.is("VTIMEZONE") }) else {
            throw PreconditionFailure(status: .forbidden, name: .caldav("supported-calendar-component"), reason: "a resource of this list holds one VTODO (and its VTIMEZONEs)")
        }
        return masters[0]
    }

    /// The user and resource name a request addresses, in the user's own list.
    static func target(_ request: Request) throws -> (AuthenticatedUser, String) {
        let user = try request.authenticatedUser
        try CalDAVController.requireOwn(request, user)
        guard request.parameters.get("list") == CalDAVController.listName, let name = request.parameters.get("name") else {
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
        header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains { $0 == "*" || $0 == DAVProperties.etag(rev) }
    }

    /// The todo a kept text said when the client wrote it.
    static func baseContent(_ object: CalDAVObject) -> TodoContent? {
        guard let calendars = try? ICalParser.parse(Array(object.ical.utf8)),
            let vtodo = calendars.first?.components(named: "VTODO").first(where: { $0.property("RECURRENCE-ID") == nil }),
            let reading = try? VTodoMapping.read(vtodo, clock: clock)
        else { return nil }
        return reading.todo.content
    }

    /// The client's change merged with what changed on the server since its version
    /// (TodoCore's `mergeContent`): a field changed on one side keeps that change; on a field
    /// both changed the server's value stays, and the client's is kept as an annotation, where
    /// a person sees it in `todo` and in the app.
    static func merged(base: TodoContent, client: TodoContent, server: TodoContent) -> TodoContent {
        let now = Date()
        var (content, conflicts) = mergeContent(base: base, local: client, remote: server, at: now)
        guard !conflicts.isEmpty else { return content }
        let notes = conflicts.map { Annotation(at: now, text: "sync conflict: \($0.field) '\($0.lost)' from a CalDAV app lost to '\($0.kept)'") }
        content.attributes.annotations = Annotation.normalized(content.attributes.annotations + notes)
        content.updatedAt = max(content.updatedAt, now)
        return content
    }
}

/// A failed DAV precondition, answered as `DAVProperties.precondition` writes it.
struct PreconditionFailure: Error {
    var status: HTTPResponseStatus
    var name: DAVName
    var reason: String
}
