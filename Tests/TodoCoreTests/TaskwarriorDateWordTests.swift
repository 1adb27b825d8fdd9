import Foundation
import Testing
import TodoCore

/// The date words a Taskwarrior user types: `someday`/`later`, ordinals (`15th`), compact
/// ISO 8601 (`20261203T090000Z`) and seconds since 1970. Cases come from libshared's
/// test/datetime.t.cpp and src/Datetime.cpp and from Taskwarrior 2.6.2 itself; where todo
/// differs on purpose the test says so.
@Suite struct TaskwarriorDateWordTests {
    /// Wednesday 2 December 2026, 10:00 UTC (23:00 in Auckland, 02:00 in Los Angeles).
    static let wednesday = "2026-12-02T10:00:00Z"

    func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }
    func instant(_ wire: String) -> DueDate { .instant(Dates.utc(wire)) }

    // MARK: someday and later

    /// libshared's `initializeLater` (datetime.t.cpp: `later -> y = 2038`, its 2017 value);
    /// Taskwarrior 2.6.2 gives 9999-12-30 for both words, which todo keeps as a whole day.
    @Test(arguments: ["UTC", "Pacific/Kiritimati", "Etc/GMT+12", "America/New_York"])
    func somedayAndLaterAreTheSameFarDayInEveryZone(zone: String) throws {
        let context = Dates.at(Self.wednesday, zone)
        #expect(Dates.read("someday", context) == day("9999-12-30"))
        #expect(Dates.read("later", context) == day("9999-12-30"))
        #expect(Dates.read("SomeDay", context) == .someday)
        #expect(DueDate.someday.wire == "9999-12-30")
        // Its local midnight, as Taskwarrior keeps it, is still in the year 9999.
        #expect(DueDate.instant(context.start(of: Dates.day("9999-12-30"))).wire.hasPrefix("9999-12-"))
        #expect(!DueDate.someday.hasCome(in: context))
    }

    @Test func somedayIsTypedAsTheWordAndReadBackAsItself() throws {
        let context = Dates.at(Self.wednesday, "Asia/Kolkata")
        #expect(DueDate.someday.typed(in: context) == "someday")
        #expect(try DateReader.read(DueDate.someday.typed(in: context), in: context) == .someday)
        // The day before it is a plain date.
        #expect(day("9999-12-29").typed(in: context) == "9999-12-29")
    }

    /// A recurring todo parked with `wait:someday` stays parked: its next occurrence waits
    /// someday too (a wait date otherwise moves with the due date, which here would leave the
    /// years a date can be written in and end the series).
    @Test func aWaitOfSomedayStaysSomedayOnTheNextOccurrence() throws {
        var todo = Todo(id: 1, uuid: Fixture.uuid(1), name: "chore", createdAt: Fixture.t0)
        todo.due = day("2026-12-01")
        todo.wait = .someday
        todo.recur = Recurrence(rule: "weekly")
        todo.anchor = SeriesAnchor(todo.due!, in: .utc)
        let next = try #require(todo.nextOccurrence(doneAt: Fixture.t0, madeAt: Fixture.t0))
        #expect((next.due, next.wait) == (day("2026-12-08"), .someday))
    }

    // MARK: ordinals

    /// libshared `initializeOrdinal`: the next such day, this month if it is still ahead,
    /// else next month; never today (datetime.t.cpp: `1st not in same month as now`,
    /// `'19th' --> 19`, `'19th' > 'now'`).
    @Test(arguments: [
        ("1st", "2027-01-01"), ("2nd", "2027-01-02"), ("3rd", "2026-12-03"), ("4th", "2026-12-04"),
        ("11th", "2026-12-11"), ("12th", "2026-12-12"), ("13th", "2026-12-13"), ("19th", "2026-12-19"),
        ("21st", "2026-12-21"), ("22nd", "2026-12-22"), ("23rd", "2026-12-23"), ("30th", "2026-12-30"),
        ("31st", "2026-12-31"), ("15TH", "2026-12-15")
    ])
    func ordinalsAreTheNextSuchDayNeverToday(word: String, expected: String) {
        #expect(Dates.read(word, Dates.at(Self.wednesday)) == day(expected))
        #expect(Dates.read(word, Dates.at(Self.wednesday, "Pacific/Auckland")) == day(expected))
    }

    /// A day the month lacks rolls over into the next, as Taskwarrior 2.6.2 reads it: on
    /// 25 November `31st` is 1 December, and 30 February is 2 March.
    @Test(arguments: [
        ("2026-11-25T12:00:00Z", "31st", "2026-12-01"),
        ("2026-01-31T12:00:00Z", "30th", "2026-03-02"),
        ("2026-01-31T12:00:00Z", "29th", "2026-03-01"),
        ("2028-01-31T12:00:00Z", "29th", "2028-02-29"),
        ("2026-02-10T12:00:00Z", "30th", "2026-03-02"),
        ("2026-03-31T12:00:00Z", "31st", "2026-05-01"),
        ("2026-12-31T12:00:00Z", "31st", "2027-01-31")
    ])
    func aMonthWithoutTheDayRollsOver(now: String, word: String, expected: String) {
        #expect(Dates.read(word, Dates.at(now)) == day(expected))
    }

    /// Which month is "this month" is the context's: at 20:00 UTC on New Year's Eve it is
    /// already 1 January in Auckland, so its `1st` is a month on.
    @Test func theMonthIsTheZones() {
        let newYearsEve = "2026-12-31T20:00:00Z"
        #expect(Dates.read("1st", Dates.at(newYearsEve, "UTC")) == day("2027-01-01"))
        #expect(Dates.read("1st", Dates.at(newYearsEve, "Pacific/Auckland")) == day("2027-02-01"))
        #expect(Dates.read("2nd", Dates.at(newYearsEve, "Pacific/Auckland")) == day("2027-01-02"))
    }

    /// The suffix must be the number's (Taskwarrior 2.6.2 refuses these too), and 1 to 31.
    @Test(arguments: ["1th", "11st", "12nd", "13rd", "2st", "3nd", "0th", "32nd", "01st", "1 st", "st", "100th", "1sts"]
    )
    func otherOrdinalsAreRefused(word: String) {
        #expect(throws: DateReadError(text: word)) { try DateReader.read(word, in: Dates.at(Self.wednesday)) }
    }

    // MARK: compact ISO 8601

    /// libshared datetime.t.cpp `testParse`: the compact forms with Z are UTC instants, the
    /// same in every zone.
    @Test(arguments: [
        ("20131206T123456Z", "2013-12-06T12:34:56Z"), ("20131206T1234Z", "2013-12-06T12:34:00Z"),
        ("2013-12-06T12:34:56Z", "2013-12-06T12:34:56Z"), ("2013-12-06T12:34Z", "2013-12-06T12:34:00Z"),
        ("20261203T090000Z", "2026-12-03T09:00:00Z"), ("20261203T0900Z", "2026-12-03T09:00:00Z"),
        ("20261203t090000z", "2026-12-03T09:00:00Z")
    ])
    func compactUTCFormsAreInstants(word: String, expected: String) {
        for zone in ["UTC", "Asia/Kolkata", "America/Los_Angeles"] {
            #expect(Dates.read(word, Dates.at(Self.wednesday, zone)) == instant(expected), "\(zone)")
        }
    }

    /// libshared `testParse (t, "20131206T123456", …, local6+hms)` and `"20131206T1234"`:
    /// without Z the time is on the local clock.
    @Test(arguments: [
        ("UTC", "20131206T123456", "2013-12-06T12:34:56Z"), ("Asia/Kolkata", "20131206T123456", "2013-12-06T07:04:56Z"),
        ("America/New_York", "20131206T1234", "2013-12-06T17:34:00Z"),
        ("Asia/Kolkata", "20261203T0900", "2026-12-03T03:30:00Z")
    ])
    func compactLocalFormsAreOnTheLocalClock(zone: String, word: String, expected: String) {
        #expect(Dates.read(word, Dates.at(Self.wednesday, zone)) == instant(expected))
    }

    /// libshared `testParse (t, "20131206", …, local6)` is local midnight; todo reads a date
    /// without a time as that whole day, in every zone.
    @Test func aCompactDateIsAWholeDay() {
        #expect(Dates.read("20131206", Dates.at(Self.wednesday)) == day("2013-12-06"))
        #expect(Dates.read("20261231", Dates.at(Self.wednesday, "Pacific/Auckland")) == day("2026-12-31"))
        #expect(Dates.read("20280229", Dates.at(Self.wednesday)) == day("2028-02-29"))
    }

    /// 02:30 does not happen in New York on 8 March 2026: as with `2026-03-08T02:30`, it
    /// moves forward by the gap.
    @Test func aCompactTimeTheClocksSkipMovesForward() {
        #expect(
            Dates.read("20260308T0230", Dates.at(Self.wednesday, "America/New_York")) == instant("2026-03-08T07:30:00Z")
        )
    }

    /// Compact forms `task calc` does not read either (`2013340`, `201312`), and mixed or broken forms.
    @Test(arguments: [
        "2013340", "201312", "20131206T123456+01:00", "2013-12-06T1234", "20131206T12:34", "20131306",
        "20130229", "20131206T2400", "20131206T12", "20131206T1260", "20131206T123460Z", "20131206T", "20131206Z",
        "2013120", "201312061", "20131206T123456ZZ"
    ])
    func otherCompactFormsAreRefused(word: String) {
        #expect(throws: DateReadError(text: word)) { try DateReader.read(word, in: Dates.at(Self.wednesday)) }
    }

    // MARK: seconds since 1970

    /// libshared `parse_epoch` reads digits from 315532800 (1980-01-01) on, so that `12` is no
    /// date; datetime.t.cpp: `1,000,000,000 -> 20010909T014640Z`.
    @Test(arguments: [
        ("1000000000", "2001-09-09T01:46:40Z"), ("1796000000", "2026-11-30T00:53:20Z"),
        ("315532800", "1980-01-01T00:00:00Z"), ("999999999", "2001-09-09T01:46:39Z"),
        ("9999999999", "2286-11-20T17:46:39Z")
    ])
    func secondsSince1970AreInstants(word: String, expected: String) {
        #expect(Dates.read(word, Dates.at(Self.wednesday)) == instant(expected))
        #expect(Dates.read(word, Dates.at(Self.wednesday, "Pacific/Auckland")) == instant(expected))
    }

    /// A year or a shorter number is never seconds (`due:2026`); 8 digits are a compact date;
    /// 11 digits and more are refused rather than read as a date centuries away.
    @Test(arguments: ["2026", "12", "315532799", "100000000", "99999999", "10000000000", "+1796000000", "1796000000.5"])
    func otherNumbersAreRefused(word: String) {
        #expect(throws: DateReadError(text: word)) { try DateReader.read(word, in: Dates.at(Self.wednesday)) }
    }

    // MARK: filters

    /// `due:<instant>` matches what is due at that very instant (and a whole day it falls on);
    /// `due:<day>` matches that day on the local clock.
    @Test func anInstantMatchesItsInstantAndADayItsDay() throws {
        let utc = Dates.at(Self.wednesday)
        let reference = try DateReference("20261203T090000Z", in: utc)
        #expect(instant("2026-12-03T09:00:00Z").stands(.on, reference))
        #expect(!instant("2026-12-03T09:00:01Z").stands(.on, reference))
        #expect(day("2026-12-03").stands(.on, reference))
        #expect(!day("2026-12-04").stands(.on, reference))
        let epoch = try DateReference("1796000000", in: utc)
        #expect(instant("2026-11-30T00:53:20Z").stands(.on, epoch))
        #expect(!instant("2026-11-30T00:53:21Z").stands(.on, epoch))
        #expect(instant("2026-11-30T00:53:19Z").stands(.before, epoch))
    }

    /// 02:00 UTC on 3 December is still 2 December in Los Angeles: the whole day it matches is the zone's.
    @Test func theDayAnInstantFallsOnIsTheZones() throws {
        let utc = try DateReference("20261203T0200Z", in: Dates.at(Self.wednesday))
        let angeles = try DateReference("20261203T0200Z", in: Dates.at(Self.wednesday, "America/Los_Angeles"))
        #expect(day("2026-12-03").stands(.on, utc))
        #expect(!day("2026-12-03").stands(.on, angeles))
        #expect(day("2026-12-02").stands(.on, angeles))
    }

    @Test(arguments: ["20261203", "2026-12-03", "3rd"])
    func aDayMatchesEveryInstantOfItsLocalDay(word: String) throws {
        let kolkata = try DateReference(word, in: Dates.at(Self.wednesday, "Asia/Kolkata"))
        #expect(day("2026-12-03").stands(.on, kolkata))
        #expect(instant("2026-12-02T18:30:00Z").stands(.on, kolkata))  // 00:00 on the 3rd there
        #expect(instant("2026-12-03T18:29:59Z").stands(.on, kolkata))  // 23:59:59
        #expect(!instant("2026-12-02T18:29:59Z").stands(.on, kolkata))
        #expect(!instant("2026-12-03T18:30:00Z").stands(.on, kolkata))
    }

    @Test func somedayMatchesOnlySomeday() throws {
        let reference = try DateReference("someday", in: Dates.at(Self.wednesday))
        #expect(DueDate.someday.stands(.on, reference))
        #expect(day("2099-01-01").stands(.before, reference))
        #expect(!day("2099-01-01").stands(.on, reference))
    }
}
