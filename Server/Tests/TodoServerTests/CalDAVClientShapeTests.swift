import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 26: requests shaped as DAVx5, iOS (Reminders) and Thunderbird send them, written from
/// RFC 4791, RFC 4918, RFC 6578 and what each client is documented to send: their own
/// namespace prefixes (DAVx5's default DAV: namespace with CAL and CS, iOS's A and B declared
/// on each element, Thunderbird's D, C and CS), their headers (Depth, Prefer: return=minimal,
/// Brief: t, If-Match, If-None-Match), pretty-printed bodies and padded hrefs, and their walk
/// from discovery to editing.
struct CalDAVClientShapeTests {
    // MARK: What each client sends

    /// DAVx5 (dav4jvm): single-quoted XML declaration, DAV: as the default namespace.
    static let davx5Head = "<?xml version='1.0' encoding='UTF-8' ?>"

    /// A VTODO as Tasks.org writes one through DAVx5 (ical4android).
    static func davx5Todo(_ uid: String, summary: String, extra: [String] = []) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN bitfire.at//ical4android (org.dmfs.tasks)", "BEGIN:VTODO",
            "DTSTAMP:20261120T100000Z", "UID:\(uid)", "CREATED:20261120T095900Z", "LAST-MODIFIED:20261120T100000Z",
            "SUMMARY:\(summary)", "PRIORITY:5", "STATUS:NEEDS-ACTION", "DUE;VALUE=DATE:20261205"
        ] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// A VTODO as Reminders on iOS writes one.
    static func iosTodo(_ uid: String, summary: String, extra: [String] = []) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1//EN", "CALSCALE:GREGORIAN", "BEGIN:VTODO",
            "CREATED:20261120T100000Z", "DTSTAMP:20261120T100500Z", "LAST-MODIFIED:20261120T100500Z",
            "SEQUENCE:0", "SUMMARY:\(summary)", "UID:\(uid)", "X-APPLE-SORT-ORDER:731000000"
        ] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// A VTODO as Thunderbird writes one: its VTIMEZONE, a due time in it, X-MOZ-GENERATION.
    static func thunderbirdTodo(_ uid: String, summary: String, generation: Int = 1, extra: [String] = []) -> String {
        ([
            "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "TZNAME:CET", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VTODO", "CREATED:20261120T100000Z", "LAST-MODIFIED:20261120T100000Z", "DTSTAMP:20261120T100000Z",
            "UID:\(uid)", "SUMMARY:\(summary)", "STATUS:NEEDS-ACTION", "DUE;TZID=Europe/Berlin:20261203T180000"
        ] + extra + ["X-MOZ-GENERATION:\(generation)", "END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    // MARK: Helpers

    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
        headers.add(contentsOf: more)
        return headers
    }

    /// A 207 answer's responses, by href.
    func multistatus(
        _ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(href: String, element: DAVElement)] {
        #expect(response.status == .multiStatus, "\(response.body.string)", sourceLocation: sourceLocation)
        #expect(
            response.headers.first(name: .contentType) == "application/xml; charset=utf-8",
            sourceLocation: sourceLocation)
        let root = try DAVXMLReader.read(Data(response.body.string.utf8))
        #expect(root.name == .dav("multistatus"), sourceLocation: sourceLocation)
        return root.children(.dav("response")).map { ($0.child(.dav("href"))?.trimmedText ?? "?", $0) }
    }

    /// The properties under the propstat of `status` ("200 OK", "404 Not Found").
    func properties(_ response: DAVElement, _ status: String) -> [DAVElement] {
        response.children(.dav("propstat")).first { $0.child(.dav("status"))?.trimmedText == "HTTP/1.1 \(status)" }?
            .child(.dav("prop"))?.children ?? []
    }

    func names(_ response: DAVElement, _ status: String) -> Set<DAVName> {
        Set(properties(response, status).map(\.name))
    }

    func found(_ response: DAVElement, _ name: DAVName) -> DAVElement? {
        properties(response, "200 OK").first { $0.name == name }
    }

    func put(_ app: TestApp, _ token: String, _ path: String, _ body: String, _ headers: HTTPHeaders = [:]) async throws
        -> TestResponse
    {
        var all = headers
        all.add(name: .contentType, value: "text/calendar; charset=utf-8")
        return try await app.send(.PUT, path, headers: basic(token, all), body: body)
    }

    static let me = "http://me.com/_namespace/"
    static let apple = DAVNamespace.apple

    // MARK: DAVx5

    /// DAVx5's account set-up and first sync of a list with three tasks: well-known, the
    /// principal, the home's collections, then sync-collection in pages of DAV:limit and a
    /// multiget of what changed.
    @Test func davx5FindsTheListAndSyncsItInPages() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uids = ["3b2e0d7c-0001", "3b2e0d7c-0002", "3b2e0d7c-0003"]
            for (index, uid) in uids.enumerated() {
                let created = try await put(
                    app, token, "dav/alice/tasks/\(uid).ics", Self.davx5Todo(uid, summary: "task \(index)"),
                    ["If-None-Match": "*"])
                #expect(created.status == .created, "\(created.body.string)")
            }

            let wellKnown = try await app.send(
                .PROPFIND, ".well-known/caldav", headers: ["Depth": "0"],
                body: Self.davx5Head + "<propfind xmlns=\"DAV:\"><prop><current-user-principal /></prop></propfind>")
            #expect(wellKnown.status == .movedPermanently)
            #expect(wellKnown.headers.first(name: .location) == "/dav/")

            let principalAsk =
                Self.davx5Head
                + #"<propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><current-user-principal />"#
                + #"</prop></propfind>"#
            let root = try multistatus(
                try await app.send(.PROPFIND, "dav/", headers: basic(token, ["Depth": "0"]), body: principalAsk))
            #expect(root.map(\.href) == ["/dav/"])
            #expect(
                found(root[0].element, .dav("current-user-principal"))?.child(.dav("href"))?.trimmedText
                    == "/dav/alice/")

            let homeAsk =
                Self.davx5Head
                + #"<propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><CAL:calendar-home-set />"#
                + #"<CAL:calendar-user-address-set /><displayname /></prop></propfind>"#
            let principal = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/", headers: basic(token, ["Depth": "0"]), body: homeAsk))
            #expect(
                found(principal[0].element, .caldav("calendar-home-set"))?.child(.dav("href"))?.trimmedText
                    == "/dav/alice/")

            let collectionsAsk =
                Self.davx5Head + """
                    <propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav" \
                    xmlns:CS="http://calendarserver.org/ns/" xmlns:ICAL="http://apple.com/ns/ical/">\
                    <prop><resourcetype /><displayname /><ICAL:calendar-color /><CAL:calendar-description />\
                    <CAL:calendar-timezone /><current-user-privilege-set /><CAL:supported-calendar-component-set />\
                    <CS:source /><owner /></prop></propfind>
                    """
            let home = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/", headers: basic(token, ["Depth": "1"]), body: collectionsAsk)
            )
            #expect(home.map(\.href) == ["/dav/alice/", "/dav/alice/tasks/"])
            let list = home[1].element
            #expect(
                found(list, .dav("resourcetype"))?.children.map(\.name) == [.dav("collection"), .caldav("calendar")])
            #expect(
                found(list, .caldav("supported-calendar-component-set"))?.children.map { $0.attributes["name"] } == [
                    "VTODO"
                ])
            let privileges =
                found(list, .dav("current-user-privilege-set"))?.children(.dav("privilege")).flatMap {
                    $0.children.map(\.name)
                } ?? []
            #expect(
                privileges.contains(.dav("write-content")) && privileges.contains(.dav("bind"))
                    && privileges.contains(.dav("unbind")))
            #expect(
                names(list, "404 Not Found") == [
                    DAVName(Self.apple, "calendar-color"), .caldav("calendar-description"),
                    .caldav("calendar-timezone"), .calendarServer("source")
                ])

            // The sync itself: ctag and token, then sync-collection 2 at a time.
            let state = try multistatus(
                try await app.send(
                    .PROPFIND, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]),
                    body: Self.davx5Head
                        + #"<propfind xmlns="DAV:" xmlns:CS="http://calendarserver.org/ns/"><prop><CS:getctag />"#
                        + #"<sync-token /></prop></propfind>"#
                ))
            #expect(found(state[0].element, .calendarServer("getctag"))?.text == "3")
            #expect(found(state[0].element, .dav("sync-token"))?.text == "http://todo-server/ns/sync/3")
            func sync(_ token: String) -> String {
                Self.davx5Head
                    + #"<sync-collection xmlns="DAV:"><sync-token>\#(token)</sync-token><sync-level>1</sync-level>"#
                    + #"<limit><nresults>2</nresults></limit><prop><getetag /></prop></sync-collection>"#
            }
            let first = try await app.send(
                .REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]), body: sync(""))
            let firstPage = try multistatus(first)
            #expect(
                firstPage.map(\.href) == [
                    "/dav/alice/tasks/3b2e0d7c-0001.ics", "/dav/alice/tasks/3b2e0d7c-0002.ics", "/dav/alice/tasks/"
                ])
            #expect(firstPage[2].element.child(.dav("status"))?.trimmedText == "HTTP/1.1 507 Insufficient Storage")
            let next = try #require(try DAVXMLReader.read(Data(first.body.string.utf8)).child(.dav("sync-token"))?.text)
            #expect(next == "http://todo-server/ns/sync/2")
            let second = try await app.send(
                .REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]), body: sync(next))
            #expect(try multistatus(second).map(\.href) == ["/dav/alice/tasks/3b2e0d7c-0003.ics"])
            #expect(
                try DAVXMLReader.read(Data(second.body.string.utf8)).child(.dav("sync-token"))?.text
                    == "http://todo-server/ns/sync/3")

            let multiget =
                Self.davx5Head + """
                    <CAL:calendar-multiget xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop>\
                    <getcontenttype /><getetag /><CAL:calendar-data /></prop>\
                    <href>/dav/alice/tasks/3b2e0d7c-0001.ics</href><href>/dav/alice/tasks/3b2e0d7c-0003.ics</href>\
                    </CAL:calendar-multiget>
                    """
            let got = try multistatus(
                try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]), body: multiget))
            #expect(got.map(\.href) == ["/dav/alice/tasks/3b2e0d7c-0001.ics", "/dav/alice/tasks/3b2e0d7c-0003.ics"])
            #expect(found(got[0].element, .caldav("calendar-data"))?.text == Self.davx5Todo(uids[0], summary: "task 0"))
            #expect(found(got[1].element, .dav("getetag"))?.text == "\"3\"")
            #expect(
                found(got[1].element, .dav("getcontenttype"))?.text == "text/calendar; charset=utf-8; component=VTODO")
        }
    }

    /// DAVx5 writes with preconditions: If-None-Match: * to create, If-Match with the ETag it
    /// has to replace and to delete; a stale ETag (another device wrote since, and not on top of
    /// this client's version) is 412 and changes nothing.
    @Test func davx5WritesWithPreconditions() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let path = "dav/alice/tasks/3b2e0d7c-0009.ics"
            let text = Self.davx5Todo("3b2e0d7c-0009", summary: "Renew passport")
            let created = try await put(app, token, path, text, ["If-None-Match": "*"])
            #expect(created.status == .created)
            #expect(created.headers.first(name: .eTag) == "\"1\"")
            let again = try await put(app, token, path, text, ["If-None-Match": "*"])
            #expect(again.status == .preconditionFailed)

            let done = Self.davx5Todo(
                "3b2e0d7c-0009", summary: "Renew passport",
                extra: ["COMPLETED:20261121T080000Z", "PERCENT-COMPLETE:100"]
            )
            .replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
            let completed = try await put(app, token, path, done, ["If-Match": "\"1\""])
            #expect(completed.status == .noContent, "\(completed.body.string)")
            #expect(try await app.changes(token).changes.first?.todo?.completed == true)

            // "1": this client's own earlier version, replaced by its later one; "7": never
            // was; a weak tag never matches (RFC 9110 13.1.1).
            for stale in ["\"1\"", "\"7\"", "W/\"2\""] {
                let refused = try await put(app, token, path, text, ["If-Match": stale])
                #expect(refused.status == .preconditionFailed, "\(stale): \(refused.body.string)")
            }
            #expect(try await app.changes(token).changes.first?.todo?.completed == true)

            let deleteStale = try await app.send(.DELETE, path, headers: basic(token, ["If-Match": "\"1\""]))
            #expect(deleteStale.status == .preconditionFailed)
            let deleted = try await app.send(.DELETE, path, headers: basic(token, ["If-Match": "\"2\""]))
            #expect(deleted.status == .noContent)
            #expect(try await app.changes(token).changes.first?.deleted == true)
        }
    }

    // MARK: iOS

    /// iOS's PROPFINDs: A and B declared on each element, pretty-printed, Prefer:
    /// return=minimal and Brief: t, dozens of properties todo has no value for. Those come
    /// back under 404 (the server does not apply return=minimal: no Preference-Applied), in
    /// namespaces of their own when they are not DAV's, CalDAV's, CalendarServer's or Apple's.
    @Test func iosAsksForDozensOfPropertiesAndGetsTheUnknownOnesAs404() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let ios: HTTPHeaders = [
                "Depth": "0", "Prefer": "return=minimal", "Brief": "t", "Content-Type": "text/xml",
                "User-Agent": "iOS/18.1.1 (22B91) dataaccessd/1.0"
            ]

            let first = """
                <?xml version="1.0" encoding="UTF-8"?>
                <A:propfind xmlns:A="DAV:">
                  <A:prop>
                    <A:current-user-principal/>
                    <A:principal-URL/>
                    <A:resourcetype/>
                  </A:prop>
                </A:propfind>
                """
            let wellKnown = try await app.send(.PROPFIND, ".well-known/caldav", headers: ios, body: first)
            #expect(wellKnown.status == .movedPermanently)
            let root = try multistatus(try await app.send(.PROPFIND, "dav/", headers: basic(token, ios), body: first))
            #expect(
                found(root[0].element, .dav("current-user-principal"))?.child(.dav("href"))?.trimmedText
                    == "/dav/alice/")
            #expect(names(root[0].element, "404 Not Found") == [.dav("principal-URL")])

            let principalAsk = """
                <?xml version="1.0" encoding="UTF-8"?>
                <A:propfind xmlns:A="DAV:">
                  <A:prop>
                    <B:calendar-home-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
                    <B:calendar-user-address-set xmlns:B="urn:ietf:params:xml:ns:caldav"/>
                    <A:current-user-principal/>
                    <A:displayname/>
                    <C:dropbox-home-URL xmlns:C="http://calendarserver.org/ns/"/>
                    <C:email-address-set xmlns:C="http://calendarserver.org/ns/"/>
                    <B:max-attendees-per-instance xmlns:B="urn:ietf:params:xml:ns:caldav"/>
                    <C:notification-URL xmlns:C="http://calendarserver.org/ns/"/>
                    <A:principal-collection-set/>
                    <A:principal-URL/>
                    <A:resource-id/>
                    <B:schedule-inbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
                    <B:schedule-outbox-URL xmlns:B="urn:ietf:params:xml:ns:caldav"/>
                    <A:supported-report-set/>
                  </A:prop>
                </A:propfind>
                """
            let principal = try await app.send(.PROPFIND, "dav/alice/", headers: basic(token, ios), body: principalAsk)
            #expect(principal.headers.first(name: "Preference-Applied") == nil)
            let answer = try multistatus(principal)
            #expect(answer.map(\.href) == ["/dav/alice/"])
            #expect(
                names(answer[0].element, "200 OK") == [
                    .caldav("calendar-home-set"), .caldav("calendar-user-address-set"), .dav("current-user-principal"),
                    .dav("displayname"), .dav("principal-URL")
                ])
            #expect(
                names(answer[0].element, "404 Not Found") == [
                    .calendarServer("dropbox-home-URL"), .calendarServer("email-address-set"),
                    .caldav("max-attendees-per-instance"),
                    .calendarServer("notification-URL"), .dav("principal-collection-set"), .dav("resource-id"),
                    .caldav("schedule-inbox-URL"),
                    .caldav("schedule-outbox-URL"), .dav("supported-report-set")
                ])

            // The home at depth 1, with what Reminders asks of every collection.
            let collectionProperties: [(String, String)] = [
                ("A", "add-member"), ("C", "allowed-sharing-modes"), ("D", "autoprovisioned"), ("E", "bulk-requests"),
                ("B", "calendar-alarm"),
                ("D", "calendar-color"), ("B", "calendar-description"), ("B", "calendar-free-busy-set"),
                ("D", "calendar-order"),
                ("B", "calendar-timezone"), ("A", "current-user-privilege-set"), ("B", "default-alarm-vevent-date"),
                ("B", "default-alarm-vevent-datetime"), ("A", "displayname"), ("C", "getctag"), ("C", "invite"),
                ("D", "language-code"),
                ("D", "location-code"), ("A", "owner"), ("C", "pre-publish-url"), ("C", "publish-url"),
                ("C", "push-transports"),
                ("C", "pushkey"), ("A", "quota-available-bytes"), ("A", "quota-used-bytes"), ("D", "refreshrate"),
                ("A", "resource-id"),
                ("A", "resourcetype"), ("B", "schedule-calendar-transp"), ("B", "schedule-default-calendar-URL"),
                ("C", "source"),
                ("C", "subscribed-strip-alarms"), ("C", "subscribed-strip-attachments"),
                ("C", "subscribed-strip-todos"),
                ("B", "supported-calendar-component-set"), ("B", "supported-calendar-component-sets"),
                ("A", "supported-report-set"),
                ("A", "sync-token")
            ]
            let namespaces = [
                "A": DAVNamespace.dav, "B": DAVNamespace.caldav, "C": DAVNamespace.calendarServer, "D": Self.apple,
                "E": Self.me
            ]
            let asked = collectionProperties.map { prefix, name in
                prefix == "A"
                    ? "    <A:\(name)/>" : "    <\(prefix):\(name) xmlns:\(prefix)=\"\(namespaces[prefix]!)\"/>"
            }
            let homeAsk =
                (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<A:propfind xmlns:A=\"DAV:\">", "  <A:prop>"] + asked
                + ["  </A:prop>", "</A:propfind>"]).joined(separator: "\n")
            var depth1 = ios
            depth1.replaceOrAdd(name: "Depth", value: "1")
            let home = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/", headers: basic(token, depth1), body: homeAsk))
            #expect(home.map(\.href) == ["/dav/alice/", "/dav/alice/tasks/"])
            let list = home[1].element
            let served: Set<DAVName> = [
                .dav("current-user-privilege-set"), .dav("displayname"), .calendarServer("getctag"), .dav("owner"),
                .dav("resourcetype"),
                .caldav("supported-calendar-component-set"), .dav("supported-report-set"), .dav("sync-token")
            ]
            #expect(names(list, "200 OK") == served)
            let all = Set(collectionProperties.map { DAVName(namespaces[$0.0]!, $0.1) })
            #expect(names(list, "404 Not Found") == all.subtracting(served))
            #expect(found(list, .dav("displayname"))?.text == "Tasks")
            #expect(found(list, .dav("owner"))?.child(.dav("href"))?.trimmedText == "/dav/alice/")
            let reports = found(list, .dav("supported-report-set"))?.children(.dav("supported-report")).compactMap {
                $0.child(.dav("report"))?.children.first?.name
            }
            #expect(reports == [.caldav("calendar-multiget"), .caldav("calendar-query"), .dav("sync-collection")])
            // An unknown namespace gets a declaration of its own, which a parser reads back.
            #expect(names(list, "404 Not Found").contains(DAVName(Self.me, "bulk-requests")))
        }
    }

    /// Reminders syncs with sync-collection (no Depth) and multiget, pretty-printed with padded
    /// hrefs; it PUTs a new reminder without preconditions and edits with If-Match.
    @Test func iosSyncsAndEditsAReminder() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let ios: HTTPHeaders = ["Prefer": "return=minimal", "Brief": "t", "Content-Type": "text/xml"]
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "made with todo")])

            let sync = """
                <?xml version="1.0" encoding="UTF-8"?>
                <A:sync-collection xmlns:A="DAV:">
                  <A:sync-token></A:sync-token>
                  <A:sync-level>1</A:sync-level>
                  <A:prop>
                    <A:getetag/>
                    <A:getcontenttype/>
                  </A:prop>
                </A:sync-collection>
                """
            let initial = try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ios), body: sync)
            let members = try multistatus(initial)
            let href = "/dav/alice/tasks/\(uuid.uuidString.lowercased()).ics"
            #expect(members.map(\.href) == [href])
            #expect(found(members[0].element, .dav("getetag"))?.text == "\"1\"")
            let token1 = try #require(
                try DAVXMLReader.read(Data(initial.body.string.utf8)).child(.dav("sync-token"))?.text)

            let multiget = """
                <?xml version="1.0" encoding="UTF-8"?>
                <B:calendar-multiget xmlns:B="urn:ietf:params:xml:ns:caldav">
                  <A:prop xmlns:A="DAV:">
                    <A:getetag/>
                    <B:calendar-data/>
                  </A:prop>
                  <A:href xmlns:A="DAV:">
                    \(href)
                  </A:href>
                </B:calendar-multiget>
                """
            let got = try multistatus(
                try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ios), body: multiget))
            #expect(got.map(\.href) == [href])
            #expect(found(got[0].element, .caldav("calendar-data"))?.text.contains("SUMMARY:made with todo") == true)

            // A new reminder, PUT with no precondition; then completed with If-Match.
            let path = "dav/alice/tasks/6E1B8F3A-REMINDER.ics"
            let created = try await put(app, token, path, Self.iosTodo("6E1B8F3A-REMINDER", summary: "Call the bank"))
            #expect(created.status == .created, "\(created.body.string)")
            let etag = try #require(try await app.send(.GET, path, headers: basic(token)).headers.first(name: .eTag))
            #expect(etag == "\"2\"")
            let completed = Self.iosTodo(
                "6E1B8F3A-REMINDER", summary: "Call the bank", extra: ["COMPLETED:20261121T090000Z", "STATUS:COMPLETED"]
            )
            let edited = try await put(app, token, path, completed, ["If-Match": etag])
            #expect(edited.status == .noContent, "\(edited.body.string)")

            let since = try await app.send(
                .REPORT, "dav/alice/tasks/", headers: basic(token, ios),
                body: sync.replacingOccurrences(
                    of: "<A:sync-token></A:sync-token>", with: "<A:sync-token>\n    \(token1)\n  </A:sync-token>"))
            let changed = try multistatus(since)
            #expect(changed.map(\.href) == ["/dav/alice/tasks/6E1B8F3A-REMINDER.ics"])
            #expect(found(changed[0].element, .dav("getetag"))?.text == "\"3\"")
            let todo = try #require(
                try await app.changes(token).changes.first { $0.todo?.name == "Call the bank" }?.todo)
            #expect(todo.completed)
        }
    }

    // MARK: Thunderbird

    /// Thunderbird's checks of a new calendar: OPTIONS, the list's capabilities (all found),
    /// the principal's scheduling addresses (inbox and outbox 404: no scheduling).
    @Test func thunderbirdChecksTheServersCapabilities() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let options = try await app.send(.OPTIONS, "dav/alice/tasks/", headers: basic(token))
            #expect(options.status == .ok)
            #expect(
                options.headers.first(name: "DAV")?.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.contains("calendar-access") == true)

            let caps = """
                <?xml version="1.0" encoding="UTF-8"?>
                <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/" \
                xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:resourcetype/><D:owner/><D:current-user-principal/>\
                <D:current-user-privilege-set/><D:supported-report-set/><C:supported-calendar-component-set/>\
                <CS:getctag/></D:prop></D:propfind>
                """
            let list = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]), body: caps))
            #expect(list.map(\.href) == ["/dav/alice/tasks/"])
            #expect(names(list[0].element, "404 Not Found").isEmpty)
            #expect(names(list[0].element, "200 OK").count == 7)
            #expect(
                found(list[0].element, .dav("current-user-principal"))?.child(.dav("href"))?.trimmedText
                    == "/dav/alice/")

            let scheduling = """
                <?xml version="1.0" encoding="UTF-8"?>
                <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-home-set/>\
                <C:calendar-user-address-set/><C:schedule-inbox-URL/><C:schedule-outbox-URL/></D:prop></D:propfind>
                """
            let principal = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/", headers: basic(token, ["Depth": "0"]), body: scheduling))
            #expect(
                names(principal[0].element, "200 OK") == [
                    .caldav("calendar-home-set"), .caldav("calendar-user-address-set")
                ])
            #expect(
                names(principal[0].element, "404 Not Found") == [
                    .caldav("schedule-inbox-URL"), .caldav("schedule-outbox-URL")
                ])
        }
    }

    /// Thunderbird's sync: getctag (moves with each change), sync-collection sent with Depth: 1
    /// (RFC 6578 wants 0; accepted), the etag PROPFIND and calendar-query it falls back on,
    /// multiget; a task created with If-None-Match: * and completed with If-Match.
    @Test func thunderbirdSyncsAndCompletesATask() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let head = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            func ctag() async throws -> String? {
                let ask =
                    head
                    + #"<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:getctag/>"#
                    + #"</D:prop></D:propfind>"#
                let answer = try multistatus(
                    try await app.send(.PROPFIND, "dav/alice/tasks/", headers: basic(token, ["Depth": "0"]), body: ask))
                return found(answer[0].element, .calendarServer("getctag"))?.text
            }
            #expect(try await ctag() == "0")

            let path = "dav/alice/tasks/0f4c2a9e-tb.ics"
            let created = try await put(
                app, token, path, Self.thunderbirdTodo("0f4c2a9e-tb", summary: "Water plants"), ["If-None-Match": "*"])
            #expect(created.status == .created, "\(created.body.string)")
            #expect(try await ctag() == "1")
            let fields = try #require(try await app.changes(token).changes.first?.todo)
            #expect(fields.name == "Water plants")

            let sync =
                head
                + #"<D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>1</D:sync-level><D:prop>"#
                + #"<D:getcontenttype/><D:getetag/></D:prop></D:sync-collection>"#
            let synced = try multistatus(
                try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "1"]), body: sync))
            #expect(synced.map(\.href) == ["/" + path])

            let etags =
                head
                + #"<D:propfind xmlns:D="DAV:"><D:prop><D:getcontenttype/><D:resourcetype/><D:getetag/></D:prop>"#
                + #"</D:propfind>"#
            let listed = try multistatus(
                try await app.send(.PROPFIND, "dav/alice/tasks/", headers: basic(token, ["Depth": "1"]), body: etags))
            #expect(listed.map(\.href) == ["/dav/alice/tasks/", "/" + path])
            #expect(found(listed[1].element, .dav("getetag"))?.text == "\"1\"")
            #expect(found(listed[1].element, .dav("resourcetype"))?.children.isEmpty == true)
            #expect(names(listed[0].element, "404 Not Found") == [.dav("getcontenttype"), .dav("getetag")])

            let query =
                head + """
                    <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>\
                    </D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter>\
                    </C:filter></C:calendar-query>
                    """
            let queried = try multistatus(
                try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "1"]), body: query))
            #expect(queried.map(\.href) == ["/" + path])

            let multiget =
                head + """
                    <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>\
                    <C:calendar-data/></D:prop><D:href>/\(path)</D:href></C:calendar-multiget>
                    """
            let got = try multistatus(
                try await app.send(.REPORT, "dav/alice/tasks/", headers: basic(token, ["Depth": "1"]), body: multiget))
            #expect(
                found(got[0].element, .caldav("calendar-data"))?.text
                    == Self.thunderbirdTodo("0f4c2a9e-tb", summary: "Water plants"))

            let done = Self.thunderbirdTodo(
                "0f4c2a9e-tb", summary: "Water plants", generation: 2,
                extra: ["COMPLETED:20261203T170000Z", "PERCENT-COMPLETE:100"]
            )
            .replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
            let completed = try await put(app, token, path, done, ["If-Match": "\"1\""])
            #expect(completed.status == .noContent, "\(completed.body.string)")
            #expect(try await ctag() == "2")
            #expect(try await app.changes(token).changes.first?.todo?.completed == true)
            let served = try await app.send(.GET, path, headers: basic(token))
            #expect(served.body.string == done)
            #expect(served.headers.first(name: .eTag) == "\"2\"")
        }
    }
}
