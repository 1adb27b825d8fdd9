import Foundation
import Testing
import TodoCore
import TodoICalMapping
import TodoWire
import VaporTesting

@testable import TodoServer

/// Each way a task app completes one occurrence of a repeating todo reads as "this
/// occurrence was completed": the occurrence completed, and one next occurrence, the one
/// `todo done` makes, holding the rule; never a duplicate, whichever way and whoever
/// completes it first.
struct CalDAVRecurrenceTests {
    static let uid = "weekly-bins-1"
    static let path = "dav/alice/tasks/bins.ics"
    static let occurrence = ICalUID.uuid(for: uid)

    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
        headers.add(contentsOf: more)
        return headers
    }

    /// A weekly todo due on 1 December as an app writes it, with `lines` in its VTODO and
    /// `after` (overrides) after it.
    static func calendar(uid: String = uid, _ lines: [String], after: [String] = []) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//apps//EN", "BEGIN:VTODO", "UID:\(uid)",
            "DTSTAMP:20261125T100000Z",
            "SUMMARY:Take the bins out"
        ] + lines + ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "END:VALARM", "END:VTODO"] + after
            + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static let series = calendar(["DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"])

    /// The first occurrence completed, as todoman and naive apps send it.
    static let completed = calendar(["DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z"])

    /// todoman's next instance of the series: a new VTODO, due that day's local midnight.
    static let todomanNext = calendar(
        uid: "todoman-next-2", ["DUE;TZID=Europe/Berlin:20261208T000000", "RRULE:FREQ=WEEKLY"])
    static let todomanNextPath = "dav/alice/tasks/todoman-next-2.ics"

    /// todoman's `done` on the series started by `start`: the first occurrence completed, then
    /// the next instance PUT; the answer to that PUT.
    func todomanCompletes(_ app: TestApp, _ token: String) async throws -> TestResponse {
        let put = try await app.send(
            .PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: Self.completed)
        #expect(put.status == .noContent, "\(put.body.string)")
        return try await app.send(
            .PUT, Self.todomanNextPath, headers: basic(token, ["If-None-Match": "*"]), body: Self.todomanNext)
    }

    /// The UUID of the occurrence after the first, as `todo done` names it.
    static var next: UUID { Todo(id: 0, uuid: occurrence, name: "", createdAt: Date()).nextOccurrenceUUID }

    /// The user's live todos by UUID, through /v1.
    func live(_ app: TestApp, _ token: String) async throws -> [UUID: TodoContent] {
        var todos: [UUID: TodoContent] = [:]
        for change in try await app.changes(token).changes where !change.deleted {
            todos[change.uuid] = try TodoContent(try #require(change.todo))
        }
        return todos
    }

    /// Expects the series moved on: the first occurrence completed without its rule, the next
    /// one open, due a week later, holding it, and nothing else.
    func expectMovedOn(_ app: TestApp, _ token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    {
        let todos = try await live(app, token)
        #expect(todos.count == 2, "\(todos)", sourceLocation: sourceLocation)
        let done = try #require(todos[Self.occurrence], sourceLocation: sourceLocation)
        let next = try #require(todos[Self.next], "\(todos.keys)", sourceLocation: sourceLocation)
        #expect(
            done.completed && done.recur == nil && done.due == .day(CalendarDay(iso: "2026-12-01")!),
            sourceLocation: sourceLocation)
        #expect(
            !next.completed && next.recur != nil && next.due == .day(CalendarDay(iso: "2026-12-08")!),
            sourceLocation: sourceLocation)
        #expect(next.series == Self.occurrence, sourceLocation: sourceLocation)
    }

    func start(_ app: TestApp) async throws -> String {
        let token = try await app.makeUser("alice")
        let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-None-Match": "*"]), body: Self.series)
        #expect(put.status == .created, "\(put.body.string)")
        return token
    }

    func get(_ app: TestApp, _ token: String, _ path: String = path) async throws -> [String] {
        let get = try await app.send(.GET, path, headers: basic(token))
        #expect(get.status == .ok, "\(path): \(get.body.string)")
        return get.body.string.components(separatedBy: "\r\n")
    }

    /// A naive app marks the whole VTODO completed: its resource goes on as the series.
    @Test func theWholeSeriesMarkedCompletedCompletesOneOccurrence() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let done = Self.calendar([
                "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z"
            ])
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: done)
            #expect(put.status == .noContent, "\(put.body.string)")
            #expect(put.headers.first(name: .eTag) == nil)
            try await expectMovedOn(app, token)
            let series = try await get(app, token)
            #expect(
                series.contains("DUE;VALUE=DATE:20261208") && series.contains("RRULE:FREQ=WEEKLY")
                    && series.contains("STATUS:NEEDS-ACTION"), "\(series)")
            #expect(series.contains("TRIGGER:-PT1H"))
            let completed = try await get(app, token, "dav/alice/tasks/\(ICalUID.uid(for: Self.occurrence)).ics")
            #expect(
                completed.contains("STATUS:COMPLETED") && completed.contains("DUE;VALUE=DATE:20261201")
                    && !completed.contains("RRULE:FREQ=WEEKLY"), "\(completed)")
            #expect(completed.contains("TRIGGER:-PT1H"))
        }
    }

    /// Thunderbird completes an override (RECURRENCE-ID) of the occurrence.
    @Test func aCompletedOverrideCompletesItsOccurrence() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let override = [
                "BEGIN:VTODO", "UID:\(Self.uid)", "RECURRENCE-ID;VALUE=DATE:20261201", "DTSTAMP:20261201T090000Z",
                "SUMMARY:Take the bins out",
                "DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z", "END:VTODO"
            ]
            let body = Self.calendar(["DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"], after: override)
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: body)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
            let series = try await get(app, token)
            #expect(!series.contains { $0.hasPrefix("RECURRENCE-ID") }, "\(series)")
            #expect(series.contains("DUE;VALUE=DATE:20261208"))
            // Sent again (the app did not read it back), it completes nothing more.
            _ = try await app.send(
                .PUT, Self.path, headers: basic(token),
                body: body.replacingOccurrences(
                    of: "DUE;VALUE=DATE:20261201\r\nRRULE", with: "DUE;VALUE=DATE:20261208\r\nRRULE"))
            #expect(try await live(app, token).count == 2)
        }
    }

    /// Tasks.org moves the due date on by one step in place, without preconditions; a due
    /// date moved by two steps is a plain change.
    @Test func aDueDateMovedOnByOneStepCompletesTheOccurrence() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let moved = Self.calendar(["DUE;VALUE=DATE:20261208", "RRULE:FREQ=WEEKLY"])
            let put = try await app.send(.PUT, Self.path, headers: basic(token), body: moved)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
            let postponed = Self.calendar(["DUE;VALUE=DATE:20261222", "RRULE:FREQ=WEEKLY"])
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: postponed)
            let todos = try await live(app, token)
            #expect(todos.count == 2)
            #expect(todos[Self.next]?.due == .day(CalendarDay(iso: "2026-12-22")!))
        }
    }

    /// todoman completes the VTODO, drops its rule, and adds the next one under a new UID
    /// (as a local midnight): whichever vdirsyncer sends first, one next occurrence.
    @Test(arguments: [false, true]) func todomansNextInstanceNamesTheNextOccurrence(nextFirst: Bool) async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let done = Self.calendar([
                "DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z", "PERCENT-COMPLETE:100"
            ])
            let (instance, nextPath) = (Self.todomanNext, Self.todomanNextPath)
            for (path, body) in nextFirst
                ? [(nextPath, instance), (Self.path, done)] : [(Self.path, done), (nextPath, instance)]
            {
                let headers =
                    path == Self.path ? basic(token, ["If-Match": "\"1\""]) : basic(token, ["If-None-Match": "*"])
                let put = try await app.send(.PUT, path, headers: headers, body: body)
                #expect([.created, .noContent].contains(put.status), "\(path): \(put.body.string)")
            }
            try await expectMovedOn(app, token)
            let next = try await get(app, token, nextPath)
            #expect(next.contains("UID:todoman-next-2") && next.contains("RRULE:FREQ=WEEKLY"), "\(next)")
            let original = try await get(app, token)
            #expect(original.contains("STATUS:COMPLETED"))
        }
    }

    /// python-caldav (`complete(handle_rrule=True)`) and Evolution save a completed copy
    /// under a new UID, then move the original on (by their own reckoning of the date).
    @Test func aCompletedCopyNamesTheCompletedOccurrence() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let copy = Self.calendar(
                uid: "copy-3", ["DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z"])
            let saved = try await app.send(.PUT, "dav/alice/tasks/copy-3.ics", headers: basic(token), body: copy)
            #expect(saved.status == .created, "\(saved.body.string)")
            try await expectMovedOn(app, token)
            // python-caldav reckons the next date from the time of completion, and renames.
            let moved = Self.calendar(["DTSTART:20261203T163000Z", "DUE:20261203T163000Z", "RRULE:FREQ=WEEKLY"])
                .replacingOccurrences(of: "SUMMARY:Take the bins out", with: "SUMMARY:Take the bins out early")
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: moved)
            #expect(put.status == .noContent, "\(put.body.string)")
            let todos = try await live(app, token)
            #expect(todos.count == 2)
            let next = try #require(todos[Self.next])
            #expect(
                next.name == "Take the bins out early" && next.due == .day(CalendarDay(iso: "2026-12-08")!)
                    && next.scheduled == nil, "\(next)")
            #expect(next.annotations.isEmpty && next.recur != nil)
            #expect(try await get(app, token, "dav/alice/tasks/copy-3.ics").contains("STATUS:COMPLETED"))
            #expect(try await get(app, token).contains("DUE;VALUE=DATE:20261208"))
        }
    }

    /// A laptop completes the first occurrence with `todo done` and syncs (through /v1).
    func laptopCompletes(_ app: TestApp, _ token: String) async throws {
        let record = try #require(try await app.changes(token).changes.first)
        var laptop = Todo(id: 1, uuid: record.uuid, name: "", createdAt: Date())
        laptop.content = try TodoContent(try #require(record.todo))
        let next = try #require(laptop.nextOccurrence(doneAt: Date(), madeAt: Date()))
        laptop.completed = true
        laptop.completedAt = Date()
        laptop.attributes.recur = nil
        laptop.attributes.anchor = nil
        let pushed = try await app.push(
            token,
            [
                PushOperation(
                    opId: UUID(), kind: .put, uuid: record.uuid, baseRev: record.rev, todo: laptop.content.wire),
                PushOperation(opId: UUID(), kind: .put, uuid: next.uuid, baseRev: 0, todo: next.content.wire)
            ])
        #expect(pushed.results.allSatisfy { $0.status == .applied }, "\(pushed.results)")
    }

    /// A laptop completes the occurrence with `todo done` and syncs; a phone, offline, moves
    /// the same occurrence on: one next occurrence.
    @Test func anOccurrenceCompletedOnALaptopAndOnAPhoneLeavesOneNext() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            try await laptopCompletes(app, token)
            let moved = Self.calendar(["DUE;VALUE=DATE:20261208", "RRULE:FREQ=WEEKLY", "X-PHONE:kept"])
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: moved)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
            #expect(try await get(app, token).contains("X-PHONE:kept"))
        }
    }

    /// Tasks.org, behind a laptop's completion, sends the occurrence as it last wrote it
    /// (open), without preconditions: the completion stands, no second open occurrence.
    @Test func anOccurrenceSentOpenAgainByAnAppBehindALaptopStaysCompleted() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            try await laptopCompletes(app, token)
            let rev = try await app.changes(token).nextCursor
            let again = Self.series.replacingOccurrences(
                of: "DTSTAMP:20261125T100000Z", with: "DTSTAMP:20261202T100000Z\r\nLAST-MODIFIED:20261202T100000Z")
            let put = try await app.send(.PUT, Self.path, headers: basic(token), body: again)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
            #expect(try await app.changes(token).nextCursor == rev)
        }
    }

    /// A laptop completes the occurrence and syncs; then python-caldav, which had not seen
    /// that, saves a completed copy under a new UID and moves the series on with its stale
    /// If-Match: the copy names the completed occurrence, the move the next one.
    @Test func aCompletedCopyAndAMoveAfterALaptopsCompletionLeaveOneNext() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            try await laptopCompletes(app, token)
            let copy = Self.calendar(
                uid: "copy-3", ["DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261202T090000Z"])
            let saved = try await app.send(.PUT, "dav/alice/tasks/copy-3.ics", headers: basic(token), body: copy)
            #expect(saved.status == .created, "\(saved.body.string)")
            try await expectMovedOn(app, token)
            let moved = Self.calendar([
                "DTSTART:20261209T163000Z", "DUE:20261209T163000Z", "RRULE:FREQ=WEEKLY", "X-PHONE:kept"
            ])
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: moved)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
            #expect(try await live(app, token)[Self.next]?.scheduled == nil)
            #expect(try await get(app, token, "dav/alice/tasks/copy-3.ics").contains("STATUS:COMPLETED"))
            let series = try await get(app, token)
            #expect(series.contains("DUE;VALUE=DATE:20261208") && series.contains("X-PHONE:kept"), "\(series)")
        }
    }

    /// The same for a series served under the server's name (made with `todo`): the stale
    /// move of `<uuid>.ics` is the app's version of the next occurrence, not a change of the
    /// completed one's dates.
    @Test func aStaleMoveOfAnOccurrenceCompletedSinceNamesTheNextOne() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let own = "dav/alice/tasks/\(ICalUID.uid(for: Self.occurrence)).ics"
            let series = Self.calendar(
                uid: ICalUID.uid(for: Self.occurrence), ["DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"])
            _ = try await app.send(.PUT, own, headers: basic(token, ["If-None-Match": "*"]), body: series)
            try await laptopCompletes(app, token)
            let copy = Self.calendar(
                uid: "copy-3", ["DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261202T090000Z"])
            _ = try await app.send(.PUT, "dav/alice/tasks/copy-3.ics", headers: basic(token), body: copy)
            let moved = series.replacingOccurrences(
                of: "DUE;VALUE=DATE:20261201", with: "DTSTART:20261209T163000Z\r\nDUE:20261209T163000Z")
            let put = try await app.send(.PUT, own, headers: basic(token, ["If-Match": "\"1\""]), body: moved)
            #expect(put.status == .noContent, "\(put.body.string)")
            try await expectMovedOn(app, token)
        }
    }

    /// Two series alike in name and due date, with other rules: the completed copy (rule
    /// dropped) names the one it was made from, by its creation time.
    @Test(arguments: [false, true]) func aCompletedCopyNamesTheSeriesItWasMadeFromAmongAlikeOnes(monthly: Bool)
        async throws
    {
        try await withTestApp { app in
            let token = try await start(app)
            let other = Self.calendar(
                uid: "bins-monthly", ["CREATED:20261101T080000Z", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=MONTHLY"])
            let made = try await app.send(
                .PUT, "dav/alice/tasks/bins-monthly.ics", headers: basic(token, ["If-None-Match": "*"]), body: other)
            #expect(made.status == .created, "\(made.body.string)")
            let lines =
                (monthly ? ["CREATED:20261101T080000Z"] : []) + [
                    "DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z"
                ]
            let copy = try await app.send(
                .PUT, "dav/alice/tasks/copy-3.ics", headers: basic(token), body: Self.calendar(uid: "copy-3", lines))
            #expect(copy.status == .created, "\(copy.body.string)")
            let todos = try await live(app, token)
            let (done, open) =
                monthly
                ? (ICalUID.uuid(for: "bins-monthly"), Self.occurrence)
                : (Self.occurrence, ICalUID.uuid(for: "bins-monthly"))
            #expect(todos.count == 3, "\(todos)")
            #expect(
                todos[done]?.completed == true && todos[open]?.completed == false && todos[open]?.recur != nil,
                "\(todos)")
        }
    }

    /// A version the client only read (a GET), changed since through /v1, is the base its
    /// change is merged against.
    @Test func aPutBasedOnAServedVersionIsMerged() async throws {
        try await withTestApp { app in
            let token = try await start(app)
            let record = try #require(try await app.changes(token).changes.first)
            var fields = try #require(record.todo)
            fields.name = "Take the bins and the glass out"
            _ = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: record.rev, todo: fields)])
            let read = try await app.send(.GET, Self.path, headers: basic(token))
            #expect(read.headers.first(name: .eTag) == "\"2\"")
            var again = fields
            again.description = "the blue one"
            _ = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: 2, todo: again)])
            let edited = read.body.string.replacingOccurrences(of: "PRIORITY", with: "X-P").replacingOccurrences(
                of: "END:VALARM", with: "END:VALARM\r\nPRIORITY:1")
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"2\""]), body: edited)
            #expect(put.status == .noContent, "\(put.body.string)")
            let todo = try #require(try await live(app, token)[record.uuid])
            #expect(
                todo.name == "Take the bins and the glass out" && todo.description == "the blue one"
                    && todo.priority == .high, "\(todo)")
        }
    }
}
