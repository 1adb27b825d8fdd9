import Foundation
import Testing
import TodoCore
@testable import TodoCLI

/// Dates for people are on their own clock (TZ) with how long ago they were; --json keeps UTC.
@Suite struct LocalTimeTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func showGivesLocalDatesWithTheirAgeAndJSONStaysUTC() throws {
        let now = Date()
        let created = now.addingTimeInterval(-(2 * 3600 + 300))
        let updated = now.addingTimeInterval(3 * 86400 + 3600)
        try box.write(TodoState(todos: [Todo(id: 1, uuid: UUID(), name: "x", createdAt: created, updatedAt: updated)]))
        let shown = try box.run(["show", "1"], environment: ["TZ": "Asia/Kolkata"]).stdout
        let format = "yyyy-MM-dd HH:mm:ss"
        #expect(shown.contains("\nCreated:      \(clock(created, in: "Asia/Kolkata", format: format)) (2h ago)\n"))
        #expect(shown.contains("\nUpdated:      \(clock(updated, in: "Asia/Kolkata", format: format)) (in 3d)\n"))
        #expect(shown.contains("\nCompleted:    -\n"))
        let json = try #require(
            try parseJSON(try box.run(["show", "1", "--json"], environment: ["TZ": "Asia/Kolkata"]).stdout)
                as? [String: Any])
        #expect(json["createdAt"] as? String == clock(created, in: "UTC", format: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"))
    }

    @Test func agesAreShortAndRoundDown() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let ages: [(Double, String)] = [
            (0, "just now"), (59, "just now"), (-59, "just now"), (60, "1min ago"), (3_599, "59min ago"),
            (3_600, "1h ago"),
            (7_500, "2h ago"), (86_399, "23h ago"), (86_400, "1d ago"), (-(3 * 86_400 + 3_600), "in 3d"),
            (59 * 86_400, "59d ago"), (60 * 86_400, "2mo ago"), (729 * 86_400, "24mo ago"), (730 * 86_400, "2y ago")
        ]
        for (seconds, age) in ages {
            #expect(LocalTime.age(of: now.addingTimeInterval(-seconds), at: now) == age, "\(seconds) s")
        }
        let paris = LocalTime(now: now, timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(paris.text(now.addingTimeInterval(-7_500)) == "2026-11-18 10:01:40 (2h ago)")
    }
}

/// `date` on the clock of time zone `zone`, in DateFormatter's `format`.
func clock(_ date: Date, in zone: String, format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = format
    return formatter.string(from: date)
}
