import Foundation
import Testing
@testable import TodoCore

/// Recurrence rules and the date arithmetic of the next occurrence: pure, with fixed clocks.
@Suite struct RecurrenceTests: RecurrenceCases {
    @Test(arguments: [
        ("daily", "daily"), ("Weekly", "weekly"), ("1w", "weekly"), ("weekdays", "weekdays"), ("monthly", "monthly"),
        ("1m", "monthly"), ("yearly", "yearly"), ("12m", "12m"), ("2W", "2w"), ("10d", "10d"), ("999y", "999y"),
        ("+1w", "+1w"), ("+weekly", "+1w"), ("+3d", "+3d"), ("+weekdays", "+weekdays")
    ])
    func rulesReadInAnyCaseAndWriteOneWay(text: String, written: String) {
        #expect(Recurrence(rule: text)?.rule == written)
    }

    @Test(arguments: ["", "0d", "1000d", "2", "w", "fortnightly", "1.5w", "-1w", "++1w", "2 w", "1h", "1k", "٣d"])
    func otherWordsAreNoRule(text: String) {
        #expect(Recurrence(rule: text) == nil)
    }

    @Test func summariesSayItInWords() {
        #expect(rule("daily").summary == "every day")
        #expect(rule("2w").summary == "every 2 weeks")
        #expect(rule("weekdays").summary == "every weekday")
        #expect(rule("+1m").summary == "1 month after each completion")
    }

    @Test func everyRuleByTheCalendar() {
        let friday = day("2026-11-20")
        #expect(series("daily", from: friday, 3) == ["2026-11-21", "2026-11-22", "2026-11-23"])
        #expect(series("weekdays", from: friday, 3) == ["2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(series("weekly", from: friday, 2) == ["2026-11-27", "2026-12-04"])
        #expect(series("2w", from: friday, 2) == ["2026-12-04", "2026-12-18"])
        #expect(series("10d", from: friday, 2) == ["2026-11-30", "2026-12-10"])
        #expect(series("monthly", from: friday, 2) == ["2026-12-20", "2027-01-20"])
        #expect(series("3m", from: friday, 2) == ["2027-02-20", "2027-05-20"])
        #expect(series("yearly", from: friday, 2) == ["2027-11-20", "2028-11-20"])
        #expect(series("2y", from: friday, 1) == ["2028-11-20"])
    }

    @Test func monthEndsCountFromTheAnchorDay() {
        #expect(
            series("monthly", from: day("2026-01-31"), 4) == ["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(series("monthly", from: day("2028-01-31"), 2) == ["2028-02-29", "2028-03-31"])
        #expect(series("monthly", from: day("2026-01-30"), 2) == ["2026-02-28", "2026-03-30"])
        #expect(series("2m", from: day("2026-12-31"), 2) == ["2027-02-28", "2027-04-30"])
    }

    @Test func leapDaysComeBackInLeapYears() {
        #expect(
            series("yearly", from: day("2024-02-29"), 4) == ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
        let century = series("yearly", from: day("2096-02-29"), 8).suffix(5)
        // 2100 is no leap year.
        #expect(century == ["2100-02-28", "2101-02-28", "2102-02-28", "2103-02-28", "2104-02-29"])
        #expect(series("daily", from: day("2028-02-28"), 2) == ["2028-02-29", "2028-03-01"])
    }

    @Test func aDueDateOffTheScheduleGoesToTheNextStepFromTheAnchor() {
        let anchor = SeriesAnchor(day("2026-01-31"), in: .utc)
        let next = rule("monthly").next(
            after: day("2026-03-05"), anchor: anchor, doneAt: Dates.utc("2026-03-05T00:00:00Z"))
        #expect(next == day("2026-03-31"))
        let weekly = rule("weekly").next(
            after: day("2026-02-09"), anchor: SeriesAnchor(day("2026-02-02"), in: .utc), doneAt: .distantPast)
        #expect(weekly == day("2026-02-16"))
    }

    @Test func afterCompletionCountsFromTheDayItWasDoneOnItsClock() {
        let anchor = SeriesAnchor(day("2026-03-01"), in: Dates.zone("America/New_York"))
        // Done at 23:30 in New York on March 10, already March 11 in UTC.
        let done = Dates.utc("2026-03-11T03:30:00Z")
        #expect(rule("+1w").next(after: day("2026-03-01"), anchor: anchor, doneAt: done) == day("2026-03-17"))
        #expect(rule("+3d").next(after: day("2026-03-01"), anchor: anchor, doneAt: done) == day("2026-03-13"))
        #expect(rule("+1m").next(after: day("2026-03-01"), anchor: anchor, doneAt: done) == day("2026-04-10"))
        #expect(
            rule("+weekdays").next(after: day("2026-03-01"), anchor: anchor, doneAt: Dates.utc("2026-03-13T15:00:00Z"))
                == day("2026-03-16"))
        // Done early: the next one is a week after that, before the old due date even.
        #expect(rule("+1w").next(after: day("2026-03-20"), anchor: anchor, doneAt: done) == day("2026-03-17"))
    }

    @Test func anInstantKeepsItsWallClockTimeAcrossAChangeOfTheClocks() {
        // Europe/Berlin springs forward on 2026-03-29: 09:00 is 08:00Z before, 07:00Z after.
        let berlin = series("daily", from: instant("2026-03-27T08:00:00Z"), 3, zone: "Europe/Berlin")
        #expect(berlin == ["2026-03-28T08:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-03-30T07:00:00.000Z"])
        // America/New_York falls back on 2026-11-01: 09:00 is 13:00Z before, 14:00Z after.
        let york = series("weekly", from: instant("2026-10-25T13:00:00Z"), 2, zone: "America/New_York")
        #expect(york == ["2026-11-01T14:00:00.000Z", "2026-11-08T14:00:00.000Z"])
        // Australia/Sydney falls back on 2026-04-05 (southern autumn): 09:00 is 22:00Z the day
        // before, then 23:00Z; that day is 25 hours long.
        let sydney = series("daily", from: instant("2026-04-03T22:00:00Z"), 2, zone: "Australia/Sydney")
        #expect(sydney == ["2026-04-04T23:00:00.000Z", "2026-04-05T23:00:00.000Z"])
    }

    @Test func aTimeTheClocksSkipMovesForwardThatDayOnly() {
        // 02:30 does not exist in Berlin on 2026-03-29; the series keeps 02:30 after it.
        let dues = series("daily", from: instant("2026-03-28T01:30:00Z"), 3, zone: "Europe/Berlin")
        #expect(dues == ["2026-03-29T01:30:00.000Z", "2026-03-30T00:30:00.000Z", "2026-03-31T00:30:00.000Z"])
    }

    @Test func anchorsReadBackWhatTheyWrite() throws {
        let berlin = Dates.zone("Europe/Berlin")
        let summer = SeriesAnchor(instant("2026-07-01T07:00:00Z"), in: berlin)
        #expect(summer.text == "2026-07-01T09:00:00+02:00[Europe/Berlin]")
        #expect(SeriesAnchor(text: summer.text) == summer)
        let whole = SeriesAnchor(day("2026-01-31"), in: Dates.zone("America/St_Johns"))
        #expect(whole.text == "2026-01-31[America/St_Johns]")
        #expect(SeriesAnchor(text: whole.text) == whole)
        let west = SeriesAnchor(instant("2026-01-01T03:30:00Z"), in: Dates.zone("America/St_Johns"))
        #expect(west.text == "2026-01-01T00:00:00-03:30[America/St_Johns]")
        #expect(SeriesAnchor(text: west.text) == west)
        let localMeanTime = SeriesAnchor(instant("1880-01-10T16:56:02Z"), in: Dates.zone("America/New_York"))
        #expect(localMeanTime.text == "1880-01-10T12:00:00-04:56:02[America/New_York]")
        #expect(SeriesAnchor(text: localMeanTime.text) == localMeanTime)
        for bad in [
            "2026-01-31", "2026-01-31[]", "2026-02-30[UTC]", "2026-01-31T09:00+01:00[UTC]",
            "2026-01-31T09:00:00+01:00:0[UTC]", "2026-01-31[a b]", "x[UTC]"
        ] {
            #expect(SeriesAnchor(text: bad) == nil, "\(bad)")
        }
    }

    @Test func anUnknownZoneFallsBackToTheOffsetWritten() throws {
        let anchor = try #require(SeriesAnchor(text: "2026-07-01T09:00:00+02:00[Mars/Olympus_Mons]"))
        #expect(anchor.zone.secondsFromGMT() == 7200)
        #expect(
            rule("daily").next(after: instant("2026-07-01T07:00:00Z"), anchor: anchor, doneAt: .distantPast)
                == instant("2026-07-02T07:00:00Z"))
    }

    @Test func untilAndWaitFollowTheDueDate() throws {
        var todo = Todo(id: 1, uuid: Fixture.uuid(1), name: "rent", createdAt: Fixture.t0)
        todo.due = day("2026-01-31")
        todo.wait = day("2026-01-24")
        todo.recur = rule("monthly")
        todo.anchor = SeriesAnchor(todo.due!, in: .utc)
        todo.until = day("2026-02-28")
        let next = try #require(todo.nextOccurrence(doneAt: Fixture.t0, madeAt: Fixture.t0))
        #expect(next.due == day("2026-02-28"))
        #expect(next.wait == day("2026-02-21"))
        #expect(next.nextOccurrence(doneAt: Fixture.t0, madeAt: Fixture.t0) == nil)
        todo.until = .instant(Dates.utc("2026-02-28T00:00:00Z"))
        #expect(todo.nextOccurrence(doneAt: Fixture.t0, madeAt: Fixture.t0) != nil)
    }
}
