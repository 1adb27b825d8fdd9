import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// REPORTs on a task list, as DAVx5, Tasks.org and Thunderbird send them: multiget by hrefs,
/// the open-tasks query, and sync-collection on the change feed (deletions as 404, a token
/// past the pruning horizon refused with valid-sync-token, a limit continued).
struct CalDAVReportTests {
    func basic(_ user: String, _ token: String) -> HTTPHeaders {
        ["Authorization": "Basic " + Data("\(user):\(token)".utf8).base64EncodedString()]
    }

    func report(_ app: TestApp, _ token: String, _ body: String) async throws -> (TestResponse, DAVElement?) {
        let response = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic("alice", token), body: body)
        return (response, try? DAVXMLReader.read(Data(response.body.string.utf8)))
    }

    /// Each response's href and what it says: its ETag, or its status alone.
    func summary(_ root: DAVElement?) -> [String] {
        (root?.children(.dav("response")) ?? []).map { response in
            let href = response.child(.dav("href"))?.trimmedText ?? "?"
            if let status = response.child(.dav("status"))?.trimmedText { return "\(href) \(status)" }
            let etag = response.child(.dav("propstat"))?.child(.dav("prop"))?.child(.dav("getetag"))?.text ?? "-"
            return "\(href) \(etag)"
        }
    }

    func href(_ uuid: UUID) -> String { "/dav/alice/tasks/\(uuid.uuidString.lowercased()).ics" }

    func syncBody(_ token: String, limit: Int? = nil) -> String {
        let limitText = limit.map { "<D:limit><D:nresults>\($0)</D:nresults></D:limit>" } ?? ""
        return
            #"<D:sync-collection xmlns:D="DAV:"><D:sync-token>\#(token)</D:sync-token>"#
            + #"<D:sync-level>1</D:sync-level>\#(limitText)<D:prop><D:getetag/></D:prop></D:sync-collection>"#
    }

    @Test func aMultigetGivesEachTodoAndA404ForTheRest() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (milk, mum, gone) = (UUID(), UUID(), UUID())
            _ = try await app.push(
                token,
                [Make.put(milk, base: 0, "buy milk"), Make.put(mum, base: 0, "call mum"), Make.put(gone, base: 0, "x")])
            _ = try await app.push(token, [Make.delete(gone, base: 3)])
            let body = """
                <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>\
                </D:prop>
                <D:href> \(href(mum)) </D:href><D:href>\(href(gone))</D:href><D:href>/dav/alice/tasks/other.ics</D:href>
                <D:href>http://localhost:8080\(href(milk))</D:href></C:calendar-multiget>
                """
            let (response, root) = try await report(app, token, body)
            #expect(response.status == .multiStatus, "\(response.body.string)")
            #expect(
                summary(root) == [
                    "\(href(mum)) \"2\"", "\(href(gone)) HTTP/1.1 404 Not Found",
                    "/dav/alice/tasks/other.ics HTTP/1.1 404 Not Found",
                    "http://localhost:8080\(href(milk)) \"1\""
                ])
        }
    }

    /// A todo asked for again, however its href is spelled, is answered once: the answer never
    /// outgrows the todos asked.
    @Test func aMultigetAnswersATodoAskedTwiceOnce() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let milk = UUID()
            _ = try await app.push(token, [Make.put(milk, base: 0, "buy milk")])
            // The same todo spelled apart too: full URLs with queries, a letter percent-encoded.
            let spelled = (0..<200).map { "<D:href>http://127.0.0.1\(href(milk))?n=\($0)</D:href>" }.joined()
            let encoded = href(milk).replacingOccurrences(of: ".ics", with: "%2Eics")
            let hrefs =
                String(repeating: "<D:href>\(href(milk))</D:href>", count: 500) + "<D:href> \(href(milk)) </D:href>"
                + spelled + "<D:href>\(encoded)</D:href>"
            let body =
                #"<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>"#
                + #"<C:calendar-data/></D:prop>"#
                + hrefs + "</C:calendar-multiget>"
            let (response, root) = try await report(app, token, body)
            #expect(response.status == .multiStatus, "\(response.body.string)")
            #expect(summary(root) == ["\(href(milk)) \"1\""])
        }
    }

    /// Tasks.org's query for open tasks leaves out completed ones; a filter the server cannot
    /// apply is refused.
    @Test func theOpenTasksQueryLeavesOutCompletedOnes() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (open, done) = (UUID(), UUID())
            let completed = PushOperation(
                opId: UUID(), kind: .put, uuid: done, baseRev: 0, todo: Make.fields("paid", completed: true))
            _ = try await app.push(token, [Make.put(open, base: 0, "pay rent"), completed])
            func query(_ inner: String) -> String {
                """
                <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
                <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\(inner)</C:comp-filter>\
                </C:comp-filter></C:filter>
                </C:calendar-query>
                """
            }
            let (_, openOnly) = try await report(
                app, token, query(#"<C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter>"#))
            #expect(summary(openOnly) == ["\(href(open)) \"1\""])
            let (_, all) = try await report(app, token, query(""))
            #expect(summary(all) == ["\(href(open)) \"1\"", "\(href(done)) \"2\""])
            let param = #"<C:prop-filter name="DUE"><C:param-filter name="TZID"/></C:prop-filter>"#
            let (refused, _) = try await report(app, token, query(param))
            #expect(refused.status == .forbidden)
            #expect(refused.body.string.contains("supported-filter"), "\(refused.body.string)")
        }
    }

    @Test func syncCollectionReadsTheChangeFeed() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (milk, mum) = (UUID(), UUID())
            _ = try await app.push(token, [Make.put(milk, base: 0, "buy milk"), Make.put(mum, base: 0, "call mum")])
            let (first, firstRoot) = try await report(app, token, syncBody(""))
            #expect(first.status == .multiStatus, "\(first.body.string)")
            #expect(summary(firstRoot) == ["\(href(milk)) \"1\"", "\(href(mum)) \"2\""])
            let start = try #require(firstRoot?.child(.dav("sync-token"))?.text)
            #expect(start == "http://todo-server/ns/sync/2")

            _ = try await app.push(token, [Make.delete(milk, base: 1), Make.put(mum, base: 2, "call dad")])
            let (_, next) = try await report(app, token, syncBody(start))
            #expect(summary(next) == ["\(href(milk)) HTTP/1.1 404 Not Found", "\(href(mum)) \"4\""])
            let now = try #require(next?.child(.dav("sync-token"))?.text)
            #expect(now == "http://todo-server/ns/sync/4")

            let (_, nothing) = try await report(app, token, syncBody(now))
            #expect(summary(nothing).isEmpty)
            #expect(nothing?.child(.dav("sync-token"))?.text == now)
        }
    }

    @Test func aLimitedSyncSaysItIsCutAndGoesOnFromItsToken() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuids = (0..<3).map { _ in UUID() }
            _ = try await app.push(token, uuids.map { Make.put($0, base: 0, "t") })
            let (_, cut) = try await report(app, token, syncBody("", limit: 2))
            #expect(
                summary(cut) == [
                    "\(href(uuids[0])) \"1\"", "\(href(uuids[1])) \"2\"",
                    "/dav/alice/tasks/ HTTP/1.1 507 Insufficient Storage"
                ])
            let middle = try #require(cut?.child(.dav("sync-token"))?.text)
            let (_, rest) = try await report(app, token, syncBody(middle, limit: 2))
            #expect(summary(rest) == ["\(href(uuids[2])) \"3\""])
        }
    }

    /// An unknown token, one from the future, and one below the pruning horizon: 403 with
    /// valid-sync-token, never a shortened list (the client then syncs from the start).
    @Test func aTokenTheServerCannotContinueIsRefused() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let milk = UUID()
            _ = try await app.push(token, [Make.put(milk, base: 0, "buy milk")])
            _ = try await app.push(token, [Make.delete(milk, base: 1), Make.put(UUID(), base: 0, "bread")])
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            for stale in [
                "http://todo-server/ns/sync/1", "http://todo-server/ns/sync/99", "urn:other:5",
                "http://todo-server/ns/sync/-1"
            ] {
                let (refused, _) = try await report(app, token, syncBody(stale))
                #expect(refused.status == .forbidden, "\(stale)")
                #expect(refused.body.string.contains("<D:valid-sync-token/>"), "\(refused.body.string)")
            }
            let (fresh, root) = try await report(app, token, syncBody(""))
            #expect(fresh.status == .multiStatus)
            #expect(summary(root).count == 1)
        }
    }

    @Test func anotherUsersListAndABadReportAreRefused() async throws {
        try await withTestApp { app in
            let alice = try await app.makeUser("alice")
            let bob = try await app.makeUser("bob")
            let theirs = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic("bob", bob), body: syncBody(""))
            try app.expectError(theirs, .notFound)
            let (odd, _) = try await report(
                app, alice, #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#)
            #expect(odd.status == .forbidden)
            #expect(odd.body.string.contains("<D:supported-report/>"), "\(odd.body.string)")
        }
    }
}
