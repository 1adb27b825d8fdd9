import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `DueDate.typed(in:)` reads back through `DateReader` as the same date, in every zone.
@Suite struct TypedDateTests {
    @Test(arguments: [
        ("2026-12-01", "UTC", "2026-12-01"),
        ("2026-12-01T15:00:00.000Z", "UTC", "2026-12-01T15:00"),
        ("2026-12-01T15:00:00.000Z", "Asia/Kolkata", "2026-12-01T20:30"),
        ("2026-12-01T15:00:30.000Z", "America/New_York", "2026-12-01T10:00:30"),
        ("2026-12-01T15:00:30.250Z", "Europe/Paris", "2026-12-01T15:00:30.250Z"),
        // 01:30 happens twice in New York on 2026-11-01; the second is 06:30 UTC.
        ("2026-11-01T05:30:00.000Z", "America/New_York", "2026-11-01T01:30"),
        ("2026-11-01T06:30:00.000Z", "America/New_York", "2026-11-01T06:30:00.000Z")
    ])
    func typedDatesReadBackAsThemselves(wire: String, zone: String, typed: String) throws {
        let date = try #require(DueDate(wire: wire))
        let context = Dates.at("2026-11-20T12:00:00.000Z", zone)
        #expect(date.typed(in: context) == typed)
        #expect(try DateReader.read(typed, in: context) == date)
    }
}

/// The named dates completion offers are dates the reader reads.
@Suite struct DateNameTests {
    @Test func everyNamedDateReads() throws {
        let context = Dates.at("2026-11-20T12:00:00.000Z", "Europe/Paris")
        #expect(DateReader.names.count == 21)
        for name in DateReader.names {
            #expect((try? DateReader.read(name, in: context)) != nil, "\(name)")
        }
    }
}

/// `deadlinePassed(in:)`, which skips the calendar for a whole day, says what comparing the
/// deadline with now says: every hour of two days around clock changes, in zones whose
/// changes skip or repeat midnight, for the days around them and instants.
@Suite struct DeadlinePassedTests {
    @Test(arguments: ["UTC", "America/New_York", "America/Sao_Paulo", "Asia/Beirut", "America/Havana", "Pacific/Apia"])
    func aWholeDayPassesWhenItsNextDayBegins(zone: String) throws {
        // Around New York's and Beirut's changes, Havana's (at midnight), Apia's skipped day.
        for start in ["2026-03-07T00:00:00.000Z", "2026-10-31T00:00:00.000Z", "2011-12-29T00:00:00.000Z"] {
            guard case .instant(let from)? = DueDate(wire: start) else { throw TestFailure("\(start)") }
            for hour in stride(from: 0, through: 96, by: 1) {
                let context = DateContext(
                    now: from.addingTimeInterval(Double(hour) * 3600 + 1), timeZone: TimeZone(identifier: zone)!)
                for offset in -2...2 {
                    let due = DueDate.day(context.today.adding(days: offset))
                    #expect(
                        due.deadlinePassed(in: context) == (due.deadline(in: context) <= context.now),
                        "\(zone) \(hour) \(offset)")
                }
                let instant = DueDate.instant(context.now)
                #expect(instant.deadlinePassed(in: context))
                #expect(!DueDate.instant(context.now.addingTimeInterval(0.001)).deadlinePassed(in: context))
            }
        }
    }
}
