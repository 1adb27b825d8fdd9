import Foundation
import Testing
import TodoICalMapping
import VaporTesting

@testable import TodoServer

/// A todo served under `<uuid>.ics` that an app's resource names now (its copy of an
/// occurrence): a sync-collection tells clients the old name is gone, unless another todo
/// holds it now.
struct CalDAVRenameTests {
    typealias Series = CalDAVRecurrenceTests

    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders { Series().basic(token, more) }

    /// The sync-token now, and what a sync-collection since `token` answers: each href with
    /// its status alone or `200`.
    func sync(_ app: TestApp, _ token: String, since: String = "") async throws -> (token: String, summary: [String]) {
        let body =
            #"<D:sync-collection xmlns:D="DAV:"><D:sync-token>\#(since)</D:sync-token><D:sync-level>1</D:sync-level>"#
            + #"<D:prop><D:getetag/></D:prop></D:sync-collection>"#
        let response = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token), body: body)
        #expect(response.status == .multiStatus, "\(response.body.string)")
        let root = try DAVXMLReader.read(Data(response.body.string.utf8))
        let summary = root.children(.dav("response")).map { response in
            (response.child(.dav("href"))?.trimmedText ?? "?") + " "
                + (response.child(.dav("status"))?.trimmedText ?? "200")
        }
        return (try #require(root.child(.dav("sync-token"))?.text), summary)
    }

    func href(_ uuid: UUID) -> String { "/dav/alice/tasks/\(ICalUID.uid(for: uuid)).ics" }

    /// todoman's next instance takes over the next occurrence the server made: the next
    /// occurrence's `<uuid>.ics` is reported gone.
    @Test func anAppsNameTakingOverATodoReportsItsServerNameGone() async throws {
        try await withTestApp { app in
            let token = try await Series().start(app)
            let put = try await app.send(
                .PUT, Series.path, headers: basic(token, ["If-Match": "\"1\""]), body: Series.completed)
            #expect(put.status == .noContent, "\(put.body.string)")
            let before = try await sync(app, token)
            #expect(before.summary.contains("\(href(Series.next)) 200"), "\(before.summary)")
            let added = try await app.send(
                .PUT, Series.todomanNextPath, headers: basic(token, ["If-None-Match": "*"]), body: Series.todomanNext)
            #expect(added.status == .created, "\(added.body.string)")
            let after = try await sync(app, token, since: before.token)
            #expect(
                after.summary.sorted()
                    == ["/dav/alice/tasks/todoman-next-2.ics 200", "\(href(Series.next)) HTTP/1.1 404 Not Found"]
                    .sorted())
        }
    }

    /// A new resource whose UID names a todo an app keeps under its own name is refused, not
    /// a silent move of that todo.
    @Test func aUIDNamingATodoAnAppKeepsElsewhereIsRefused() async throws {
        try await withTestApp { app in
            let token = try await Series().start(app)
            #expect(try await Series().todomanCompletes(app, token).status == .created)
            let other = Series.calendar(
                uid: ICalUID.uid(for: Series.next), ["DUE;VALUE=DATE:20261208", "RRULE:FREQ=WEEKLY"])
            let put = try await app.send(.PUT, "dav/alice/tasks/other.ics", headers: basic(token), body: other)
            #expect(
                put.status == .forbidden && put.body.string.contains("no-uid-conflict"),
                "\(put.status) \(put.body.string)")
            #expect(try await app.send(.GET, "dav/alice/tasks/todoman-next-2.ics", headers: basic(token)).status == .ok)
            // The server's own name for it is no conflict.
            let own = try await app.send(
                .PUT, String(href(Series.next).dropFirst()), headers: basic(token), body: other)
            #expect(own.status == .noContent, "\(own.body.string)")
        }
    }

    /// A completed copy of a series served under `<uuid>.ics`: that name goes to the next
    /// occurrence, so it is not reported gone.
    @Test func aServerNameHeldByTheNextOccurrenceIsNotReportedGone() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let series = Series.calendar(
                uid: ICalUID.uid(for: Series.occurrence), ["DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"])
            let start = try await app.send(
                .PUT, href(Series.occurrence), headers: basic(token, ["If-None-Match": "*"]), body: series)
            #expect(start.status == .created, "\(start.body.string)")
            let before = try await sync(app, token)
            let copy = Series.calendar(
                uid: "copy-3", ["DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "COMPLETED:20261201T090000Z"])
            let saved = try await app.send(.PUT, "dav/alice/tasks/copy-3.ics", headers: basic(token), body: copy)
            #expect(saved.status == .created, "\(saved.body.string)")
            let after = try await sync(app, token, since: before.token)
            #expect(
                after.summary.contains("/dav/alice/tasks/copy-3.ics 200")
                    && after.summary.contains("\(href(Series.occurrence)) 200"), "\(after.summary)")
            #expect(!after.summary.contains("\(href(Series.occurrence)) HTTP/1.1 404 Not Found"), "\(after.summary)")
        }
    }
}
