import Foundation
import Testing
@testable import TodoServer

/// The CalDAV face's fast paths read and write what the general ones do: the body reader
/// (`DAVFastXML`) against Foundation's parser, and a member's template (`MemberTemplate`)
/// against the multistatus writer.
@Suite struct DAVFastPathTests {
    static let readable = [
        #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>"#,
        DAVXMLTests.iosPropfind,
        DAVXMLTests.paddedMultiget,
        #"<sync-collection xmlns="DAV:"><sync-token/><prop><getetag/></prop></sync-collection>"#,
        #"<d:sync-collection xmlns:d="DAV:"><d:sync-token> http://todo/sync/42 </d:sync-token>"#
            + #"<d:sync-level>1</d:sync-level></d:sync-collection>"#,
        """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/></d:prop>
          <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name='VTODO'>
            <c:prop-filter name="SUMMARY">\
        <c:text-match collation="i;octet" negate-condition="yes">milk ✓</c:text-match></c:prop-filter>
          </c:comp-filter></c:comp-filter></c:filter>
        </c:calendar-query>
        """,
        #"<a:x xmlns:a="DAV:"><b:y xmlns:b="urn:b"><a:z xmlns:a="urn:inner"/></b:y><a:w/></a:x>"#
    ]

    @Test(arguments: readable)
    func theFastReaderReadsWhatTheParserReads(body: String) throws {
        let fast = try #require(DAVFastXML.read(Data(body.utf8)))
        #expect(fast == (try DAVXMLReader.parsed(Data(body.utf8))))
    }

    /// What the fast reader leaves to the parser: references, comments, CDATA, a DTD,
    /// unbound prefixes, no namespace, other encodings, malformed XML.
    @Test(arguments: [
        #"<d:propfind xmlns:d="DAV:"><d:href>/a&amp;b</d:href></d:propfind>"#,
        #"<d:propfind xmlns:d="DAV:"><!-- c --><d:allprop/></d:propfind>"#,
        #"<d:propfind xmlns:d="DAV:"><d:href><![CDATA[x]]></d:href></d:propfind>"#,
        #"<!DOCTYPE x><d:propfind xmlns:d="DAV:"/>"#,
        #"<d:propfind><d:allprop/></d:propfind>"#,
        #"<propfind><allprop/></propfind>"#,
        #"<?xml version="1.0" encoding="ISO-8859-1"?><d:propfind xmlns:d="DAV:"/>"#,
        #"<d:propfind xmlns:d="DAV:"><d:prop></d:propfind>"#,
        "<d:propfind xmlns:d=\"DAV:\">\r\n</d:propfind>",
        #"<d:propfind xmlns:d="DAV:"/><d:propfind xmlns:d="DAV:"/>"#,
        "<d:propfind xmlns:d=\"DAV:\"><d:href>a\u{1}b</d:href></d:propfind>"
    ])
    func theFastReaderLeavesTheRestToTheParser(body: String) {
        #expect(DAVFastXML.read(Data(body.utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8AreLeftToTheParser() {
        var body = Data(#"<d:propfind xmlns:d="DAV:"><d:href>"#.utf8)
        body.append(contentsOf: [0xC3, 0x28])
        body.append(Data("</d:href></d:propfind>".utf8))
        #expect(DAVFastXML.read(body) == nil)
    }

    /// allprop and propname of a member give its properties in `DAVProperties.member`'s order.
    @Test func allpropOfAMemberListsItsPropertiesInOrder() {
        var writer = MultistatusWriter(bare: ())
        let answer = MemberAnswer(
            href: Array("/x.ics".utf8),
            member: ListingMember(uuid: UUID(), rev: 7, href: Array("/x.ics".utf8), name: "x.ics"))
        CalDAVMembers.writeGeneric(answer, asked: .allProperties, to: &writer)
        #expect(
            writer.xml.contains(
                "<D:resourcetype></D:resourcetype><D:getetag>&quot;7&quot;</D:getetag><D:getcontenttype>"))
    }

    @Test(arguments: [
        [DAVName.dav("getetag"), .dav("resourcetype")],
        [.dav("getetag"), .caldav("calendar-data")],
        [
            .caldav("calendar-data"), DAVName(DAVNamespace.apple, "calendar-color"), .dav("getcontenttype"),
            .dav("getetag")
        ],
        [DAVName("urn:x-other", "odd")],
        []
    ])
    func aTemplateWritesWhatTheWriterWrites(names: [DAVName]) throws {
        let data = "BEGIN:VCALENDAR\r\nSUMMARY:a & b\r\nEND:VCALENDAR\r\n"
        let properties =
            [(DAVName.dav("getetag"), DAVValue.text(DAVProperties.etag(1234)))] + MemberTemplate.fixed
            + [(.caldav("calendar-data"), .calendarData(data))]
        var general = MultistatusWriter()
        DAVProperties.write(properties, href: "/dav/a/tasks/x y.ics", asked: .properties(names), to: &general)
        var fast = MultistatusWriter()
        let template = try #require(MemberTemplate(.properties(names)))
        template.write(
            href: MultistatusWriter.escaped("/dav/a/tasks/x y.ics"), rev: 1234, data: MultistatusWriter.escaped(data),
            to: &fast)
        #expect(fast.xml == general.xml)
    }

    @Test func decimalsAreWrittenAsStringDoes() {
        for value: Int64 in [0, 1, 9, 10, 99, 100, 123_456_789, Int64.max] {
            var writer = MultistatusWriter(bare: ())
            writer.decimal(value)
            #expect(writer.xml == String(value))
        }
    }
}
