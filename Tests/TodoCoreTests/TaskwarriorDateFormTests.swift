import Foundation
import Testing
import TodoCore

/// Every form of Taskwarrior 2.6's `task calc` the reader reads, each with the exact date it
/// names at one clock: Wednesday 2 December 2026, 10:30 in Berlin (09:30 UTC). The expected
/// values are what `task calc` printed at that clock (`TaskwarriorDateSideBySideTests` checks
/// them against the real one), a local midnight being todo's whole day.
@Suite struct TaskwarriorDateFormTests {
    let berlin = Dates.at("2026-12-02T09:30:00Z", "Europe/Berlin")

    @Test(arguments: [
        ("tod", "2026-12-02"), ("tom", "2026-12-03"), ("tomorr", "2026-12-03"), ("yest", "2026-12-01"),
        ("lat", "9999-12-30"),
        ("some", "9999-12-30"), ("sopd", "2026-12-01"), ("eopd", "2026-12-01"), ("sond", "2026-12-03"),
        ("eond", "2026-12-03"),
        ("sopw", "2026-11-23"), ("eopw", "2026-11-29"), ("sonw", "2026-12-07"), ("eonw", "2026-12-13"),
        ("soww", "2026-11-30"), ("eoww", "2026-12-04"), ("sopww", "2026-11-23"), ("eopww", "2026-11-27"),
        ("sonww", "2026-12-07"), ("eonww", "2026-12-11"), ("sopm", "2026-11-01"), ("eopm", "2026-11-30"),
        ("sonm", "2027-01-01"), ("eonm", "2027-01-31"), ("soq", "2026-10-01"), ("eoq", "2026-12-31"),
        ("sopq", "2026-07-01"), ("eopq", "2026-09-30"), ("sonq", "2027-01-01"), ("eonq", "2027-03-31"),
        ("sopy", "2025-01-01"), ("eopy", "2025-12-31"), ("sony", "2027-01-01"), ("eony", "2027-12-31"),
        ("monday", "2026-12-07"), ("mond", "2026-12-07"), ("WED", "2026-12-09"), ("thurs", "2026-12-03"),
        ("jan", "2027-01-01"), ("January", "2027-01-01"), ("sept", "2027-09-01"), ("dec", "2027-12-01"),
        ("1st", "2027-01-01"), ("22nd", "2026-12-22"),
        ("easter", "2027-03-28"), ("eastermonday", "2027-03-29"), ("ascension", "2027-05-06"),
        ("pentecost", "2027-05-16"), ("goodfriday", "2027-03-26"), ("midsommar", "2027-06-26"),
        ("midsommarafton", "2027-06-25"), ("juhannus", "2027-06-25"),
        ("2026-W50", "2026-12-07"), ("2026-w50-3", "2026-12-09"), ("2026W503", "2026-12-09"),
        ("2026W50-3", "2026-12-09"),
        ("2026-W53-7", "2027-01-03"), ("2020-W01", "2019-12-30"), ("2026-12", "2026-12-01"), ("2026-335", "2026-12-01"),
        ("2028-366", "2028-12-31"),
        ("today+1w", "2026-12-09"), ("eom+1d", "2027-01-01"), ("mon+1d", "2026-12-08"), ("jan+1d", "2027-01-02"),
        ("2026-12-10+1d", "2026-12-11"), ("1st-1d", "2026-12-31"), ("today + 2days", "2026-12-04"),
        ("sow+P1W", "2026-12-07"),
        ("+3d", "2026-12-05"), ("3mo", "2027-03-02"), ("+1q", "2027-03-03"), ("P1D", "2026-12-03"),
        ("-1y", "2025-12-02"),
        ("+1fortnight", "2026-12-16"), ("today+weekly", "2026-12-09"), ("today+P1Y2M", "2028-01-31")
    ])
    func wholeDays(word: String, expected: String) {
        #expect(Dates.read(word, berlin) == .day(Dates.day(expected)), "\(word)")
    }

    @Test(arguments: [
        ("now+2d", "2026-12-04T09:30:00Z"), ("tomorrow-3h", "2026-12-02T20:00:00Z"), ("eod-1h", "2026-12-02T21:59:59Z"),
        ("eom+1d+1h", "2027-01-01T23:59:59Z"), ("today+1", "2026-12-01T23:00:01Z"), ("now+90", "2026-12-02T09:31:30Z"),
        ("now+1.5d", "2026-12-03T21:30:00Z"), ("now+-3d", "2026-11-29T09:30:00Z"),
        ("now-PT30M", "2026-12-02T09:00:00Z"),
        ("now+P1DT2H", "2026-12-03T11:30:00Z"), ("now+1min", "2026-12-02T09:31:00Z"), ("+3h", "2026-12-02T12:30:00Z"),
        ("+1.5h", "2026-12-02T11:00:00Z"), ("PT1H", "2026-12-02T10:30:00Z"),
        ("8am", "2026-12-03T07:00:00Z"), ("8a", "2026-12-03T07:00:00Z"), ("8:30pm", "2026-12-02T19:30:00Z"),
        ("8:30:15PM", "2026-12-02T19:30:15Z"), ("12am", "2026-12-02T23:00:00Z"), ("0am", "2026-12-02T23:00:00Z"),
        ("12pm", "2026-12-02T11:00:00Z"),
        ("14:00", "2026-12-02T13:00:00Z"), ("14:00:30", "2026-12-02T13:00:30Z"), ("10:30", "2026-12-02T09:30:00Z"),
        ("10:29", "2026-12-03T09:29:00Z"), ("0:00", "2026-12-02T23:00:00Z"), ("14:00Z", "2026-12-02T14:00:00Z"),
        ("08:00z", "2026-12-03T08:00:00Z"), ("08:00+01:00", "2026-12-03T07:00:00Z"),
        ("23:00-05", "2026-12-03T04:00:00Z"),
        ("2026-12-10 14:00", "2026-12-10T13:00:00Z"), ("2026-12-10T14:00", "2026-12-10T13:00:00Z"),
        ("2026-12-10T14:00:00+05:00", "2026-12-10T09:00:00Z"), ("20261210T1400-0330", "2026-12-10T17:30:00Z"),
        ("2026-W50-3T08:00", "2026-12-09T07:00:00Z"), ("2026-12-10T14:00+1h", "2026-12-10T14:00:00Z")
    ])
    func instants(word: String, expected: String) {
        #expect(Dates.read(word, berlin) == .instant(Dates.utc(expected)), "\(word)")
    }

    /// Durations count seconds: across Berlin's change of the clocks `now+1d` is 24 hours, as
    /// in Taskwarrior, while `today+1d` is the next whole day.
    @Test func durationsAreElapsedTimeAndWholeDaysStayWholeDays() {
        let beforeTheChange = Dates.at("2026-10-24T10:00:00Z", "Europe/Berlin")  // 12:00 CEST
        #expect(Dates.read("now+1d", beforeTheChange) == .instant(Dates.utc("2026-10-25T10:00:00Z")))  // 11:00 CET
        #expect(Dates.read("today+1d", beforeTheChange) == .day(Dates.day("2026-10-25")))
    }

    /// An end word moved by whole days is still compared up to its end: `due.before:eom+1d`
    /// includes 1 January.
    @Test func anEndWordMovedStaysAnEnd() throws {
        let reference = try DateReference("eom+1d", in: berlin)
        #expect(DueDate.day(Dates.day("2027-01-01")).stands(.before, reference))
        #expect(!DueDate.day(Dates.day("2027-01-02")).stands(.before, reference))
        let start = try DateReference("som+1d", in: berlin)
        #expect(!DueDate.day(Dates.day("2026-12-02")).stands(.before, start))
    }

    /// On the holiday itself its first moment has passed, so the word names next year's, as in libshared.
    @Test func onEasterSundayEasterIsNextYears() {
        let easterSunday = Dates.at("2027-03-28T18:45:00Z")
        #expect(Dates.read("easter", easterSunday) == .day(Dates.day("2028-04-16")))
        #expect(Dates.read("goodfriday", easterSunday) == .day(Dates.day("2028-04-14")))
        #expect(Dates.read("eastermonday", Dates.at("2027-03-27T12:00:00Z")) == .day(Dates.day("2027-03-29")))
    }

    /// On a Sunday the work week is the one starting tomorrow, as Taskwarrior counts it.
    @Test func onSundayTheWorkWeekStartsTomorrow() {
        let sunday = Dates.at("2027-03-28T18:45:00Z")
        #expect(Dates.read("soww", sunday) == .day(Dates.day("2027-03-29")))
        #expect(Dates.read("eoww", sunday) == .day(Dates.day("2027-04-02")))
        #expect(Dates.read("sow", sunday) == .day(Dates.day("2027-03-22")))
        #expect(Dates.read("eopww", sunday) == .day(Dates.day("2027-03-26")))
        // On a Saturday the previous work week ended yesterday.
        #expect(Dates.read("eopww", Dates.at("2026-01-31T12:00:00Z")) == .day(Dates.day("2026-01-30")))
    }

    /// Too large, not a date, or not a duration: refused with the one-line error, never a trap.
    @Test(arguments: [
        "now+99999999999y", "now+9999999999999999999d", "now+9999y", "someday+2d", "now-now", "now+", "+", "now+1x",
        "2026-W54", "2027-W53", "2026-W50-8", "2026-W00", "2026-366", "2026-000", "2026-13", "13pm", "24:00", "8:60",
        "8", "14", "8:5", "1.5", "now+1.2.3d", "now+.5d", "now+1.d", "P", "PT", "P1H", "P1DT", "P1M1Y", "now+P",
        "weekly",
        "tomorrowx", "to", "som2", "monday1", "eastertime", "2026-192233720368547758062--10 1",
        "2026-1922337203685477580620", String(repeating: "now+1d", count: 20)
    ])
    func refused(word: String) {
        #expect(throws: DateReadError(text: word)) { try DateReader.read(word, in: berlin) }
    }

    /// Each word of the table reads, at any clock, and says what it means.
    @Test func everyWordReadsAndHasHelp() throws {
        for word in DateWord.allCases {
            #expect((try? DateReader.read(word.rawValue, in: berlin)) != nil, "\(word)")
            #expect(!word.help.isEmpty && !word.help.contains("\n"), "\(word)")
        }
        #expect(DateWord.allCases.count == 50)
    }
}
