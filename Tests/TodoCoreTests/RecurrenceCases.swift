import Foundation
@testable import TodoCore

/// What the recurrence suites write their cases with: rules, dates, and the due dates of a series.
protocol RecurrenceCases {}

extension RecurrenceCases {
    func rule(_ text: String) -> Recurrence { Recurrence(rule: text)! }
    func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }
    func instant(_ wire: String) -> DueDate { .instant(Dates.utc(wire)) }

    /// The due dates of `count` occurrences after `start` by the calendar, done on time.
    func series(_ text: String, from start: DueDate, _ count: Int, zone: String = "UTC") -> [String] {
        let anchor = SeriesAnchor(start, in: Dates.zone(zone))
        var due = start
        return (0..<count).map { _ in
            due = rule(text).next(after: due, anchor: anchor, doneAt: Dates.utc("2026-01-01T00:00:00Z"))
            return due.wire
        }
    }
}
