import Foundation
import TodoCore
import TodoICal
import TodoICalMapping
import TodoWire

/// A task app's completion of one occurrence of a repeating todo, in the write of a PUT
/// (`OccurrenceReading` says how each way reads). The occurrence is completed and the series
/// handed on to the next occurrence, made here as `todo done` makes it (same UUID), unless
/// another device made it first. The list then serves the series as its open occurrence,
/// holding the rule, and each completed occurrence as a resource of its own:
///
/// - an app that keeps its resource as the series (an RRULE still on it: marked completed
///   whole, an override completed, its due date moved on in place) finds that resource naming
///   the open occurrence, and the completed one under `<uuid>.ics`;
/// - an app that makes the completed occurrence its resource (its rule dropped: todoman) keeps
///   it there, and the next occurrence gets `<uuid>.ics`;
/// - an app's copy (a completed copy, or the next occurrence under a new UID) names the
///   occurrence it copies instead of making a second todo.
enum CalDAVSeries {
    typealias Outcome = CalDAVResources.Outcome

    /// `put`, a change `client` to the occurrence `uuid` (held as `held`; the app's version
    /// was `before`) that completes it (`OccurrenceReading.completes`).
    static func completeByChange(
        _ put: CalDAVPut, _ write: UserWrite, uuid: UUID, before: TodoContent, client: TodoContent, held: TodoContent
    ) async throws -> Outcome {
        let (name, uid, master, at) = (put.name, put.uid, masterOnly(put.text), write.now)
        let (done, next) = try await complete(
            write, occurrence: uuid, before: before, client: client, held: held, at: at)
        // An app whose resource still holds the rule (its VTODO its RRULE) keeps it as the series.
        guard let next, put.ruled else {
            let object = CalDAVObject(uuid: uuid, name: name, uid: uid, ical: master, rev: done.rev)
            try await keep([object] + (next.map { [serverMade(master, for: $0)] } ?? []), write)
            return .stored(done, created: false, served: try CalDAVResources.served(done, object))
        }
        let object = CalDAVObject(uuid: next.uuid, name: name, uid: uid, ical: master, rev: next.rev)
        try await keep([object, serverMade(master, for: done)], write)
        return .stored(next, created: false, served: try CalDAVResources.served(next, object))
    }

    /// `put`, of a new resource, read as an app's copy (`client`) of an occurrence of a series
    /// the user has (`OccurrenceReading.isCopy`, `isNextCopy`): it names that occurrence; nil
    /// when it copies none.
    static func readCopy(_ put: CalDAVPut, _ write: UserWrite, user: AuthenticatedUser, client: TodoContent)
        async throws -> Outcome?
    {
        let (name, uid, text, at) = (put.name, put.uid, put.text, write.now)
        guard client.due != nil, client.completed ? client.recur == nil : client.recur != nil else { return nil }
        let candidates = try await write.liveRecords(named: client.name).compactMap { record in
            record.fields.flatMap { try? TodoContent($0) }.map { (record, $0) }
        }
        let open = candidates.filter { !$0.1.completed && $0.1.recur != nil }
        // Of series alike (name and due date), the one the copy was made from.
        let copied = client.completed ? open.filter { OccurrenceReading.isCopy(client, of: $0.1) } : []
        if let index = OccurrenceReading.likeliestCopied(client, among: copied.map(\.1)) {
            let (record, held) = copied[index]
            return try await completeByCopy(
                write, user: user, name: name, uid: uid, text: text, record: record, held: held, client: client, at: at)
        }
        for (record, held) in open {
            if !client.completed, let next = OccurrenceReading.next(after: held, uuid: record.uuid, at: at),
                OccurrenceReading.isNextCopy(client, of: next.content)
            {
                var done = held
                (done.completed, done.completedAt) = (true, at)
                let (_, made) = try await complete(
                    write, occurrence: record.uuid, before: held, client: done, held: held, at: at)
                guard let made else { return nil }
                return try await bind(write, name: name, uid: uid, text: text, to: made)
            }
        }
        // The copy of an occurrence completed (or made) here already, under the name this
        // server gave it: the app's resource names it instead. A completed occurrence with a
        // text the app wrote hands its name on to its next occurrence first, as
        // `completeByCopy` does.
        for (record, held) in candidates where held.series != nil {
            let copies =
                client.completed
                ? (held.completed && held.due == client.due) : OccurrenceReading.isNextCopy(client, of: held)
            guard copies else { continue }
            var named = client.completed ? try await handsOnName(record, held, write, user) : false
            if !named { named = try await isServerNamed(record.uuid, write, user) }
            guard named else { continue }
            return try await bind(write, name: name, uid: uid, text: text, to: write.put(record.uuid, held.wire))
        }
        return nil
    }

    /// The open next occurrence of `uuid`, an occurrence of a series completed already
    /// (`held`); nil when there is none.
    static func openNext(after uuid: UUID, _ held: TodoContent, _ write: UserWrite) async throws -> (
        record: StoredRecord, content: TodoContent
    )? {
        guard held.completed, held.series != nil else { return nil }
        var occurrence = Todo(id: 0, uuid: uuid, name: held.name, createdAt: held.createdAt)
        occurrence.content = held
        guard let next = try await write.record(occurrence.nextOccurrenceUUID), !next.deleted,
            let open = next.fields.flatMap({ try? TodoContent($0) }), !open.completed
        else { return nil }
        return (next, open)
    }

    /// Gives the app's resource of the completed occurrence `record` to its next occurrence,
    /// when that is open under the name this server gives it: kept with the text and revision
    /// the app last had, so its move of the resource on reads as one (`movedOn`). False
    /// when there is none to hand on to.
    private static func handsOnName(
        _ record: StoredRecord, _ held: TodoContent, _ write: UserWrite, _ user: AuthenticatedUser
    ) async throws -> Bool {
        guard let own = try await CalDAVObjects.read(write.db, userID: user.id, uuid: record.uuid),
            let next = try await openNext(after: record.uuid, held, write),
            try await isServerNamed(next.record.uuid, write, user)
        else { return false }
        _ = try await write.put(next.record.uuid, next.content.wire)
        try await keep(
            [CalDAVObject(uuid: next.record.uuid, name: own.name, uid: own.uid, ical: own.ical, rev: own.rev)], write)
        return true
    }

    /// An app's completed copy of the open occurrence `record`: the copy's resource names the
    /// completed occurrence, and the occurrence's own resource the next one.
    private static func completeByCopy(
        _ write: UserWrite, user: AuthenticatedUser, name: String, uid: String, text: String, record: StoredRecord,
        held: TodoContent, client: TodoContent, at: Date
    ) async throws -> Outcome {
        let previous = try await CalDAVObjects.read(write.db, userID: user.id, uuid: record.uuid)
        // What the app had of the occurrence, to be its next version of its own resource.
        let served = try CalDAVResources.served(record, previous)
        var done = held
        (done.completed, done.completedAt) = (true, client.completedAt ?? at)
        let (completed, next) = try await complete(
            write, occurrence: record.uuid, before: held, client: done, held: held, at: at)
        var objects = [CalDAVObject(uuid: record.uuid, name: name, uid: uid, ical: text, rev: completed.rev)]
        if let next {
            // The app moves its resource on next, from the version it had: kept as the base of
            // that change, now naming the next occurrence.
            let own =
                previous.map { ($0.name, $0.uid) } ?? (
                    CalDAVController.serverName(of: record.uuid), ICalUID.uid(for: record.uuid)
                )
            objects.append(CalDAVObject(uuid: next.uuid, name: own.0, uid: own.1, ical: served, rev: record.rev))
        }
        try await keep(objects, write)
        return .stored(completed, created: true, served: try CalDAVResources.served(completed, objects[0]))
    }

    /// Completes the occurrence `uuid` as `client` says, merged with what changed on the
    /// server since `before`, and hands its series (the server's rule) on as `todo done` does
    /// (`Todo.completingOccurrence`): counted from the app's COMPLETED, the next occurrence
    /// made now, unless the server has it already.
    private static func complete(
        _ write: UserWrite, occurrence uuid: UUID, before: TodoContent, client: TodoContent, held: TodoContent, at: Date
    ) async throws -> (done: StoredRecord, next: StoredRecord?) {
        let completed = OccurrenceReading.completed(client, occurrence: before, uuid: uuid, at: at)
        let content = CalDAVResources.merged(base: before, client: completed, server: held, at: at)
        guard !held.completed, held.recur != nil else { return (try await write.put(uuid, content.wire), nil) }
        var occurrence = Todo(id: 0, uuid: uuid, name: content.name, createdAt: content.createdAt)
        occurrence.content = content
        (occurrence.attributes.recur, occurrence.attributes.anchor) = (held.recur, held.anchor)
        let (finished, made) = occurrence.completingOccurrence(doneAt: content.completedAt ?? at, madeAt: at)
        let done = try await write.put(uuid, finished.content.wire)
        guard let next = made, try await write.record(next.uuid) == nil else { return (done, nil) }
        return (done, try await write.put(next.uuid, next.content.wire))
    }

    /// Makes `name` (a new resource) name the todo `record`, with the app's text.
    private static func bind(_ write: UserWrite, name: String, uid: String, text: String, to record: StoredRecord)
        async throws -> Outcome
    {
        let object = CalDAVObject(uuid: record.uuid, name: name, uid: uid, ical: text, rev: record.rev)
        try await keep([object], write)
        return .stored(record, created: true, served: try CalDAVResources.served(record, object))
    }

    /// Whether the todo `uuid` is served under the name this server gives (`<uuid>.ics`), no
    /// app's name.
    private static func isServerNamed(_ uuid: UUID, _ write: UserWrite, _ user: AuthenticatedUser) async throws -> Bool
    {
        guard let object = try await CalDAVObjects.read(write.db, userID: user.id, uuid: uuid) else { return true }
        return object.name == CalDAVController.serverName(of: uuid)
    }

    /// The kept text for `record` under the name this server gives it: an app's text with the
    /// UID changed (so alarms and the app's own properties go on with the series).
    private static func serverMade(_ text: String, for record: StoredRecord) -> CalDAVObject {
        let uid = ICalUID.uid(for: record.uuid)
        var ical = text
        if var calendars = try? ICalParser.parse(Array(text.utf8)),
            let index = calendars.firstIndex(where: { $0.is("VCALENDAR") }),
            let todo = calendars[index].components.firstIndex(where: { $0.is("VTODO") })
        {
            calendars[index].components[todo].uid = uid
            ical = ICalWriter.text(calendars)
        }
        return CalDAVObject(
            uuid: record.uuid, name: CalDAVController.serverName(of: record.uuid), uid: uid, ical: ical, rev: record.rev
        )
    }

    /// `text` without its overrides (VTODOs with a RECURRENCE-ID): read as completions, they
    /// are the completed occurrences' own resources now.
    static func masterOnly(_ text: String) -> String {
        guard var calendars = try? ICalParser.parse(Array(text.utf8)),
            let index = calendars.firstIndex(where: { $0.is("VCALENDAR") }),
            calendars[index].components.contains(where: { $0.is("VTODO") && $0.property("RECURRENCE-ID") != nil })
        else { return text }
        calendars[index].components.removeAll { $0.is("VTODO") && $0.property("RECURRENCE-ID") != nil }
        return ICalWriter.text(calendars)
    }

    /// Keeps `objects` (`CalDAVObjects.keep`), in order.
    private static func keep(_ objects: [CalDAVObject], _ write: UserWrite) async throws {
        for object in objects { try await CalDAVObjects.keep(object, in: write) }
    }
}
