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

    func score(_ item: FilterItem, _ dependencies: Dependencies = .none, _ urgency: UrgencyCoefficients = .taskwarrior)
        -> Double
    {
        Urgency.score(item, in: FilterContext(dates: newYorkNoon, dependencies: dependencies, urgency: urgency))
    }

    /// The coefficients `settings` give.
    func coefficients(_ settings: [String: String]) throws -> UrgencyCoefficients {
        try UrgencyCoefficients(settings: settings)
    }

    /// An item with only what `set` gives it among the later fields.
    func item(_ set: (inout Attributes) -> Void) -> FilterItem {
        var item = self.item()
        set(&item.more)
        return item
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

    /// A whole day counts from its local midnight, as Taskwarrior keeps it: today 12 hours
    /// ago, yesterday 36 hours ago, Saturday in 2.5 days.
    @Test func dueWholeDaysFromTheirMidnight() {
        #expect(approx(score(item(due: .day(Dates.day("2026-12-02")))), 12 * (0.2 + 0.8 * 14.5 / 21)))
        #expect(approx(score(item(due: .day(Dates.day("2026-12-01")))), 12 * (0.2 + 0.8 * 15.5 / 21)))
        #expect(approx(score(item(due: .day(Dates.day("2026-12-05")))), 12 * (0.2 + 0.8 * 11.5 / 21)))
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

    /// By whole days, as Taskwarrior counts them.
    @Test func ageGrowsForAYearThenStops() {
        #expect(approx(score(item(age: 73)), 0.4))
        #expect(approx(score(item(age: 73.9)), 0.4))
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

    @Test func activeWhileStarted() {
        #expect(approx(score(item { $0.start = .instant(now.addingTimeInterval(-3600)) }), 4))
        #expect(approx(score(item { $0.start = .day(Dates.day("2026-11-01")) }), 4))
    }

    /// Taskwarrior counts a scheduled date only once it has come.
    @Test func scheduledOnceItHasCome() {
        #expect(approx(score(item { $0.scheduled = .day(Dates.day("2026-12-02")) }), 5))
        #expect(approx(score(item { $0.scheduled = inDays(-0.5) }), 5))
        #expect(approx(score(item { $0.scheduled = .day(Dates.day("2026-12-03")) }), 0))
        #expect(approx(score(item { $0.scheduled = inDays(1.0 / 24) }), 0))
    }

    @Test(arguments: [(1, 0.8), (2, 0.9), (3, 1.0), (5, 1.0)])
    func annotationsCountAsTagsDo(count: Int, expected: Double) {
        let notes = (0..<count).map { Annotation(at: now.addingTimeInterval(Double($0)), text: "note \($0)") }
        #expect(approx(score(item { $0.annotations = notes }), expected))
    }

    @Test func blockingAndBlocked() {
        let plain = item()
        #expect(approx(score(plain, Dependencies(blocked: [], blocking: [plain.uuid])), 8))
        #expect(approx(score(plain, Dependencies(blocked: [plain.uuid], blocking: [])), -5))
        #expect(approx(score(plain, Dependencies(blocked: [plain.uuid], blocking: [plain.uuid])), 3))
        #expect(approx(score(plain, Dependencies(blocked: [Fixture.uuid(9)], blocking: [Fixture.uuid(9)])), 0))
    }

    /// Every term at once: 6 (H) + 8.8 (due now) + 0.8 (one tag) + 1 (project) + 4 (active)
    /// + 5 (scheduled) + 0.8 (one annotation) + 8 (blocking) - 5 (blocked).
    @Test func theTermsAdd() {
        var all = item(tags: ["a"], project: "p", priority: .high, due: inDays(0))
        all.more.start = inDays(-1)
        all.more.scheduled = inDays(-1)
        all.more.annotations = [Annotation(at: now, text: "x")]
        #expect(
            approx(
                score(all, Dependencies(blocked: [all.uuid], blocking: [all.uuid])),
                6 + 8.8 + 0.8 + 1 + 4 + 5 + 0.8 + 8 - 5))
    }

    /// `todo help next` prints a line for each setting the score counts.
    @Test func theTermsHelpShows() {
        #expect(
            Urgency.terms.map(\.name) == [
                "urgency.due.coefficient", "urgency.blocking.coefficient", "urgency.blocked.coefficient",
                "urgency.active.coefficient",
                "urgency.scheduled.coefficient", "urgency.age.coefficient", "urgency.annotations.coefficient",
                "urgency.tags.coefficient",
                "urgency.project.coefficient", "urgency.waiting.coefficient", "urgency.age.max",
                "urgency.user.tag.TAG.coefficient",
                "urgency.user.project.PROJECT.coefficient", "urgency.user.keyword.WORD.coefficient",
                "urgency.uda.NAME.coefficient",
                "urgency.uda.NAME.VALUE.coefficient"
            ])
    }

    /// Every built-in coefficient set otherwise, each term alone.
    @Test func builtInCoefficientsFromTheSettings() throws {
        let custom = try coefficients([
            "urgency.due.coefficient": "10", "urgency.blocking.coefficient": "2", "urgency.blocked.coefficient": "-1.5",
            "urgency.active.coefficient": "0.5", "urgency.scheduled.coefficient": "7", "urgency.age.coefficient": "4",
            "urgency.age.max": "10", "urgency.annotations.coefficient": "3", "urgency.tags.coefficient": "-2",
            "urgency.project.coefficient": "0", "urgency.waiting.coefficient": "-6", "other.setting": "x"
        ])
        let plain = item()
        #expect(approx(score(item(due: inDays(-7)), .none, custom), 10))
        #expect(approx(score(plain, Dependencies(blocked: [plain.uuid], blocking: [plain.uuid]), custom), 0.5))
        #expect(approx(score(item { $0.start = inDays(-1) }, .none, custom), 0.5))
        #expect(approx(score(item { $0.scheduled = inDays(-1) }, .none, custom), 7))
        #expect(approx(score(item(age: 5.5), .none, custom), 2))
        #expect(approx(score(item(age: 30), .none, custom), 4))
        #expect(approx(score(item { $0.annotations = [Annotation(at: now, text: "x")] }, .none, custom), 2.4))
        #expect(approx(score(item(tags: ["a", "b"]), .none, custom), -1.8))
        #expect(approx(score(item(project: "p"), .none, custom), 0))
        #expect(approx(score(item(wait: inDays(1)), .none, custom), -6))
        #expect(approx(score(item(age: 30), .none, try coefficients(["urgency.age.max": "0"])), 2))
    }

    /// Tags (virtual ones too), projects with those under them, words of the name, attributes
    /// with any value or one value; priority's values and the tag next are such settings.
    @Test func userAndAttributeCoefficients() throws {
        let custom = try coefficients([
            "urgency.user.tag.next.coefficient": "0", "urgency.user.tag.urgent.coefficient": "4",
            "urgency.user.tag.OVERDUE.coefficient": "1",
            "urgency.user.project.home.coefficient": "2", "urgency.user.keyword.deploy.coefficient": "3",
            "urgency.uda.client.coefficient": "1.5", "urgency.uda.client.acme.coefficient": "0.25",
            "urgency.uda.priority.H.coefficient": "9",
            "urgency.uda.priority.coefficient": "0.5", "urgency.tags.coefficient": "0"
        ])
        #expect(approx(score(item(tags: ["next"]), .none, custom), 0))
        #expect(approx(score(item(tags: ["urgent"]), .none, custom), 4))
        #expect(approx(score(item(due: inDays(-20)), .none, custom), 12 + 1))
        #expect(approx(score(item(project: "home.garden"), .none, custom), 1 + 2))
        #expect(approx(score(item(project: "homework"), .none, custom), 1))
        var named = item()
        named.name = "deploy the site"
        #expect(approx(score(named, .none, custom), 3))
        named.name = "Deploy the site"
        #expect(approx(score(named, .none, custom), 0))
        #expect(approx(score(item { $0.udas = ["client": "acme"] }, .none, custom), 1.75))
        #expect(approx(score(item { $0.udas = ["client": "globex"] }, .none, custom), 1.5))
        #expect(approx(score(item(priority: .high), .none, custom), 9.5))
        #expect(approx(score(item(priority: .medium), .none, custom), 4.4))
    }

    /// A key of no urgency setting, a value that is no number and a negative age.max are refused.
    @Test(arguments: [
        ("urgency.next.coefficient", "1", "is no urgency setting"),
        ("urgency.user.tag.coefficient", "1", "is no urgency setting"),
        ("urgency.due.coefficient", "abc", "urgency.due.coefficient must be a number, as 5 or -1.5, not \"abc\""),
        ("urgency.tags.coefficient", "nan", "must be a number"),
        ("urgency.age.max", "-1", "must be a number of days, 0 or more"),
        ("urgency.uda.9x.coefficient", "1", "cannot name an attribute")
    ])
    func badSettingsAreRefused(key: String, value: String, message: String) {
        do {
            _ = try UrgencyCoefficients(settings: [key: value])
            Issue.record("\(key)=\(value) was taken")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func theOrderItGives() {
        let items = [
            "plain": item(), "tagged": item(tags: ["home"]), "old": item(age: 730), "H": item(priority: .high),
            "waiting H": item(priority: .high, wait: .day(Dates.day("2026-12-04"))),
            "M project": item(project: "work", priority: .medium),
            "due Saturday": item(due: .day(Dates.day("2026-12-05"))),
            "overdue": item(due: inDays(-10)), "due today H": item(priority: .high, due: .day(Dates.day("2026-12-02"))),
            "next": item(tags: ["next"]), "started": item { $0.start = .instant(now) },
            "blocked H": FilterItem(priority: .high, createdAt: now, uuid: Fixture.uuid(8)),
            "blocking": FilterItem(createdAt: now, uuid: Fixture.uuid(7))
        ]
        let dependencies = Dependencies(blocked: [Fixture.uuid(8)], blocking: [Fixture.uuid(7)])
        let score = { (item: FilterItem) in self.score(item, dependencies) }
        let order = items.sorted { score($0.value) > score($1.value) }.map(\.key)
        #expect(
            order == [
                "next", "due today H", "overdue", "blocking", "due Saturday", "H", "M project", "started", "waiting H",
                "old",
                "blocked H", "tagged", "plain"
            ])
    }
}
