import Fluent
import Foundation
import Testing
import TodoICal
import TodoICalMapping
import TodoWire
import VaporTesting

@testable import TodoServer

/// GET, PUT and DELETE of todos through the CalDAV face: a client's text kept byte for byte
/// beside the fields todo maps, ETags that are revisions, preconditions, UIDs, and the same
/// todos seen through /v1.
struct CalDAVResourceTests {
    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
        headers.add(contentsOf: more)
        return headers
    }

    /// A VTODO as Apple Reminders writes one: its own UID, an alarm, X-properties.
    static let reminder = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1//EN", "BEGIN:VTODO",
        "UID:7A1B2C3D-REMINDER-42", "CREATED:20261120T100000Z", "LAST-MODIFIED:20261120T100500Z",
        "DTSTAMP:20261120T100500Z",
        "SUMMARY:Buy milk", "X-APPLE-SORT-ORDER:731000000", "PRIORITY:1", "CATEGORIES:shop,home",
        "BEGIN:VALARM", "X-WR-ALARMUID:0C1D2E3F-ALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M",
        "END:VALARM",
        "END:VTODO", "END:VCALENDAR", ""
    ].joined(separator: "\r\n")

    static let path = "dav/alice/tasks/reminder-42.ics"

    @Test func aTodoPutByAClientIsServedBackAsSentAndSeenThroughV1() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let put = try await app.send(
                .PUT, Self.path, headers: basic(token, ["If-None-Match": "*"]), body: Self.reminder)
            #expect(put.status == .created, "\(put.body.string)")
            #expect(put.headers.first(name: .eTag) == "\"1\"")
            let get = try await app.send(.GET, Self.path, headers: basic(token))
            #expect(get.status == .ok)
            #expect(get.body.string == Self.reminder)
            #expect(get.headers.first(name: .eTag) == "\"1\"")
            let feed = try await app.changes(token)
            let todo = try #require(feed.changes.first?.todo)
            #expect(todo.name == "Buy milk")
            #expect(feed.changes.first?.uuid == ICalUID.uuid(for: "7A1B2C3D-REMINDER-42"))
            #expect(todo.attributes.json.contains("\"H\""), "\(todo.attributes.json)")
        }
    }

    /// A PUT without preconditions sent again as it was (a retry after a lost answer) changes
    /// nothing: the same ETag, no feed entry, and a change made since through /v1 stays.
    @Test func aPutSentAgainAsItWasChangesNothing() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let first = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            #expect(first.status == .created && first.headers.first(name: .eTag) == "\"1\"", "\(first.body.string)")
            let again = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            #expect(again.status == .noContent && again.headers.first(name: .eTag) == "\"1\"", "\(again.headers)")
            let record = try #require(try await app.changes(token).changes.first)
            #expect(record.rev == 1)
            var fields = try #require(record.todo)
            fields.name = "Buy oat milk"
            _ = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: record.rev, todo: fields)])
            let late = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            #expect(late.status == .noContent, "\(late.body.string)")
            let feed = try await app.changes(token)
            #expect(feed.nextCursor == 2 && feed.changes.first?.todo?.name == "Buy oat milk", "\(feed)")
        }
    }

    /// A rename made with `todo` reaches the client with its alarm and X-properties intact.
    @Test func aChangeMadeThroughV1PatchesOnlyWhatItChanged() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let record = try #require(try await app.changes(token).changes.first)
            var fields = try #require(record.todo)
            fields.name = "Buy oat milk"
            let pushed = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: record.rev, todo: fields)])
            #expect(pushed.results.first?.status == .applied)
            let get = try await app.send(.GET, Self.path, headers: basic(token))
            #expect(get.headers.first(name: .eTag) == "\"2\"")
            let lines = get.body.string.components(separatedBy: "\r\n")
            #expect(lines.contains("SUMMARY:Buy oat milk"))
            for kept in [
                "X-APPLE-SORT-ORDER:731000000", "X-WR-ALARMUID:0C1D2E3F-ALARM", "TRIGGER:-PT15M",
                "UID:7A1B2C3D-REMINDER-42", "PRIORITY:1"
            ] {
                #expect(lines.contains(kept), "\(kept) in \(get.body.string)")
            }
            let again = try await app.send(.GET, Self.path, headers: basic(token))
            #expect(again.body.string == get.body.string)
        }
    }

    @Test func preconditionsAreChecked() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let create = try await app.send(
                .PUT, Self.path, headers: basic(token, ["If-None-Match": "*"]), body: Self.reminder)
            #expect(create.status == .preconditionFailed)
            let edited = Self.reminder.replacingOccurrences(of: "SUMMARY:Buy milk", with: "SUMMARY:Buy bread")
            let current = try await app.send(
                .PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: edited)
            #expect(current.status == .noContent, "\(current.body.string)")
            let stale = try await app.send(
                .PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: Self.reminder)
            #expect(stale.status == .preconditionFailed)
            let deleteStale = try await app.send(.DELETE, Self.path, headers: basic(token, ["If-Match": "\"1\""]))
            #expect(deleteStale.status == .preconditionFailed)
            #expect(try await app.changes(token).changes.first?.todo?.name == "Buy bread")
        }
    }

    /// A deletion reaches /v1 and a client's sync-collection, under the client's own name.
    @Test func aDeleteIsATombstoneUnderTheClientsName() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let deleted = try await app.send(.DELETE, Self.path, headers: basic(token, ["If-Match": "\"1\""]))
            #expect(deleted.status == .noContent)
            #expect(try await app.send(.GET, Self.path, headers: basic(token)).status == .notFound)
            #expect(try await app.send(.DELETE, Self.path, headers: basic(token)).status == .notFound)
            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.deleted) == [true])
            let sync =
                #"<D:sync-collection xmlns:D="DAV:"><D:sync-token>http://todo-server/ns/sync/1</D:sync-token><D:prop>"#
                + #"<D:getetag/></D:prop></D:sync-collection>"#
            let report = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token), body: sync)
            #expect(
                report.body.string.contains(
                    "<D:href>/dav/alice/tasks/reminder-42.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"),
                "\(report.body.string)")
        }
    }

    @Test func aUIDAlreadyUsedUnderAnotherNameIsRefused() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let twin = try await app.send(.PUT, "dav/alice/tasks/twin.ics", headers: basic(token), body: Self.reminder)
            #expect(twin.status == .forbidden)
            #expect(twin.body.string.contains("no-uid-conflict"), "\(twin.body.string)")
        }
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n", "valid-calendar-data"),
        (
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            "supported-calendar-component"
        ),
        (
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:no uid\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
            "valid-calendar-object-resource"
        ),
        (
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:u\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
            "valid-calendar-data"
        )
    ])
    func aBodyThatIsNoTodoIsRefusedWithItsPrecondition(body: String, precondition: String) async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let put = try await app.send(.PUT, Self.path, headers: basic(token), body: body)
            #expect(put.status == .forbidden)
            #expect(put.body.string.contains(precondition), "\(put.body.string)")
            #expect(try await app.changes(token).changes.isEmpty)
        }
    }

    /// A todo made with `todo` is served as a fresh VTODO under `<uuid>.ics`, its UID its UUID.
    @Test func aTodoMadeWithTodoIsServedAsAFreshVTodo() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "call mum")])
            let get = try await app.send(
                .GET, "dav/alice/tasks/\(uuid.uuidString.lowercased()).ics", headers: basic(token))
            #expect(get.status == .ok)
            let calendar = try #require(try ICalParser.parse(get.body.string).first)
            let vtodo = try #require(calendar.components(named: "VTODO").first)
            #expect(vtodo.uid == uuid.uuidString.lowercased())
            #expect(vtodo.property("SUMMARY")?.value == "call mum")
        }
    }

    /// DAVx5's multiget after a sync: the text comes in calendar-data, as GET serves it; the
    /// list grants writing (Thunderbird makes a list without it read-only).
    @Test func aMultigetCarriesTheServedText() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let body = """
                <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>\
                <C:calendar-data/></D:prop>
                <D:href>/dav/alice/tasks/reminder-42.ics</D:href></C:calendar-multiget>
                """
            let report = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token), body: body)
            let root = try DAVXMLReader.read(Data(report.body.string.utf8))
            let prop = root.child(.dav("response"))?.child(.dav("propstat"))?.child(.dav("prop"))
            #expect(prop?.child(.caldav("calendar-data"))?.text == Self.reminder)
            #expect(prop?.child(.dav("getetag"))?.text == "\"1\"")
            var headers = basic(token)
            headers.add(name: "Depth", value: "0")
            let list = try await app.send(
                .PROPFIND, "dav/alice/tasks/", headers: headers,
                body: #"<propfind xmlns="DAV:"><prop><current-user-privilege-set/></prop></propfind>"#)
            #expect(list.body.string.contains("<D:privilege><D:write-content/></D:privilege>"), "\(list.body.string)")
        }
    }

    /// The kept text counts against the user's quota, as a record's fields do.
    @Test func theKeptTextCountsAgainstTheQuota() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let user = try #require(try await UserModel.query(on: app.db).filter(\.$name == "alice").first())
            let record = try #require(try await RecordRows.readLive(app.db.reads, userID: try user.requireID()).first)
            #expect(user.storedBytes == record.storedBytes + Int64(Self.reminder.utf8.count))
        }
    }

    /// DAVx5 sends its edit with the ETag it last wrote; a laptop changed the todo since. The
    /// edit is merged, not refused: each side's change stays, and on a field both changed the
    /// server's value stays with the app's kept as an annotation.
    @Test func aPutBasedOnAnOlderVersionIsMergedWithWhatChangedSince() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            let record = try #require(try await app.changes(token).changes.first)
            var fields = try #require(record.todo)
            fields.description = "the oat one"
            _ = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: 1, todo: fields)])
            let renamed = Self.reminder.replacingOccurrences(of: "SUMMARY:Buy milk", with: "SUMMARY:Buy more milk")
            let put = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: renamed)
            #expect(put.status == .noContent, "\(put.body.string)")
            #expect(put.headers.first(name: .eTag) == nil)
            let merged = try #require(try await app.changes(token).changes.first?.todo)
            #expect(merged.name == "Buy more milk")
            #expect(merged.description == "the oat one")

            fields = merged
            fields.name = "Buy soy milk"
            _ = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: record.uuid, baseRev: 3, todo: fields)])
            let other = renamed.replacingOccurrences(of: "SUMMARY:Buy more milk", with: "SUMMARY:Buy rice milk")
            let conflicting = try await app.send(
                .PUT, Self.path, headers: basic(token, ["If-Match": "\"3\""]), body: other)
            #expect(conflicting.status == .noContent)
            let after = try #require(try await app.changes(token).changes.first?.todo)
            #expect(after.name == "Buy soy milk")
            #expect(
                after.attributes.json.contains(
                    "sync conflict: name 'Buy rice milk' from a CalDAV app lost to 'Buy soy milk'"),
                "\(after.attributes.json)")
            let tooOld = try await app.send(.PUT, Self.path, headers: basic(token, ["If-Match": "\"1\""]), body: other)
            #expect(tooOld.status == .preconditionFailed)
        }
    }

    /// Issue 39: todoman 4.1 drops CATEGORIES when it completes a todo; that completion keeps
    /// the tags. A text that says CATEGORIES, or a change that does not complete, is taken as
    /// it says.
    @Test func aCompletionThatDropsCategoriesKeepsTheTags() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.send(.PUT, Self.path, headers: basic(token), body: Self.reminder)
            func tags() async throws -> String {
                try #require(try await app.changes(token).changes.last?.todo).attributes.json
            }
            func put(_ text: String, etag: Int) async throws {
                let answer = try await app.send(
                    .PUT, Self.path, headers: basic(token, ["If-Match": "\"\(etag)\""]), body: text)
                #expect(answer.status == .noContent, "\(answer.body.string)")
            }
            let completed = Self.reminder.replacingOccurrences(
                of: "PRIORITY:1\r\n", with: "PRIORITY:1\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261121T080000Z\r\n")
            try await put(completed.replacingOccurrences(of: "CATEGORIES:shop,home\r\n", with: ""), etag: 1)
            let kept = try await tags()
            #expect(kept.contains(#""tags":["home","shop"]"#), "\(kept)")
            #expect(try #require(try await app.changes(token).changes.last?.todo).completed)

            try await put(Self.reminder, etag: 2)
            try await put(completed.replacingOccurrences(of: "CATEGORIES:shop,home", with: "CATEGORIES:shop"), etag: 3)
            let fewer = try await tags()
            #expect(fewer.contains(#""tags":["shop"]"#), "\(fewer)")
            try await put(Self.reminder, etag: 4)
            try await put(Self.reminder.replacingOccurrences(of: "CATEGORIES:shop,home\r\n", with: ""), etag: 5)
            let none = try await tags()
            #expect(!none.contains("shop"), "\(none)")
        }
    }
}
