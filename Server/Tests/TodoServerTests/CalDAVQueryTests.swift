import Foundation
import Testing
import TodoICal
import VaporTesting

@testable import TodoServer

/// calendar-query filters applied as RFC 4791 says: time-ranges by §9.9's table, on each
/// occurrence of a repeating todo, and property tests with text-match on the VTODO as served.
struct CalDAVQueryTests {
    let reports = CalDAVReportTests()

    /// Todos as apps write them: each name a line of VTODO properties.
    static let todos: [String: [String]] = [
        "due-dec-1": ["DUE;VALUE=DATE:20261201"],
        "due-dec-20": ["DUE:20261220T090000Z"],
        "start-and-due": ["DTSTART:20261125T090000Z", "DUE:20261210T090000Z"],
        "start-and-duration": ["DTSTART:20261130T230000Z", "DURATION:PT2H"],
        "start-only": ["DTSTART:20261202T080000Z"],
        "done-in-nov": ["CREATED:20261101T090000Z", "COMPLETED:20261105T090000Z", "STATUS:COMPLETED"],
        "weekly-from-nov": ["DUE;VALUE=DATE:20261103", "RRULE:FREQ=WEEKLY"],
        "weekly-until-nov": ["DUE;VALUE=DATE:20261103", "RRULE:FREQ=WEEKLY;UNTIL=20261124"],
        "no-dates": []
    ]

    func store(_ app: TestApp, _ token: String) async throws {
        for (name, lines) in Self.todos {
            let body =
                ([
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(name)",
                    "DTSTAMP:20261101T080000Z",
                    "SUMMARY:\(name)"
                ] + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
            let put = try await app.send(
                .PUT, "dav/alice/tasks/\(name).ics", headers: reports.basic("alice", token), body: body)
            #expect(put.status == .created, "\(name): \(put.body.string)")
        }
    }

    func query(_ inner: String) -> String {
        """
        <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
        <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO">\(inner)</C:comp-filter></C:comp-filter>\
        </C:filter>
        </C:calendar-query>
        """
    }

    /// The names of the todos a query answers.
    func names(_ app: TestApp, _ token: String, _ inner: String) async throws -> [String] {
        let (response, root) = try await reports.report(app, token, query(inner))
        #expect(response.status == .multiStatus, "\(response.body.string)")
        return reports.summary(root).map { String($0.split(separator: " ")[0].split(separator: "/").last!.dropLast(4)) }
            .sorted()
    }

    @Test func aTimeRangeFollowsTheTableOfRFC4791() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            try await store(app, token)
            let december = try await names(
                app, token, #"<C:time-range start="20261201T000000Z" end="20261208T000000Z"/>"#)
            // Due at the window's very start is before it (start < DUE), as the RFC has it.
            #expect(december == ["no-dates", "start-and-due", "start-and-duration", "start-only", "weekly-from-nov"])
            let endingOnDecFirst = try await names(
                app, token, #"<C:time-range start="20261130T000000Z" end="20261201T000000Z"/>"#)
            #expect(
                endingOnDecFirst == ["due-dec-1", "no-dates", "start-and-due", "start-and-duration", "weekly-from-nov"])
            let early = try await names(app, token, #"<C:time-range start="20261102T000000Z" end="20261106T000000Z"/>"#)
            #expect(early == ["done-in-nov", "no-dates", "weekly-from-nov", "weekly-until-nov"])
            let late = try await names(app, token, #"<C:time-range start="20270301T000000Z"/>"#)
            #expect(late == ["no-dates", "weekly-from-nov"])
            let (bad, _) = try await reports.report(app, token, query(#"<C:time-range start="2026-12-01"/>"#))
            #expect(bad.status == .badRequest)
        }
    }

    @Test func aTextMatchIsAppliedToTheServedText() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            try await store(app, token)
            let weekly = try await names(
                app, token, #"<C:prop-filter name="SUMMARY"><C:text-match>WEEKLY</C:text-match></C:prop-filter>"#)
            #expect(weekly == ["weekly-from-nov", "weekly-until-nov"])
            let notDone =
                #"<C:prop-filter name="STATUS"><C:text-match negate-condition="yes">COMPLETED</C:text-match>"#
                + #"</C:prop-filter>"#
            #expect(try await names(app, token, notDone) == [])
            let octet =
                #"<C:prop-filter name="SUMMARY"><C:text-match collation="i;octet">WEEKLY</C:text-match>"#
                + #"</C:prop-filter>"#
            #expect(try await names(app, token, octet) == [])
            let withRule = try await names(app, token, #"<C:prop-filter name="RRULE"/>"#)
            #expect(withRule == ["weekly-from-nov", "weekly-until-nov"])
        }
    }

    @Test(arguments: [
        ("PT2H", 7200.0), ("-P1W", -604_800.0), ("P1DT12H", 129_600.0), ("PT1H30M15S", 5415.0), ("P", nil), ("PT", nil),
        ("1H", nil), ("PT2", nil), ("P1H", nil)
    ])
    func aDurationIsReadInSeconds(text: String, seconds: Double?) {
        #expect(CalDAVQuery.seconds(ofDuration: text) == seconds)
    }
}
