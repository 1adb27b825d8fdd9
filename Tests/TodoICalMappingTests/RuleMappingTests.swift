import Foundation
import Testing
import TodoCore
import TodoICal
import TodoICalMapping

/// todo's rules and RRULE, UNTIL, and the property for rules counted from completion.
@Suite struct RuleMappingTests {
    @Test(arguments: [
        ("daily", "FREQ=DAILY"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("weekly", "FREQ=WEEKLY"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"),
        ("monthly", "FREQ=MONTHLY"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"), ("yearly", "FREQ=YEARLY"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    ])
    func rulesByTheCalendarAreRRules(rule: String, rrule: String) throws {
        let recurrence = try #require(Recurrence(rule: rule))
        let written = try #require(ICalRules.rule(recurrence, until: nil))
        #expect(written.text == rrule)
        #expect(ICalRules.recurrence(written) == recurrence)
    }

    @Test(arguments: [
        ("FREQ=WEEKLY;BYDAY=SA", "weekly"), ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=SU", "2w"),
        ("FREQ=MONTHLY;INTERVAL=1", "monthly"),
        ("FREQ=MONTHLY;BYMONTHDAY=15", "monthly"), ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1", "yearly"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "weekdays"),
        ("freq=daily;until=20261231", "daily")
    ])
    func rrulesAppsWriteAreRead(rrule: String, rule: String) {
        #expect(ICalRules.recurrence(ICalRecurrenceRule(text: rrule))?.rule == rule)
    }

    @Test(arguments: [
        "FREQ=HOURLY", "FREQ=MONTHLY;COUNT=6", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MONTHLY;BYDAY=-1FR",
        "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=YEARLY;BYSETPOS=1", "FREQ=DAILY;INTERVAL=0", "INTERVAL=2"
    ])
    func rrulesTodoCannotSayAreNone(rrule: String) {
        #expect(ICalRules.recurrence(ICalRecurrenceRule(text: rrule)) == nil)
    }

    @Test func aRuleAndUntilGoInTheRRule() throws {
        var todo = todo()
        todo.due = .day(Clock.day("2026-12-01"))
        todo.recur = Recurrence(rule: "2w")
        todo.until = .day(Clock.day("2027-06-30"))
        let vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        #expect(vtodo.recurrenceRule?.text == "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270630")
        #expect(vtodo.property("X-TODO-UNTIL") == nil)
        let content = try read(vtodo).todo.content
        #expect((content.recur, content.until) == (todo.recur, todo.until))
    }

    @Test func aRuleFromCompletionIsTodosOwnProperty() throws {
        var todo = todo()
        todo.due = .day(Clock.day("2026-12-01"))
        todo.recur = Recurrence(rule: "+1w")
        todo.until = .instant(Clock.date("2027-06-30T12:00:00Z"))
        let vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        #expect(vtodo.property("RRULE") == nil)
        #expect(vtodo.text("X-TODO-RECUR") == "+1w")
        #expect(vtodo.date("X-TODO-UNTIL")?.text == "20270630T120000Z")
        let content = try read(vtodo).todo.content
        #expect((content.recur, content.until) == (todo.recur, todo.until))
    }

    @Test func changingUntilKeepsTheClientsOtherRuleParts() throws {
        var kept = try vtodo(
            "UID:1", "SUMMARY:buy milk", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;BYDAY=TU;WKST=SU")
        var todo = try read(kept).todo.content
        #expect(todo.recur?.rule == "weekly")
        todo.until = .day(Clock.day("2027-01-31"))
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.recurrenceRule?.text == "FREQ=WEEKLY;BYDAY=TU;WKST=SU;UNTIL=20270131")
    }

    @Test func aRuleTodoCannotSayIsLeftOutWithANoteAndKeptByAPatch() throws {
        var kept = try vtodo("UID:1", "SUMMARY:buy milk", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=MONTHLY;COUNT=6")
        let reading = try read(kept)
        #expect(reading.todo.content.recur == nil)
        #expect(reading.notes == ["VTODO 1: the rule RRULE:FREQ=MONTHLY;COUNT=6 is not one todo repeats by; left out"])
        var todo = reading.todo.content
        todo.name = "buy oat milk"
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.recurrenceRule?.text == "FREQ=MONTHLY;COUNT=6")
    }

    @Test func aRuleWithoutADueDateOrOnACompletedTodoIsLeftOut() throws {
        let undated = try read(try vtodo("UID:1", "SUMMARY:x", "RRULE:FREQ=DAILY"))
        #expect(undated.todo.content.recur == nil)
        #expect(undated.notes == ["VTODO 1: the rule daily is left out: a todo without a due date does not recur"])
        let done = try read(
            try vtodo("UID:2", "SUMMARY:x", "DUE;VALUE=DATE:20261201", "STATUS:COMPLETED", "RRULE:FREQ=DAILY"))
        #expect(done.todo.content.recur == nil)
        #expect(done.notes == ["VTODO 2: the rule daily is left out: a completed todo does not recur"])
    }
}
