import Foundation
import Testing
import TodoCore

/// Todos at noon in New York on Wednesday 2 December 2026 (`newYorkNoon`), each with what
/// gives it a virtual tag, and the names each `+TAG` keeps.
@Suite struct VirtualTagTests {
    static func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }

    /// A todo numbered `id` named `name`, changed by `set`.
    static func todo(_ id: Int, _ name: String, completed: Bool = false, _ set: (inout Todo) -> Void = { _ in }) -> Todo
    {
        var todo = Fixture.todo(id, name, completed: completed)
        set(&todo)
        return todo
    }

    /// #3 "parent" depends on #4 "child" (open), #5 "done dep" (completed) and #99 (deleted);
    /// #6 "after done" depends only on the completed #5, #7 "after gone" only on the deleted #99.
    static let todos: [Todo] = [
        todo(1, "plain"),
        todo(2, "started") { $0.start = .instant(Dates.utc("2026-12-02T15:00:00Z")) },
        todo(3, "parent") { $0.depends = [Fixture.uuid(4), Fixture.uuid(5), Fixture.uuid(99)] },
        todo(4, "child") { $0.tags = ["x"] },
        todo(5, "done dep", completed: true) { $0.project = "home" },
        todo(6, "after done") { $0.depends = [Fixture.uuid(5)] },
        todo(7, "after gone") { $0.depends = [Fixture.uuid(99)] },
        todo(8, "scheduled later") { $0.scheduled = day("2026-12-03") },
        todo(9, "scheduled today") { $0.scheduled = day("2026-12-02") },
        todo(10, "waiting") { $0.wait = day("2026-12-04") },
        todo(11, "overdue") { $0.due = .instant(Dates.utc("2026-12-02T16:00:00Z")) },
        todo(12, "due today") { $0.due = day("2026-12-02") },
        todo(13, "due tomorrow") { $0.due = day("2026-12-03") },
        todo(14, "due in 7d") { $0.due = day("2026-12-09") },
        todo(15, "due in 8d") { $0.due = day("2026-12-10") },
        todo(16, "noted") { $0.annotations = [Annotation(at: Fixture.t0, text: "called")] },
        todo(17, "ranked") { $0.priority = .low },
        todo(18, "bounded") { $0.until = day("2027-01-01") },
        todo(19, "repeats") {
            $0.recur = Recurrence(rule: "weekly"); $0.due = day("2026-12-20")
        },
        todo(20, "custom") { $0.udas = ["size": "3"] },
        todo(21, "done started", completed: true) {
            $0.start = day("2026-12-01"); $0.depends = [Fixture.uuid(4)]
        }
    ]

    static let context = FilterContext(dates: newYorkNoon, dependencies: Dependencies(todos))

    func names(_ line: String) throws -> [String] {
        let filter = try readFilter(line)
        return Self.todos.filter { filter.matches($0, in: Self.context) }.map(\.name)
    }

    @Test func dependenciesCountOnlyOpenTodosThatExist() {
        #expect(Self.context.dependencies == Dependencies(blocked: [Fixture.uuid(3)], blocking: [Fixture.uuid(4)]))
        #expect(Dependencies([]) == .none)
        #expect(Dependencies([Self.todo(1, "self") { $0.depends = [Fixture.uuid(1)] }]) == .none)
    }

    @Test func blockedAndBlocking() throws {
        #expect(try names("+BLOCKED") == ["parent"])
        #expect(try names("+BLOCKING") == ["child"])
        #expect(try names("-BLOCKED +PENDING").count == 17)
        #expect(try names("+UNBLOCKED").count == 20)
    }

    /// A completed dependency and a deleted one hold nothing up.
    @Test func aCompletedOrDeletedDependencyUnblocks() throws {
        #expect(try names("+READY after") == ["after done", "after gone"])
        #expect(try names("+BLOCKED after") == [])
    }

    @Test func activeAndScheduled() throws {
        #expect(try names("+ACTIVE") == ["started"])
        #expect(try names("+SCHEDULED") == ["scheduled later", "scheduled today"])
    }

    @Test func readyLeavesOutBlockedWaitingScheduledLaterAndCompleted() throws {
        let notReady = Set(Self.todos.map(\.name)).subtracting(try names("+READY"))
        #expect(notReady == ["parent", "scheduled later", "waiting", "done dep", "done started"])
    }

    @Test func dueDates() throws {
        #expect(try names("+OVERDUE") == ["overdue"])
        #expect(try names("+TODAY") == ["overdue", "due today"])
        #expect(try names("+TOMORROW") == ["due tomorrow"])
        #expect(try names("+DUE") == ["due today", "due tomorrow", "due in 7d"])
        #expect(try names("+WAITING") == ["waiting"])
    }

    @Test func statusAndFieldsThatAreSet() throws {
        #expect(try names("+COMPLETED") == ["done dep", "done started"])
        // Taskwarrior's +PENDING is status:pending: open and not waiting.
        #expect(try names("+PENDING").count == 18)
        #expect(try !names("+PENDING").contains("waiting"))
        #expect(try names("+TAGGED") == ["child"])
        #expect(try names("+ANNOTATED") == ["noted"])
        #expect(try names("+PROJECT") == ["done dep"])
        #expect(try names("+PRIORITY") == ["ranked"])
        #expect(try names("+UNTIL") == ["bounded"])
        #expect(try names("+RECURRING") == ["repeats"])
        #expect(try names("+UDA") == ["custom"])
    }

    /// Only the exact capitals name a virtual tag; other spellings are a person's tags, and
    /// capitals that name none are refused as a virtual tag misspelt (tag:NAME finds such a tag).
    @Test func onlyCapitalsAreVirtual() throws {
        #expect(try readFilter("+ACTIVE") == .term(.virtual(VirtualTag.named("ACTIVE")!)))
        #expect(try readFilter("-BLOCKED") == .not(.term(.virtual(VirtualTag.named("BLOCKED")!))))
        #expect(try readFilter("+active") == .term(.tag("active")))
        #expect(try readFilter("+Nosuch") == .term(.tag("Nosuch")))
        #expect(try readFilter("+A") == .term(.tag("A")))
        #expect(try readFilter("+A1") == .term(.tag("A1")))
        #expect(throws: FilterError.unknownVirtualTag("+NOSUCH")) { try readFilter("+NOSUCH") }
        #expect(throws: FilterError.unknownVirtualTag("-OVERDEU")) { try readFilter("-OVERDEU") }
        #expect(throws: FilterError.unknownVirtualTag("+DELETED")) { try readFilter("+DELETED") }
        #expect(try readFilter("tag:NOSUCH") == .term(.tag("NOSUCH")))
        #expect(
            FilterError.unknownVirtualTag("+NOSUCH").description == "\"+NOSUCH\" is no virtual tag; they are "
                + VirtualTag.all.map(\.name).joined(separator: ", ") + "; a tag of yours in capitals is tag:NOSUCH")
    }

    @Test func filtersThatReadOtherTodosSaySo() throws {
        #expect(try readFilter("a or not ( +BLOCKING )").needsOtherTodos)
        #expect(try readFilter("+READY").needsOtherTodos)
        #expect(try !readFilter("+ACTIVE +OVERDUE x").needsOtherTodos)
    }

    /// Each tag is listed once, in capitals, with a meaning for help.
    @Test func theTableIsWellFormed() {
        let names = VirtualTag.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.uppercased() && Tag.isValid($0) })
        #expect(VirtualTag.all.allSatisfy { !$0.meaning.isEmpty })
    }
}

/// The virtual tags of a due date's day, week, month, quarter and year, of sync, and +DUE's
/// days from the config, at noon in New York on Wednesday 2 December 2026.
@Suite struct VirtualTagPeriodTests {
    /// tag.test.py, Test285: a todo due a week ago, yesterday, today, tomorrow, in three days,
    /// next month and next year; and one done, which has none of them.
    static let todos: [Todo] =
        [
            ("last week", "2026-11-25"), ("yesterday", "2026-12-01"), ("today", "2026-12-02"),
            ("tomorrow", "2026-12-03"),
            ("three days", "2026-12-05"), ("next month", "2027-01-02"), ("next year", "2027-12-02")
        ].enumerated().map { index, due in
            VirtualTagTests.todo(index + 1, due.0) { $0.due = VirtualTagTests.day(due.1) }
        }
        + [VirtualTagTests.todo(8, "done today", completed: true) { $0.due = VirtualTagTests.day("2026-12-02") }]

    func names(_ line: String, dueDays: Int = FilterContext.defaultDueDays) throws -> [String] {
        let filter = try readFilter(line)
        let context = FilterContext(dates: newYorkNoon, dueDays: dueDays)
        return Self.todos.filter { filter.matches($0, in: context) }.map(\.name)
    }

    /// Test285's counts, but for +OVERDUE: todo's due:today is the whole day, not yet past at
    /// noon, where Taskwarrior's is midnight and overdue.
    @Test func test285() throws {
        #expect(try names("+OVERDUE") == ["last week", "yesterday"])
        #expect(try names("+YESTERDAY") == ["yesterday"])
        #expect(try names("+DUE") == ["today", "tomorrow", "three days"])
        #expect(try names("+TODAY") == ["today"])
        #expect(try names("+DUETODAY") == ["today"])
        #expect(try names("+TOMORROW") == ["tomorrow"])
    }

    /// test_virtual_tag_WEEK, _MONTH, _YEAR: this week is Monday 30 November to Sunday 6 December.
    @Test func periods() throws {
        #expect(try names("+WEEK") == ["yesterday", "today", "tomorrow", "three days"])
        #expect(try names("+MONTH") == ["yesterday", "today", "tomorrow", "three days"])
        #expect(try names("+QUARTER") == ["last week", "yesterday", "today", "tomorrow", "three days"])
        #expect(try names("+YEAR") == ["last week", "yesterday", "today", "tomorrow", "three days"])
        #expect(try names("-YEAR") == ["next month", "next year", "done today"])
    }

    /// Taskwarrior's rc.due: +DUE looks as many days ahead as the config says.
    @Test func dueLooksAsFarAsTheConfigSays() throws {
        #expect(try names("+DUE", dueDays: 1) == ["today", "tomorrow"])
        #expect(try names("+DUE", dueDays: 0) == ["today"])
        #expect(try names("+DUE", dueDays: 40) == ["today", "tomorrow", "three days", "next month"])
    }

    @Test func syncedAndUnsynced() throws {
        var changed = Fixture.todo(1, "changed", synced: false)
        changed.tags = ["x"]
        let todos = [Fixture.todo(2, "synced"), changed]
        for (line, expected) in [("+SYNCED", ["synced"]), ("+UNSYNCED", ["changed"]), ("-UNSYNCED", ["synced"])] {
            let filter = try readFilter(line)
            #expect(todos.filter { filter.matches($0, in: noonFilter) }.map(\.name) == expected)
        }
    }

    @Test func quartersStartEveryThreeMonths() {
        let quarters = ["2026-01-01", "2026-03-31", "2026-04-01", "2026-08-15", "2026-12-31"].map { Dates.day($0) }
        #expect(
            quarters.map(\.startOfQuarter.description) == [
                "2026-01-01", "2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"
            ])
        #expect(
            quarters.map(\.endOfQuarter.description) == [
                "2026-03-31", "2026-03-31", "2026-06-30", "2026-09-30", "2026-12-31"
            ])
    }
}
