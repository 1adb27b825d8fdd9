import Foundation
import Testing
import TodoCore

@Suite struct DateReaderTests {
    /// Wednesday 2 December 2026, 10:00 UTC.
    let wednesday = Dates.at("2026-12-02T10:00:00Z")

    @Test(arguments: [
        ("today", "2026-12-02"), ("tomorrow", "2026-12-03"), ("yesterday", "2026-12-01"),
        ("sod", "2026-12-02"), ("eod", "2026-12-02"),
        ("sow", "2026-11-30"), ("eow", "2026-12-06"),
        ("som", "2026-12-01"), ("eom", "2026-12-31"),
        ("soy", "2026-01-01"), ("eoy", "2026-12-31"),
        ("+3d", "2026-12-05"), ("3d", "2026-12-05"), ("-1d", "2026-12-01"), ("+0d", "2026-12-02"),
        ("+2w", "2026-12-16"), ("+1m", "2027-01-01"), ("-1m", "2026-11-02"), ("+1y", "2027-12-02"),
        ("2026-12-25", "2026-12-25")
    ])
    func wholeDays(word: String, expected: String) {
        #expect(Dates.read(word, wednesday) == .day(Dates.day(expected)))
    }

    @Test(arguments: [
        ("now", "2026-12-02T10:00:00Z"), ("+3h", "2026-12-02T13:00:00Z"), ("-2h", "2026-12-02T08:00:00Z"),
        ("2026-12-01T15:00", "2026-12-01T15:00:00Z"), ("2026-12-01t15:00:30", "2026-12-01T15:00:30Z"),
        ("2026-12-01T15:00:30.250Z", "2026-12-01T15:00:30.250Z")
    ])
    func instants(word: String, expected: String) {
        #expect(Dates.read(word, wednesday) == .instant(Dates.utc(expected)))
    }

    @Test func wordsAreReadInAnyCase() {
        #expect(Dates.read("TOMORROW", wednesday) == .day(Dates.day("2026-12-03")))
        #expect(Dates.read("Fri", wednesday) == .day(Dates.day("2026-12-04")))
        #expect(Dates.read("EOW", wednesday) == .day(Dates.day("2026-12-06")))
        #expect(Dates.read("+1D", wednesday) == .day(Dates.day("2026-12-03")))
    }

    @Test func nowIsKeptToTheMillisecond() {
        let context = DateContext(now: Date(timeIntervalSince1970: 1_796_205_600.123456), timeZone: Dates.zone("UTC"))
        #expect(Dates.read("now", context) == .instant(Date(timeIntervalSince1970: 1_796_205_600.123)))
    }

    /// On Friday 27 November 2026, every weekday name is 1 to 7 days ahead, Friday itself a week on.
    @Test(arguments: [
        ("sat", "2026-11-28"), ("sunday", "2026-11-29"), ("mon", "2026-11-30"), ("tuesday", "2026-12-01"),
        ("wed", "2026-12-02"), ("thursday", "2026-12-03"), ("fri", "2026-12-04"), ("friday", "2026-12-04")
    ])
    func weekdayNamesAreTheNextOneNeverToday(word: String, expected: String) {
        let friday = Dates.at("2026-11-27T12:00:00Z")
        #expect(Dates.read(word, friday) == .day(Dates.day(expected)))
    }

    @Test func weeksStartOnMondayEvenOnSunday() {
        let sunday = Dates.at("2026-03-08T12:00:00Z")
        #expect(Dates.read("sow", sunday) == .day(Dates.day("2026-03-02")))
        #expect(Dates.read("eow", sunday) == .day(Dates.day("2026-03-08")))
        #expect(Dates.read("mon", sunday) == .day(Dates.day("2026-03-09")))
    }

    /// A month is 30 days, a quarter 91 and a year 365, as Taskwarrior counts them in a date.
    @Test func monthsAreThirtyDaysAsInTaskwarrior() {
        #expect(Dates.read("+1m", Dates.at("2026-01-31T12:00:00Z")) == .day(Dates.day("2026-03-02")))
        #expect(Dates.read("+1m", Dates.at("2028-01-31T12:00:00Z")) == .day(Dates.day("2028-03-01")))
        #expect(Dates.read("-1m", Dates.at("2026-03-31T12:00:00Z")) == .day(Dates.day("2026-03-01")))
        #expect(Dates.read("+3m", Dates.at("2026-10-31T12:00:00Z")) == .day(Dates.day("2027-01-29")))
        #expect(Dates.read("-13m", Dates.at("2026-01-15T12:00:00Z")) == .day(Dates.day("2024-12-21")))
    }

    @Test func leapDays() {
        let leapDay = Dates.at("2028-02-29T12:00:00Z")
        #expect(Dates.read("+1y", leapDay) == .day(Dates.day("2029-02-28")))
        #expect(Dates.read("+4y", leapDay) == .day(Dates.day("2032-02-28")))
        #expect(Dates.read("+1d", leapDay) == .day(Dates.day("2028-03-01")))
        #expect(Dates.read("eom", leapDay) == .day(Dates.day("2028-02-29")))
        #expect(Dates.read("eom", Dates.at("2100-02-10T12:00:00Z")) == .day(Dates.day("2100-02-28")))
        #expect(Dates.read("2028-02-29", leapDay) == .day(Dates.day("2028-02-29")))
        #expect(Dates.read("2027-02-29", leapDay) == nil)
    }

    @Test(arguments: [
        "", " ", "tmrw", "next", "2026-02-30", "2026-13-01", "2026-12-1", "26-12-01", "2026-12-01T24:00",
        "2026-12-01T15:60", "2026-12-01T15", "2026-12-01  15:00", "+d", "+", "3x", "++3d", "+12345678d",
        "+9000y", "-2030y", "0000-01-01", "fr", "fridays", "+3d ", "2026-12-01T15:00:00+15:00", "2026-12-32",
        "2026-02-30"
    ])
    func unreadable(word: String) {
        #expect(throws: DateReadError(text: word)) { try DateReader.read(word, in: wednesday) }
    }

    @Test func theErrorNamesTheDateAndListsWhatIsAcceptedOnOneLine() {
        #expect(
            DateReadError(text: "tmrw\n").description == "cannot read the date \"tmrw\\n\"; use 2026-12-01, "
                + "2026-12-01T15:00 (T15:00Z for UTC), 20261201T1500Z, 2026-W50-3, 8am, 14:00, today, tomorrow, "
                + "yesterday, now, "
                + "someday (or later), a weekday (fri, friday), a month (jan), a day of the month (1st, 22nd), sod, "
                + "eod, sow, eow, "
                + "som, eom, soq, eoy and Taskwarrior's other words ('todo help dates'), an offset (+3d, -1w, +3h), a "
                + "date and a "
                + "duration (now+2d, eom-1w, tomorrow+8h), or seconds since 1970 (1796000000)")
        #expect(!DateReader.accepted.contains("\n"))
    }
}

/// The same clock in four time zones: the day it is there decides every word.
@Suite struct DateReaderTimeZoneTests {
    /// 20:00 UTC on 31 December 2026: already 2027 in Kolkata (+5:30) and Auckland (+13).
    static let newYearsEve = "2026-12-31T20:00:00Z"

    @Test(arguments: [
        ("UTC", "2026-12-31", "2027-01-01", "2026-12-31"),
        ("America/New_York", "2026-12-31", "2027-01-01", "2026-12-31"),
        ("Asia/Kolkata", "2027-01-01", "2027-01-02", "2027-12-31"),
        ("Pacific/Auckland", "2027-01-01", "2027-01-02", "2027-12-31")
    ])
    func todayTomorrowAndEndOfYearDependOnTheZone(zone: String, today: String, tomorrow: String, eoy: String) {
        let context = Dates.at(Self.newYearsEve, zone)
        #expect(Dates.read("today", context) == .day(Dates.day(today)))
        #expect(Dates.read("tomorrow", context) == .day(Dates.day(tomorrow)))
        #expect(Dates.read("eoy", context) == .day(Dates.day(eoy)))
    }

    @Test(arguments: [
        ("UTC", "2026-12-01T15:00:00Z"), ("America/New_York", "2026-12-01T20:00:00Z"),
        ("Asia/Kolkata", "2026-12-01T09:30:00Z"), ("Pacific/Auckland", "2026-12-01T02:00:00Z")
    ])
    func aTimeOfDayIsInTheZone(zone: String, expected: String) {
        #expect(Dates.read("2026-12-01T15:00", Dates.at(Self.newYearsEve, zone)) == .instant(Dates.utc(expected)))
    }

    @Test func theUTCWireFormIsTheSameInstantEverywhere() {
        let wire = "2026-12-01T15:00:00.000Z"
        #expect(Dates.read(wire, Dates.at(Self.newYearsEve, "Asia/Kolkata")) == .instant(Dates.utc(wire)))
        #expect(Dates.read(wire, Dates.at(Self.newYearsEve, "Pacific/Auckland")) == .instant(Dates.utc(wire)))
    }
}

/// Days when the clocks change: New York springs forward on 8 March 2026 (a 23-hour day),
/// Berlin falls back on 25 October 2026 (a 25-hour day).
@Suite struct DateReaderClockChangeTests {
    /// 01:30 EST on 8 March, half an hour before the clocks go forward.
    let newYork = Dates.at("2026-03-08T06:30:00Z", "America/New_York")
    /// 00:30 CEST on 25 October, two and a half hours before the clocks go back.
    let berlin = Dates.at("2026-10-24T22:30:00Z", "Europe/Berlin")

    @Test func tomorrowAndPlusOneDayAreTheNextCalendarDay() {
        #expect(Dates.read("today", newYork) == .day(Dates.day("2026-03-08")))
        #expect(Dates.read("tomorrow", newYork) == .day(Dates.day("2026-03-09")))
        #expect(Dates.read("+1d", newYork) == .day(Dates.day("2026-03-09")))
        #expect(Dates.read("tomorrow", berlin) == .day(Dates.day("2026-10-26")))
        #expect(Dates.read("+1d", berlin) == .day(Dates.day("2026-10-26")))
    }

    @Test func theDayCoversItsRealLength() {
        #expect(newYork.start(of: Dates.day("2026-03-08")) == Dates.utc("2026-03-08T05:00:00Z"))
        #expect(newYork.start(of: Dates.day("2026-03-09")) == Dates.utc("2026-03-09T04:00:00Z"))
        #expect(berlin.start(of: Dates.day("2026-10-25")) == Dates.utc("2026-10-24T22:00:00Z"))
        #expect(berlin.start(of: Dates.day("2026-10-26")) == Dates.utc("2026-10-25T23:00:00Z"))
    }

    @Test func eodIsTheEndOfTheShortDay() {
        #expect(Dates.read("eod", newYork) == .day(Dates.day("2026-03-08")))
        #expect(DueDate.day(Dates.day("2026-03-08")).deadline(in: newYork) == Dates.utc("2026-03-09T04:00:00Z"))
        #expect(DueDate.day(Dates.day("2026-10-25")).deadline(in: berlin) == Dates.utc("2026-10-25T23:00:00Z"))
    }

    @Test func hoursAreElapsedTimeAcrossTheChange() {
        #expect(Dates.read("+3h", newYork) == .instant(Dates.utc("2026-03-08T09:30:00Z")))
        #expect(Dates.read("+3h", berlin) == .instant(Dates.utc("2026-10-25T01:30:00Z")))
    }

    @Test func aSkippedTimeMovesForwardAndARepeatedTimeIsItsFirst() {
        #expect(Dates.read("2026-03-08T02:30", newYork) == .instant(Dates.utc("2026-03-08T07:30:00Z")))
        #expect(Dates.read("2026-03-08T03:30", newYork) == .instant(Dates.utc("2026-03-08T07:30:00Z")))
        #expect(Dates.read("2026-10-25T02:30", berlin) == .instant(Dates.utc("2026-10-25T00:30:00Z")))
        #expect(Dates.read("2026-10-25T03:30", berlin) == .instant(Dates.utc("2026-10-25T02:30:00Z")))
    }

    /// Santiago's clocks skip midnight on 6 September 2026: that day starts at 01:00.
    @Test func aDayWhoseMidnightIsSkippedStartsAtItsFirstMoment() {
        let santiago = Dates.at("2026-09-06T12:00:00Z", "America/Santiago")
        #expect(santiago.start(of: Dates.day("2026-09-06")) == Dates.utc("2026-09-06T04:00:00Z"))
        #expect(santiago.day(of: Dates.utc("2026-09-06T04:00:00Z")) == Dates.day("2026-09-06"))
    }
}

@Suite struct DueDateWireTests {
    @Test func wholeDayIsTheISODate() {
        #expect(DueDate.day(Dates.day("2026-12-01")).wire == "2026-12-01")
        #expect(DueDate(wire: "2026-12-01") == .day(Dates.day("2026-12-01")))
    }

    @Test func instantIsUTCWithMilliseconds() {
        let instant = DueDate.instant(Date(timeIntervalSince1970: 1_796_137_200.5))
        #expect(instant.wire == "2026-12-01T15:00:00.500Z")
        #expect(DueDate(wire: "2026-12-01T15:00:00.500Z") == instant)
    }

    @Test(arguments: [
        "0001-01-01", "9999-12-31", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "2028-02-29T12:34:56.789Z"
    ])
    func roundTrip(wire: String) throws {
        let date = try #require(DueDate(wire: wire))
        #expect(date.wire == wire)
        #expect(DueDate(wire: date.wire) == date)
    }

    @Test func shorterFractionsAreReadAndRounded() {
        #expect(DueDate(wire: "2026-12-01T15:00:00Z")?.wire == "2026-12-01T15:00:00.000Z")
        #expect(DueDate(wire: "2026-12-01T15:00:00.5Z")?.wire == "2026-12-01T15:00:00.500Z")
        #expect(DueDate(wire: "2026-12-01T15:00:00.0004999Z")?.wire == "2026-12-01T15:00:00.000Z")
        #expect(DueDate(wire: "2026-12-01T23:59:59.999999999Z")?.wire == "2026-12-02T00:00:00.000Z")
    }

    @Test func instantsAreRoundedToTheMillisecond() {
        let date = DueDate.instant(roundingToMilliseconds: Date(timeIntervalSince1970: 0.0016))
        #expect(date == .instant(Date(timeIntervalSince1970: 0.002)))
    }

    @Test(arguments: [
        "", "2026-12-01T15:00:00", "2026-12-01T15:00", "2026-12-01 15:00:00Z", "2026-12-01T15:00:00.Z",
        "2026-12-01T15:00:00.1234567890Z", "2026-12-01T15:00:00+00:00", "2026-02-29", "2026-12-01t15:00:00z",
        "10000-01-01", "+2026-12-01"
    ])
    func malformed(wire: String) {
        #expect(DueDate(wire: wire) == nil)
    }
}

@Suite struct DueDateTests {
    let kolkata = Dates.at("2026-12-01T20:00:00Z", "Asia/Kolkata")  // 01:30 on 2 December there

    @Test func dayOfAnInstantIsTheLocalDay() {
        #expect(DueDate.instant(Dates.utc("2026-12-01T19:00:00Z")).day(in: kolkata) == Dates.day("2026-12-02"))
        #expect(DueDate.instant(Dates.utc("2026-12-01T18:29:59Z")).day(in: kolkata) == Dates.day("2026-12-01"))
        #expect(DueDate.day(Dates.day("2026-12-05")).day(in: kolkata) == Dates.day("2026-12-05"))
    }

    @Test func aWholeDayHasComeFromItsFirstMoment() {
        #expect(DueDate.day(Dates.day("2026-12-02")).hasCome(in: kolkata))
        #expect(!DueDate.day(Dates.day("2026-12-03")).hasCome(in: kolkata))
        #expect(DueDate.instant(Dates.utc("2026-12-01T20:00:00Z")).hasCome(in: kolkata))
        #expect(!DueDate.instant(Dates.utc("2026-12-01T20:00:00.001Z")).hasCome(in: kolkata))
    }

    @Test func calendarDayNumbers() {
        let day = Dates.day("2026-12-01")
        #expect(day.ordinal == 20_788)
        #expect((day.year, day.month, day.day, day.weekday) == (2026, 12, 1, 2))
        #expect(CalendarDay(ordinal: 0).description == "1970-01-01")
        #expect(CalendarDay(ordinal: -1).description == "1969-12-31")
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 10000, month: 1, day: 1) == nil)
    }
}
