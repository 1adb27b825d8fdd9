import Foundation
import Testing
import TodoCore
@testable import TodoCLI

/// todo.txt's recurrence add-on (`rec:`, as SimpleTask, topydo and sleek write it): a `+`
/// counts from the due date (todo's plain rule), none from the day it is done (todo's `+`).
@Suite struct TodoTxtRecurrenceTests {
    @Test(arguments: [
        ("2w", "+2w"), ("weekly", "+1w"), ("daily", "+1d"), ("monthly", "+1m"), ("yearly", "+1y"), ("18m", "+18m"),
        ("+1m", "1m"), ("+3d", "3d"), ("weekdays", "+1b"), ("+weekdays", "1b"),
        // Taskwarrior's names are todo's rules, and go as those.
        ("biweekly", "+2w"), ("quarterly", "+3m"), ("semiannual", "+6m"), ("biannual", "+2y"), ("+fortnight", "2w"),
        ("3months", "+3m"), ("2q", "+6m")
    ])
    func rulesGoThereAndBack(rule: String, rec: String) throws {
        let recurrence = try #require(Recurrence(rule: rule))
        #expect(recurrence.todoTxt == rec)
        #expect(Recurrence(todoTxt: Substring(rec)) == recurrence)
    }

    @Test(arguments: ["2b", "+0d", "1x", "+", "", "w", "+1000d", "1.5w", "٣d"])
    func whatTodoCannotRepeatIsNoRule(rec: String) {
        #expect(Recurrence(todoTxt: Substring(rec)) == nil)
    }

    @Test func aRecurringTodoGoesToTodoTxtAndBack() throws {
        var todo = Todo(
            id: 1, uuid: UUID(), name: "water plants", createdAt: ForeignFormatTests.date("2026-11-20T08:00:00Z"))
        todo.due = .day(CalendarDay(iso: "2026-12-01")!)
        todo.recur = Recurrence(rule: "+2w")
        let line = TodoTxtExport.export([todo])
        #expect(line == "2026-11-20 water plants due:2026-12-01 rec:2w\n")
        let back = try TodoTxtFormat.parse(line, now: ForeignFormatTests.date("2026-11-25T08:00:00Z"))
        #expect(back.map(\.content.recur) == [Recurrence(rule: "+2w")])
        #expect(back.map(\.content.name) == ["water plants"])
        // A step todo cannot take stays a word of the name, as any unknown word does.
        let odd = try TodoTxtFormat.parse(
            "call rec:2b due:2026-12-01\n", now: ForeignFormatTests.date("2026-11-25T08:00:00Z"))
        #expect((odd[0].content.name, odd[0].content.recur) == ("call rec:2b", nil))
    }
}

/// topydo's dependency words: `id:N` on the todo others depend on, `p:N` on each dependent.
@Suite struct TodoTxtDependencyTests {
    static let now = ForeignFormatTests.date("2026-11-25T08:00:00Z")

    @Test func dependenciesAreWrittenWithTheTodosNumbersAndReadBack() throws {
        var invoice = Todo(id: 4, uuid: UUID(), name: "find the invoice", createdAt: Self.now)
        let bank = Todo(id: 7, uuid: UUID(), name: "ask the bank", createdAt: Self.now)
        var bill = Todo(id: 9, uuid: UUID(), name: "pay the bill", createdAt: Self.now)
        bill.depends = [invoice.uuid, bank.uuid, UUID()]
        invoice.depends = [bank.uuid]
        let text = TodoTxtExport.export([invoice, bank, bill])
        #expect(
            text == """
                2026-11-25 find the invoice id:4 p:7
                2026-11-25 ask the bank id:7
                2026-11-25 pay the bill p:4 p:7

                """)
        let back = try TodoTxtFormat.parse(text, now: Self.now)
        #expect(back.map(\.content.name) == ["find the invoice", "ask the bank", "pay the bill"])
        #expect(back[0].content.depends == [back[1].uuid])
        #expect(back[1].content.depends.isEmpty)
        #expect(back[2].content.depends == [back[0].uuid, back[1].uuid])
    }

    @Test func aParentNoLineNamesStaysInTheName() throws {
        let back = try TodoTxtFormat.parse("call p:3\nwrite id:2\n", now: Self.now)
        #expect(back.map(\.content.name) == ["call p:3", "write"])
        #expect(back.allSatisfy { $0.content.depends.isEmpty })
    }
}
