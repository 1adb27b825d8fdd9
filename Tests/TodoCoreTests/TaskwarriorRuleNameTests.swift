import Foundation
import Testing
import TodoCore

/// Taskwarrior's names for a recurrence (`biweekly`, `quarterly`, `2wks`, `3months`, `P1M`)
/// read by `Recurrence(rule:)`, the one reader that `recur:` and `import --from taskwarrior`
/// share. Cases come from Taskwarrior's test/recurrence.test.py and libshared's Duration table;
/// the due dates Taskwarrior 2.6.2 makes were checked with `task` itself.
@Suite struct TaskwarriorRuleNameTests: RecurrenceCases {
    /// recurrence.test.py `TestPeriod.test_recurrence_periods` (every period it adds), with
    /// `TestBug955` (`1day`), `TestBug649` (`1week`) and `TestRecurrenceSorting` (`3d`); then
    /// libshared's other unit words, alone where its table says they may stand alone.
    @Test(arguments: [
        ("daily", "daily"), ("1day", "daily"), ("weekly", "weekly"), ("1sennight", "2w"), ("biweekly", "2w"),
        ("fortnight", "2w"), ("monthly", "monthly"), ("quarterly", "3m"), ("semiannual", "6m"), ("bimonthly", "2m"),
        ("biannual", "2y"), ("biyearly", "2y"), ("annual", "yearly"), ("yearly", "yearly"), ("2d", "2d"), ("2w", "2w"),
        ("2mo", "2m"), ("2q", "6m"), ("2y", "2y"), ("1week", "weekly"), ("3d", "3d"), ("weekdays", "weekdays"),
        ("2weeks", "2w"), ("3months", "3m"), ("2wks", "2w"), ("1yr", "yearly"), ("14days", "14d"), ("3mo", "3m"),
        ("2mnths", "2m"), ("2mths", "2m"), ("3mos", "3m"), ("2qtrs", "6m"), ("2qrtrs", "6m"), ("2quarters", "6m"),
        ("2yrs", "2y"), ("2years", "2y"), ("2sennight", "4w"),
        ("day", "daily"), ("week", "weekly"), ("wk", "weekly"), ("month", "monthly"), ("mo", "monthly"),
        ("mth", "monthly"),
        ("quarter", "3m"), ("qtr", "3m"), ("qrtr", "3m"), ("year", "yearly"), ("yr", "yearly"),
        ("P1D", "daily"), ("P3D", "3d"), ("P2W", "2w"), ("P1M", "monthly"), ("P1Y", "yearly"),
        ("BiWeekly", "2w"), ("+biweekly", "+2w"), ("+quarterly", "+3m"), ("+1yr", "+1y"), ("4q", "12m"), ("12m", "12m")
    ])
    func namesReadAsTodosRules(word: String, written: String) {
        #expect(Recurrence(rule: word)?.rule == written)
    }

    /// `TestBug972`: a bare number is no period (Taskwarrior: "The duration value '2' is not
    /// supported"); hours and minutes are none of todo's; `sennight` alone, `q` alone and
    /// `hourly` Taskwarrior refuses too.
    @Test(arguments: [
        "2", "7", "sennight", "q", "w", "m", "y", "d", "hourly", "1h", "2hrs", "30min", "PT1H", "P1Y2M", "P1DT2H", "P",
        "P1",
        "1.5w", "2biweekly", "0w", "1000d", "334q", "1000y", "1000000w", "fortnightly", "weeks", "days", "+", "+2"
    ])
    func otherWordsAreNoRule(word: String) {
        #expect(Recurrence(rule: word) == nil)
    }

    /// The rule a name becomes is written one way and reads back as itself: what the state
    /// file, the sync wire and `--json` carry (`codedText`), stable across devices.
    @Test(arguments: Recurrence.names + ["2wks", "3months", "2q", "14days", "P1M", "+biweekly"])
    func aNamedRuleIsWrittenOneWayAndReadsBack(word: String) throws {
        let recurrence = try #require(Recurrence(rule: word))
        #expect(Recurrence(rule: recurrence.rule) == recurrence)
        #expect(Recurrence(codedText: recurrence.codedText) == recurrence)
        #expect(Recurrence(rule: recurrence.rule)?.rule == recurrence.rule)
    }

    /// What Taskwarrior export writes for each name reads back as the same rule (a rule counted
    /// from completion goes out as the plain period: Taskwarrior has none).
    @Test(arguments: Recurrence.names + ["2wks", "3months", "2q", "14days", "2y", "+biweekly"])
    func aNamedRuleGoesToTaskwarriorAndBack(word: String) throws {
        let recurrence = try #require(Recurrence(rule: word))
        let back = try #require(Recurrence(taskwarriorPeriod: recurrence.taskwarriorPeriod))
        #expect(back == Recurrence(count: recurrence.count, unit: recurrence.unit))
    }

    @Test func summariesSayTheNamesInWords() {
        #expect(rule("biweekly").summary == "every 2 weeks")
        #expect(rule("quarterly").summary == "every 3 months")
        #expect(rule("semiannual").summary == "every 6 months")
        #expect(rule("annual").summary == "every year")
        #expect(rule("biannual").summary == "every 2 years")
        #expect(rule("+fortnight").summary == "2 weeks after each completion")
    }

    /// Every name offered for completion reads; the line in errors and help names the common ones.
    @Test func theListsAreTheReadersNames() {
        #expect(
            Recurrence.names == [
                "daily", "weekdays", "weekly", "biweekly", "fortnight", "monthly", "bimonthly", "quarterly",
                "semiannual",
                "yearly", "annual", "biannual", "biyearly"
            ])
        for name in Recurrence.names { #expect(Recurrence(rule: name) != nil, "\(name)") }
        for name in ["daily", "weekdays", "biweekly", "quarterly", "semiannual", "fortnight", "14days", "+1w"] {
            #expect(Recurrence.accepted.contains(name), "\(name)")
        }
    }

    // MARK: the next due dates

    /// `TestRecurrenceWeekdays`: a Friday's next is Monday.
    @Test func weekdaysSkipTheWeekend() {
        #expect(series("weekdays", from: day("2026-11-27"), 2) == ["2026-11-30", "2026-12-01"])
    }

    /// `TestBugAnnual.test_annual_creep`: annual from 1 January stays on 1 January.
    @Test func annualDoesNotCreep() {
        let dues = series("annual", from: day("2027-01-01"), 16)
        #expect(dues == (2028...2043).map { "\($0)-01-01" })
    }

    /// Taskwarrior 2.6.2 steps `biweekly`, `fortnight`, `2weeks` and `14days` by 14 days, as todo does.
    @Test(arguments: ["biweekly", "fortnight", "2weeks", "2wks", "14days", "1sennight"])
    func twoWeeksAreFourteenDays(word: String) {
        #expect(series(word, from: day("2026-01-31"), 3) == ["2026-02-14", "2026-02-28", "2026-03-14"])
    }

    /// Deliberately unlike Taskwarrior: months count from the anchor's day, clamped to each
    /// month's end, so the series keeps to the 31st. Taskwarrior 2.6.2 from 31 January steps
    /// `quarterly` from the previous due date (30 April, 30 July, 30 October), `3mo` and
    /// `3months` by 90 days (1 May, 30 July), and `bimonthly` drifts from 30 September to 30
    /// January.
    @Test func monthsClampFromTheAnchorDay() {
        let expected = ["2026-04-30", "2026-07-31", "2026-10-31", "2027-01-31"]
        for word in ["quarterly", "3mo", "3months", "quarter", "qtr", "1q", "3m"] {
            #expect(series(word, from: day("2026-01-31"), 4) == expected, "\(word)")
        }
        #expect(
            series("bimonthly", from: day("2026-01-31"), 6) == [
                "2026-03-31", "2026-05-31", "2026-07-31", "2026-09-30", "2026-11-30", "2027-01-31"
            ])
        #expect(series("semiannual", from: day("2026-08-31"), 2) == ["2027-02-28", "2027-08-31"])
    }

    /// Deliberately unlike Taskwarrior: years are calendar years. Taskwarrior 2.6.2 steps
    /// `1y`, `year` and `2years` by 365 days (29 February 2024 + 1y … 28 February 2028) and
    /// `2q` from the previous due date (28 August 2025).
    @Test func yearsAndQuartersAreCalendarOnes() {
        #expect(series("1y", from: day("2024-02-29"), 4) == ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
        #expect(series("year", from: day("2026-01-31"), 3) == ["2027-01-31", "2028-01-31", "2029-01-31"])
        #expect(series("2years", from: day("2026-01-31"), 2) == ["2028-01-31", "2030-01-31"])
        #expect(series("2q", from: day("2024-02-29"), 3) == ["2024-08-29", "2025-02-28", "2025-08-29"])
    }

    /// Deliberately unlike Taskwarrior, which adds 14 × 86400 seconds: a time of day stays on
    /// the clock of the zone the series began in across a change of the clocks.
    @Test func aTimeOfDayStaysOnTheLocalClock() {
        // Berlin springs forward on 29 March 2026: 09:00 is 08:00Z before, 07:00Z after
        // (Taskwarrior: 08:00Z, 10:00 on the clock).
        #expect(
            series("fortnight", from: instant("2026-03-20T08:00:00Z"), 2, zone: "Europe/Berlin")
                == ["2026-04-03T07:00:00.000Z", "2026-04-17T07:00:00.000Z"])
        // New York: 09:00 EST is 14:00Z in January, 09:00 EDT 13:00Z in April.
        #expect(
            series("quarterly", from: instant("2026-01-15T14:00:00Z"), 2, zone: "America/New_York")
                == ["2026-04-15T13:00:00.000Z", "2026-07-15T13:00:00.000Z"])
    }
}
