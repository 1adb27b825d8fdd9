import Foundation
import Testing
import TodoCore
import TodoICal
import TodoICalMapping

/// An app's series counts on the clock of its DUE's TZID: a daily 09:00 in Berlin stays
/// 09:00 in Berlin across a change of the clocks, and the anchor goes without saying in
/// the text served back.
struct ZonedAnchorTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    func daily(_ due: String) throws -> ICalComponent {
        try vtodo("UID:daily-1", "DTSTAMP:20270320T100000Z", "SUMMARY:Water the plants", due, "RRULE:FREQ=DAILY")
    }

    @Test func aZonedDueAnchorsTheSeriesOnItsZone() throws {
        let todo = try read(try daily("DUE;TZID=Europe/Berlin:20270327T090000")).todo
        let due = DueDate.instant(Clock.date("2027-03-27T08:00:00Z"))
        #expect(todo.content.due == due)
        #expect(todo.content.anchor == SeriesAnchor(due, in: Self.berlin))
        let next = try #require(
            OccurrenceReading.next(after: todo.content, uuid: todo.uuid, at: Clock.date("2027-03-27T10:00:00Z")))
        #expect(next.content.due == .instant(Clock.date("2027-03-28T07:00:00Z")), "09:00 summer time")
    }

    @Test func aUTCOrUnknownZoneSetsNoAnchor() throws {
        #expect(try read(try daily("DUE:20270327T080000Z")).todo.content.anchor == nil)
        #expect(try read(try daily("DUE;TZID=Nowhere/Special:20270327T090000")).todo.content.anchor == nil)
        #expect(
            try read(try vtodo("UID:once", "SUMMARY:x", "DUE;TZID=Europe/Berlin:20270327T090000")).todo.content.anchor
                == nil)
    }

    @Test func theAnchorIsNotWrittenIntoTheText() throws {
        var text = try daily("DUE;TZID=Europe/Berlin:20270327T090000")
        let todo = try read(text).todo
        let next = try #require(
            OccurrenceReading.next(after: todo.content, uuid: todo.uuid, at: Clock.date("2027-03-27T10:00:00Z")))
        VTodoMapping.patch(&text, to: next.content, clock: Clock.clock)
        #expect(lines(text).contains("DUE;TZID=Europe/Berlin:20270328T090000"), "\(lines(text))")
        #expect(!lines(text).contains { $0.hasPrefix("X-TODO-ANCHOR") }, "\(lines(text))")
        // Another zone's anchor is written: the DUE does not say it.
        var other = next.content
        other.attributes.anchor = SeriesAnchor(next.content.due!, in: TimeZone(identifier: "America/New_York")!)
        VTodoMapping.patch(&text, to: other, clock: Clock.clock)
        #expect(lines(text).contains { $0.hasPrefix("X-TODO-ANCHOR") })
    }

    /// The DUE says no day to count from: a read anchor on the same clock gives way to the one held.
    @Test func theHeldAnchorsDayStays() throws {
        let held = try read(try daily("DUE;TZID=Europe/Berlin:20270331T090000")).todo.content
        let app = try read(try daily("DUE;TZID=Europe/Berlin:20270430T090000")).todo.content
        #expect(OccurrenceReading.keepingAnchor(app, of: held).anchor == held.anchor)
    }
}
