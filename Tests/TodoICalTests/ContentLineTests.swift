import Foundation
import Testing
import TodoICal

/// The content line grammar: names, parameters (quoted, several values, RFC 6868) and values.
@Suite struct ContentLineTests {
    @Test func quotedParameterValuesMayHoldColonsSemicolonsAndCommas() throws {
        let todo = try todo(#"ATTENDEE;CN="Doe, Jane: Boss; CEO";ROLE=REQ-PARTICIPANT:mailto:jane@example.com"#)
        let property = try #require(todo.property("attendee"))
        #expect(property.name == "ATTENDEE")
        #expect(
            property.parameters == [
                ICalParameter(name: "CN", values: ["Doe, Jane: Boss; CEO"]),
                ICalParameter(name: "ROLE", values: ["REQ-PARTICIPANT"])
            ])
        #expect(property.value == "mailto:jane@example.com")
    }

    @Test func aParameterMayHaveSeveralValuesAndAnEmptyOne() throws {
        let property = try #require(try todo(#"X-A;MEMBER="mailto:a@x","mailto:b@x",plain;EMPTY=:v"#).property("X-A"))
        #expect(property.parameter("member") == ["mailto:a@x", "mailto:b@x", "plain"])
        #expect(property.parameter("EMPTY") == [""])
        #expect(property.value == "v")
    }

    @Test func theValueIsEverythingAfterTheFirstColonOutsideQuotes() throws {
        let todo = try todo("URL;VALUE=URI:https://example.com:8443/a;b,c", #"X-Q;P="a:b":c:d"#)
        #expect(todo.property("URL")?.value == "https://example.com:8443/a;b,c")
        #expect(todo.property("X-Q")?.value == "c:d")
        #expect(todo.property("X-Q")?.parameter("P") == ["a:b"])
    }

    @Test func rfc6868EscapesAreRead() throws {
        let property = try #require(try todo("X-ADDR;X-LABEL=a^nb ^'q^' ^^ ^x:v").property("X-ADDR"))
        #expect(property.parameter("X-LABEL") == ["a\nb \"q\" ^ ^x"])
    }

    @Test func parameterValuesAreEscapedAndQuotedWhenWritten() {
        var property = ICalProperty(name: "X-ADDR", value: "v")
        property.setParameter("X-LABEL", ["line\nbreak \"quoted\" ^caret"])
        property.setParameter("CN", ["Doe, Jane"])
        property.setParameter("PLAIN", ["a", "b:c"])
        #expect(
            ICalWriter.contentLine(property)
                == #"X-ADDR;X-LABEL=line^nbreak ^'quoted^' ^^caret;CN="Doe, Jane";PLAIN=a,"b:c":v"#)
    }

    @Test func writtenParametersReadBackTheSame() throws {
        let values = ["a\nb", "\"", "^", "^n", "x:y;z,w", "", "é😀"]
        var todo = try todo("UID:1")
        var property = ICalProperty(name: "X-P", value: "v")
        property.setParameter("X-V", values)
        todo.setProperty(property)
        #expect(try component(written(todo)).property("X-P")?.parameter("X-V") == values)
    }

    @Test func setParameterChangesAddsAndRemoves() {
        var property = ICalProperty(
            name: "DUE",
            parameters: [ICalParameter(name: "TZID", values: ["A"]), ICalParameter(name: "X", values: ["1"])],
            value: "v")
        property.setParameter("tzid", ["B"])
        property.setParameter("VALUE", ["DATE"])
        property.setParameter("X", nil)
        #expect(
            property.parameters == [
                ICalParameter(name: "TZID", values: ["B"]), ICalParameter(name: "VALUE", values: ["DATE"])
            ])
    }

    @Test func namesKeepTheirCaseButMatchInAny() throws {
        let parsed = try component(crlf("begin:vtodo", "summary:x", "End:VTodo"))
        #expect(parsed.is("VTODO"))
        #expect(parsed.name == "vtodo")
        #expect(parsed.summary == "x")
        #expect(parsed.properties[0].name == "summary")
    }

    @Test func aLineBreakInARawValueIsWrittenAsBackslashN() {
        #expect(ICalWriter.contentLine(ICalProperty(name: "X-A", value: "a\nb")) == #"X-A:a\nb"#)
    }

    @Test func subcomponentsNestAndTheirPlaceAmongPropertiesIsKept() throws {
        let text = crlf(
            "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "SUMMARY:after",
            "END:VTODO", "END:VCALENDAR")
        var calendar = try component(text)
        #expect(calendar.components[0].components[0].property("ACTION")?.value == "DISPLAY")
        #expect(written(calendar) == text)
        calendar.components[0].summary = "changed"
        #expect(written(calendar) == text.replacingOccurrences(of: "after", with: "changed"))
        calendar.components[0].summary = nil
        calendar.components[0].percentComplete = 5
        #expect(
            physicalLines(written(calendar)).suffix(5) == [
                "ACTION:DISPLAY", "END:VALARM", "PERCENT-COMPLETE:5", "END:VTODO", "END:VCALENDAR"
            ])
    }

    @Test func aBuiltTreeWritesPropertiesThenSubcomponents() {
        let tree = ICalComponent(
            name: "VCALENDAR", properties: [ICalProperty(name: "VERSION", value: "2.0")],
            components: [
                ICalComponent(name: "VTODO", properties: [ICalProperty(name: "UID", value: "1")])
            ])
        #expect(
            written(tree)
                == crlf("BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:1", "END:VTODO", "END:VCALENDAR"))
    }

    @Test func severalTopLevelComponentsAreRead() throws {
        let parsed = try ICalParser.parse(crlf("BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VCALENDAR", "END:VCALENDAR"))
        #expect(parsed.count == 2)
    }
}
