import Foundation
import Testing
import TodoCore

/// Scores at noon in New York on Wednesday 2 December 2026 (17:00 UTC; the day ends in 12 hours).
@Suite struct UrgencyTests {
    let now = newYorkNoon.now

    func item(
        tags: Set<String> = [], project: String? = nil, priority: Priority? = nil, due: DueDate? = nil,
        wait: DueDate? = nil, age days: Double = 0
    ) -> FilterItem {
        FilterItem(
            tags: tags, project: project, priority: priority, due: due, wait: wait,
            createdAt: now.addingTimeInterval(-days * 86_400))
    }

    func score(_ item: FilterItem) -> Double {
        Urgency.score(item, in: newYorkNoon, dependencies: .none)
    }

    func approx(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) < 1e-9
    }

    func inDays(_ days: Double) -> DueDate { .instant(now.addingTimeInterval(days * 86_400)) }

    @Test func aTodoWithNothingScoresZero() {
        #expect(approx(score(item()), 0))
    }

    @Test func priority() {
        #expect(approx(score(item(priority: .high)), 6))
        #expect(approx(score(item(priority: .medium)), 3.9))
        #expect(approx(score(item(priority: .low)), 1.8))
    }

    @Test(arguments: [(-30.0, 12.0), (-7, 12), (-3.5, 10.4), (0, 8.8), (7, 5.6), (14, 2.4), (100, 2.4)])
    func dueInstants(daysAhead: Double, expected: Double) {
        #expect(approx(score(item(due: inDays(daysAhead))), expected))
    }

    /// A whole day is due at its end: today in 12 hours, yesterday 12 hours ago, Saturday in 3.5 days.
    @Test func dueWholeDaysAtTheirEnd() {
        #expect(approx(score(item(due: .day(Dates.day("2026-12-02")))), 12 * (0.2 + 0.8 * 13.5 / 21)))
        #expect(approx(score(item(due: .day(Dates.day("2026-12-01")))), 12 * (0.2 + 0.8 * 14.5 / 21)))
        #expect(approx(score(item(due: .day(Dates.day("2026-12-05")))), 7.2))
    }

    @Test func tagsAndTheNextTag() {
        #expect(approx(score(item(tags: ["a"])), 0.8))
        #expect(approx(score(item(tags: ["a", "b"])), 0.9))
        #expect(approx(score(item(tags: ["a", "b", "c", "d"])), 1))
        #expect(approx(score(item(tags: ["next"])), 15.8))
    }

    @Test func project() {
        #expect(approx(score(item(project: "home")), 1))
    }

    @Test func ageGrowsForAYearThenStops() {
        #expect(approx(score(item(age: 73)), 0.4))
        #expect(approx(score(item(age: 365)), 2))
        #expect(approx(score(item(age: 1000)), 2))
        #expect(approx(score(item(age: -5)), 0))
    }

    @Test func waitingUntilTheWaitDateHasCome() {
        #expect(approx(score(item(wait: .day(Dates.day("2026-12-03")))), -3))
        #expect(approx(score(item(wait: inDays(1.0 / 24))), -3))
        #expect(approx(score(item(wait: .day(Dates.day("2026-12-02")))), 0))
        #expect(approx(score(item(wait: inDays(-1))), 0))
    }

    @Test func theOrderItGives() {
        let items = [
            "plain": item(), "tagged": item(tags: ["home"]), "old": item(age: 730), "H": item(priority: .high),
            "waiting H": item(priority: .high, wait: .day(Dates.day("2026-12-04"))),
            "M project": item(project: "work", priority: .medium), "due Saturday": item(due: .day(Dates.day("2026-12-05"))),
            "overdue": item(due: inDays(-10)), "due today H": item(priority: .high, due: .day(Dates.day("2026-12-02"))),
            "next": item(tags: ["next"]),
        ]
        let order = items.sorted { score($0.value) > score($1.value) }.map(\.key)
        #expect(order == [
            "next", "due today H", "overdue", "due Saturday", "H", "M project", "waiting H", "old", "tagged", "plain",
        ])
    }
}
