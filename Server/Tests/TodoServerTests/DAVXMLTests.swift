import Foundation
import Testing
@testable import TodoServer

/// The CalDAV face's XML: request bodies as the clients send them (their own prefixes, padded
/// hrefs), refused bodies, and multistatus answers read back.
@Suite struct DAVXMLTests {
    /// iOS's discovery PROPFIND: prefixes A and B of its own, and a property todo does not know.
    static let iosPropfind = """
        <?xml version="1.0" encoding="UTF-8"?>
        <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav" xmlns:E="http://apple.com/ns/ical/">
          <A:prop><A:current-user-principal/><B:calendar-home-set/><E:calendar-color/><A:resourcetype/></A:prop>
        </A:propfind>
        """

    /// DAVx5's multiget, with an href padded as iOS pads them.
    static let paddedMultiget = """
        <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <D:prop><D:getetag/><C:calendar-data/></D:prop>
          <D:href>
            /dav/alice/tasks/1.ics
          </D:href>
          <D:href>/dav/alice/tasks/2.ics</D:href>
        </C:calendar-multiget>
        """

    /// iOS's discovery PROPFIND: prefixes A and B of its own, and properties todo does not know.
    @Test func aPropfindWithTheClientsOwnPrefixesIsReadByNamespace() throws {
        let request = try PropfindRequest.read(Data(Self.iosPropfind.utf8))
        #expect(
            request
                == .properties([
                    .dav("current-user-principal"), .caldav("calendar-home-set"),
                    DAVName(DAVNamespace.apple, "calendar-color"), .dav("resourcetype")
                ]))
    }

    @Test func anEmptyPropfindAsksForEveryProperty() throws {
        #expect(try PropfindRequest.read(Data()) == .allProperties)
        #expect(try PropfindRequest.read(Data(" \r\n".utf8)) == .allProperties)
        #expect(
            try PropfindRequest.read(Data(#"<propfind xmlns="DAV:"><propname/></propfind>"#.utf8)) == .propertyNames)
    }

    /// DAVx5's multiget, with hrefs padded as iOS pads them.
    @Test func aMultigetGivesItsHrefsTrimmed() throws {
        let request = try ReportRequest.read(Data(Self.paddedMultiget.utf8))
        #expect(
            request
                == .multiget(
                    properties: [.dav("getetag"), .caldav("calendar-data")],
                    hrefs: ["/dav/alice/tasks/1.ics", "/dav/alice/tasks/2.ics"]))
    }

    /// Tasks.org's query for open tasks: VCALENDAR, VTODO, COMPLETED not defined.
    @Test func aCalendarQueryGivesItsComponentsAndPropertyTests() throws {
        let body = """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:getetag/></d:prop>
              <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
                <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
                <c:time-range start="20261101T000000Z"/>
              </c:comp-filter></c:comp-filter></c:filter>
            </c:calendar-query>
            """
        let request = try ReportRequest.read(Data(body.utf8))
        let filter = CalendarFilter(
            components: ["VCALENDAR", "VTODO"], properties: [.init(name: "COMPLETED", defined: false)],
            timeRange: .init(start: "20261101T000000Z"))
        #expect(request == .query(properties: [.dav("getetag")], filter: filter))
    }

    @Test func aSyncCollectionGivesItsTokenAndLimit() throws {
        let body = """
            <d:sync-collection xmlns:d="DAV:"><d:sync-token> http://todo/sync/42 </d:sync-token>\
            <d:sync-level>1</d:sync-level>
            <d:limit><d:nresults>100</d:nresults></d:limit><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        #expect(
            try ReportRequest.read(Data(body.utf8))
                == .syncCollection(token: "http://todo/sync/42", properties: [.dav("getetag")], limit: 100))
        let initial = #"<sync-collection xmlns="DAV:"><sync-token/><prop><getetag/></prop></sync-collection>"#
        #expect(
            try ReportRequest.read(Data(initial.utf8))
                == .syncCollection(token: "", properties: [.dav("getetag")], limit: nil))
    }

    @Test(arguments: [
        ("<D:propfind xmlns:D=\"DAV:\"><D:prop>", "not well-formed"),
        ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><D:propfind xmlns:D=\"DAV:\"><D:allprop/></D:propfind>", "document type"),
        ("<D:prop xmlns:D=\"DAV:\"/>", "must be a DAV:propfind"),
        ("<propfind xmlns=\"urn:other\"><allprop/></propfind>", "must be a DAV:propfind"),
        ("<D:propfind xmlns:D=\"DAV:\"/>", "must hold"),
        (String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200), "too deep")
    ])
    func aBadPropfindBodyIsRefusedWithItsReason(body: String, reason: String) {
        #expect {
            try PropfindRequest.read(Data(body.utf8))
        } throws: { error in
            (error as? DAVBodyError)?.reason.contains(reason) == true
        }
    }

    @Test(arguments: [
        (
            "<D:sync-collection xmlns:D=\"DAV:\"><D:sync-level>infinite</D:sync-level></D:sync-collection>",
            "sync-level 1"
        ),
        (
            "<D:sync-collection xmlns:D=\"DAV:\"><D:limit><D:nresults>-3</D:nresults></D:limit></D:sync-collection>",
            "positive"
        )
    ])
    func aBadReportBodyIsRefusedWithItsReason(body: String, reason: String) {
        #expect {
            try ReportRequest.read(Data(body.utf8))
        } throws: { error in
            (error as? DAVBodyError)?.reason.contains(reason) == true
        }
    }

    /// An answer read back: found properties under 200, unknown ones under 404, text escaped.
    @Test func aMultistatusReadsBackWithFoundAndMissingProperties() throws {
        var writer = MultistatusWriter()
        writer.response(
            href: "/dav/alice/tasks/",
            found: [
                (.dav("displayname"), .text("Tasks <&> \"home\"")),
                (.dav("resourcetype"), .elements([.dav("collection"), .caldav("calendar")])),
                (.caldav("supported-calendar-component-set"), .components(["VTODO"]))
            ],
            missing: [DAVName(DAVNamespace.apple, "calendar-color"), DAVName("urn:x-other", "odd")])
        writer.response(href: "/dav/alice/tasks/gone.ics", status: "404 Not Found")
        let root = try DAVXMLReader.read(Data(writer.finished(syncToken: "http://todo/sync/7").utf8))
        #expect(root.name == .dav("multistatus"))
        let responses = root.children(.dav("response"))
        #expect(responses.count == 2)
        let propstats = responses[0].children(.dav("propstat"))
        #expect(
            propstats.map { $0.child(.dav("status"))?.trimmedText } == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        let found = try #require(propstats[0].child(.dav("prop")))
        #expect(found.child(.dav("displayname"))?.text == "Tasks <&> \"home\"")
        #expect(found.child(.dav("resourcetype"))?.children.map(\.name) == [.dav("collection"), .caldav("calendar")])
        #expect(found.child(.caldav("supported-calendar-component-set"))?.children.first?.attributes["name"] == "VTODO")
        #expect(
            propstats[1].child(.dav("prop"))?.children.map(\.name) == [
                DAVName(DAVNamespace.apple, "calendar-color"), DAVName("urn:x-other", "odd")
            ])
        #expect(responses[1].child(.dav("status"))?.trimmedText == "HTTP/1.1 404 Not Found")
        #expect(root.child(.dav("sync-token"))?.text == "http://todo/sync/7")
    }

    /// A calendar's text, with CRLF line ends and characters XML cannot hold, survives the trip.
    @Test func calendarDataKeepsItsLineEnds() throws {
        var writer = MultistatusWriter()
        let ics = "BEGIN:VCALENDAR\r\nSUMMARY:a & b\u{1}\r\nEND:VCALENDAR\r\n"
        writer.response(href: "/x.ics", found: [(.caldav("calendar-data"), .calendarData(ics))])
        let root = try DAVXMLReader.read(Data(writer.finished().utf8))
        let data = root.child(.dav("response"))?.child(.dav("propstat"))?.child(.dav("prop"))?.child(
            .caldav("calendar-data"))?.text
        #expect(data == "BEGIN:VCALENDAR\r\nSUMMARY:a & b\r\nEND:VCALENDAR\r\n")
    }
}
