import Foundation
import Testing
import TodoCore
import TodoICal
import TodoICalMapping

/// A kept VTODO patched to say a todo: only the properties whose values differ change.
@Suite struct PatchTests {
    /// Thunderbird's VTODO with an alarm, X-MOZ-* and a TZID due date, as kept by a server.
    static let thunderbird = [
        "BEGIN:VTODO",
        "CREATED:20260105T143000Z",
        "LAST-MODIFIED:20260210T091500Z",
        "DTSTAMP:20260210T091500Z",
        "UID:a1b2c3d4-1111-4222-8333-444455556666",
        "SUMMARY:Water the plants",
        "STATUS:IN-PROCESS",
        "PERCENT-COMPLETE:30",
        "PRIORITY:2",
        "CATEGORIES:Home,Garden",
        "DUE;TZID=America/New_York:20260110T120000",
        "CLASS:PRIVATE",
        "X-MOZ-GENERATION:3",
        #"DESCRIPTION:Fertilise the roses every second week\; the orchids only monthl"#,
        #" y.\nUse the blue can."#,
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER;VALUE=DURATION;RELATED=END:-PT15M",
        "DESCRIPTION:Default Mozilla Description",
        "X-WR-ALARMUID:7e2c",
        "END:VALARM",
        "END:VTODO"
    ]

    /// Apple Reminders': TZID dates, a monthly rule, an alarm, no LAST-MODIFIED.
    static let apple = [
        "BEGIN:VTODO", "CREATED:20260301T101500Z", "UID:4C5A2E1B-8D3F-4F6A-9B2C-7E1D0A3B5C6D", "SUMMARY:Pay rent",
        "DTSTAMP:20260301T101512Z", "SEQUENCE:0", "STATUS:NEEDS-ACTION", "PRIORITY:1",
        "DUE;TZID=Europe/Berlin:20260401T090000",
        "DTSTART;TZID=Europe/Berlin:20260401T090000", "RRULE:FREQ=MONTHLY;INTERVAL=1", "X-APPLE-SORT-ORDER:791381712",
        "BEGIN:VALARM", "X-WR-ALARMUID:9D3A2B1C", "UID:9D3A2B1C", "TRIGGER;VALUE=DATE-TIME:20260401T070000Z",
        "ACTION:DISPLAY",
        "END:VALARM", "END:VTODO"
    ]

    /// Tasks.org's: a numeric UID, a whole-day due date, a counted rule todo cannot say, a
    /// parent, GEO and a floating CREATED.
    static let tasksOrg = [
        "BEGIN:VTODO", "DTSTAMP:20260120T081500Z", "UID:7302857203956831489", "CREATED:20260120T091400",
        "LAST-MODIFIED:20260120T081500Z", "SUMMARY:Call the dentist ☎", "PRIORITY:7", "STATUS:NEEDS-ACTION",
        "GEO:52.520008;13.404954", "DUE;VALUE=DATE:20260125", "RRULE:FREQ=MONTHLY;COUNT=6",
        "RELATED-TO;RELTYPE=PARENT:7302857203956830001",
        #"CATEGORIES:Health,Calls\, urgent"#, "END:VTODO"
    ]

    func kept() throws -> ICalComponent { try ICalParser.parse(crlf(Self.thunderbird))[0] }

    @Test(arguments: [thunderbird, apple, tasksOrg])
    func theTodoAVTodoReadsAsPatchesNothing(lines: [String]) throws {
        var vtodo = try ICalParser.parse(crlf(lines))[0]
        let todo = try read(vtodo).todo.content
        VTodoMapping.patch(&vtodo, to: todo, clock: Clock.clock)
        #expect(ICalWriter.text([vtodo]) == crlf(lines))
    }

    @Test func aNewNameChangesTheSummaryAndTheTimesOnly() throws {
        var vtodo = try kept()
        var todo = try read(vtodo).todo.content
        todo.name = "Water the plants twice"
        todo.updatedAt = Clock.date("2026-11-25T09:00:00Z")
        VTodoMapping.patch(&vtodo, to: todo, clock: Clock.clock)
        var expected = Self.thunderbird
        expected[2] = "LAST-MODIFIED:20261125T090000Z"
        expected[3] = "DTSTAMP:20261125T090000Z"
        expected[5] = "SUMMARY:Water the plants twice"
        #expect(lines(vtodo) == expected)
    }

    @Test func completingChangesStatusPercentAndAddsCompletedBeforeTheAlarm() throws {
        var vtodo = try kept()
        var todo = try read(vtodo).todo.content
        todo.completed = true
        todo.completedAt = Clock.date("2026-11-25T09:00:00Z")
        todo.updatedAt = todo.completedAt!
        VTodoMapping.patch(&vtodo, to: todo, clock: Clock.clock)
        var expected = Self.thunderbird
        expected[2] = "LAST-MODIFIED:20261125T090000Z"
        expected[3] = "DTSTAMP:20261125T090000Z"
        expected[6] = "STATUS:COMPLETED"
        expected[7] = "PERCENT-COMPLETE:100"
        expected.insert("COMPLETED:20261125T090000Z", at: 15)
        #expect(lines(vtodo) == expected)
    }

    @Test func tagsDueAndPriorityChangeTheirLinesWhereTheyStand() throws {
        var vtodo = try kept()
        var todo = try read(vtodo).todo.content
        todo.tags = ["Home", "Balcony"]
        todo.due = .instant(Clock.date("2026-01-11T17:00:00Z"))
        todo.priority = .low
        VTodoMapping.patch(&vtodo, to: todo, clock: Clock.clock)
        let written = lines(vtodo)
        #expect(written[8] == "PRIORITY:9")
        #expect(written[9] == "CATEGORIES:Home,Balcony")
        #expect(written[10] == "DUE;TZID=America/New_York:20260111T120000")
        #expect(written[11...] == Self.thunderbird[11...])
    }

    @Test func aFreshVTodoHoldsUidAndTimesFirst() throws {
        var todo = todo()
        todo.description = "x"
        let vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        #expect(
            lines(vtodo) == [
                "BEGIN:VTODO", "UID:6b0c6f3e-2a4d-4b1e-9f5a-0c2d3e4f5a6b", "DTSTAMP:20261121T093000Z",
                "CREATED:20261120T080000Z",
                "SUMMARY:buy milk", "DESCRIPTION:x", "LAST-MODIFIED:20261121T093000Z", "END:VTODO"
            ])
    }

    /// A client's text without CREATED gets none: what is served stays what it sent.
    @Test func aKeptTextWithoutCreatedGetsNone() throws {
        var vtodo = try vtodo("UID:1", "DTSTAMP:20261120T080000Z", "SUMMARY:buy milk")
        let before = vtodo
        let reading = try read(vtodo)
        VTodoMapping.patch(&vtodo, to: reading.todo.content, clock: Clock.clock)
        #expect(vtodo == before)
    }
}
