import Foundation
import Testing
import TodoCore

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
