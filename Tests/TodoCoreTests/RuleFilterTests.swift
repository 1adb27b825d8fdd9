import Foundation
import Testing
import TodoCore

/// `recur:RULE` filters by the rule a todo repeats by, however the rule is written, as
/// Taskwarrior's `recur:` compares periods; `recur:` alone keeps the todos without one.
@Suite struct RuleFilterTests {
    func rule(_ text: String) -> Recurrence { Recurrence(rule: text)! }

    @Test func rulesThatStepAlikeAreOneRule() {
        #expect(rule("weekly").stepsAs(rule("1w")))
        #expect(rule("weekly").stepsAs(rule("7d")))
        #expect(rule("weekly").stepsAs(rule("P1W")))
        #expect(rule("biweekly").stepsAs(rule("14days")))
        #expect(rule("yearly").stepsAs(rule("12m")))
        #expect(rule("quarterly").stepsAs(rule("3m")))
        #expect(rule("+1w").stepsAs(rule("+7d")))
    }

    @Test func rulesThatStepOtherwiseAreNot() {
        #expect(!rule("weekly").stepsAs(rule("2w")))
        #expect(!rule("weekly").stepsAs(rule("+1w")))
        #expect(!rule("monthly").stepsAs(rule("30d")))
        #expect(!rule("weekdays").stepsAs(rule("daily")))
        #expect(!rule("yearly").stepsAs(rule("365d")))
    }

    @Test func theTermReadsTheRule() throws {
        #expect(try readFilter("recur:weekly") == .term(.rule(rule("weekly"))))
        #expect(try readFilter("recur.is:7d") == .term(.rule(rule("7d"))))
        #expect(try readFilter("recur.not:weekly") == .not(.term(.rule(rule("weekly")))))
        #expect(try readFilter("recur.isnt:weekly") == .not(.term(.rule(rule("weekly")))))
        #expect(try readFilter("recur:") == .term(.unset(.recur)))
        #expect(try readFilter("recur.none:") == .term(.unset(.recur)))
        #expect(try readFilter("recur.any:") == .not(.term(.unset(.recur))))
    }

    @Test func aWordThatIsNoRuleIsRefused() {
        #expect(throws: FilterError.badValue("recur:often", "a rule is \(Recurrence.accepted)")) {
            try readFilter("recur:often")
        }
        #expect(throws: FilterError.self) { try readFilter("recur.has:week") }
        #expect(throws: FilterError.self) { try readFilter("recur.before:monthly") }
    }

    @Test func theTermMatchesTheTodosThatRepeatSo() throws {
        var weekly = Todo(id: 1, uuid: Fixture.uuid(1), name: "plants", createdAt: Fixture.t0)
        weekly.recur = rule("weekly")
        let plain = Todo(id: 2, uuid: Fixture.uuid(2), name: "milk", createdAt: Fixture.t0)
        for (line, expected) in [
            ("recur:7d", [1]), ("recur:2w", []), ("recur:", [2]), ("recur.any:", [1]), ("recur.not:weekly", [2])
        ] {
            let filter = try readFilter(line)
            #expect([weekly, plain].filter { filter.matches($0, in: noonFilter) }.map(\.id) == expected, "\(line)")
        }
    }
}
