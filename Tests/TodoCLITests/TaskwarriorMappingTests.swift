import Foundation
import Testing
import TodoCore
import TodoWire
@testable import TodoCLI

/// The Taskwarrior mapping of series, user-defined attributes, projects with blanks and
/// periods, and what `todo import` says about the tasks it skips.
@Suite struct TaskwarriorMappingTests {
    static func date(_ text: String) -> Date { ISO8601Millis.parse(text)! }
    static let zone = TimeZone(identifier: "Etc/GMT-5")!
    static let context = DateContext(now: date("2026-03-01T12:00:00Z"), timeZone: zone)
    static func uuid(_ last: Int) -> String { "6f740623-bc83-41f0-a20d-\(String(format: "%012d", last))" }

    /// A template made on 1 Feb, weekly from 2 Feb (local midnight is 19:00 UTC), and its
    /// instances 0 (done), 1 and 2 (pending); a deleted task and one with an hourly period.
    static let series = """
        [
        {"uuid":"\(uuid(1))","status":"recurring","description":"water","entry":"20260201T100000Z",\
        "modified":"20260210T100000Z","due":"20260201T190000Z","recur":"weekly","mask":"+--",\
        "until":"20990501T190000Z","rtype":"periodic","client":"home","estimate":2.5},
        {"uuid":"\(uuid(2))","status":"completed","description":"water","entry":"20260201T100000Z",\
        "modified":"20260203T100000Z","end":"20260203T100000Z","due":"20260201T190000Z","recur":"weekly",\
        "parent":"\(uuid(1))","imask":0,"until":"20990501T190000Z","rtype":"periodic","client":"home","estimate":2.5},
        {"uuid":"\(uuid(3))","status":"pending","description":"water","entry":"20260201T100000Z",\
        "modified":"20260201T100000Z","due":"20260208T190000Z","recur":"weekly","parent":"\(uuid(1))","imask":1,\
        "until":"20990501T190000Z","rtype":"periodic","client":"home","estimate":2.5},
        {"uuid":"\(uuid(4))","status":"pending","description":"water","entry":"20260201T100000Z",\
        "modified":"20260201T100000Z","due":"20260215T190000Z","recur":"weekly","parent":"\(uuid(1))","imask":2,\
        "until":"20990501T190000Z","rtype":"periodic","client":"home","estimate":2.5},
        {"uuid":"\(uuid(5))","status":"deleted","description":"gone","entry":"20260201T100000Z",\
        "end":"20260202T100000Z"},
        {"uuid":"\(uuid(6))","status":"pending","description":"often","entry":"20260201T100000Z",\
        "due":"20260201T190000Z","recur":"hourly"},
        {"uuid":"\(uuid(7))","status":"pending","description":"my report","entry":"20260201T100000Z",\
        "project":"my home","depends":"\(uuid(3)),\(uuid(4))"}
        ]
        """

    static func read(_ text: String = series) throws -> TaskwarriorImport {
        try TaskwarriorFormat.read(Array(text.utf8), in: context, strict: false)
    }

    @Test func templateAndInstancesBecomeOneSeries() throws {
        let read = try Self.read()
        let todos = read.todos
        #expect(
            todos.map(\.uuid.uuidString).map { $0.lowercased() } == [
                Self.uuid(2), Self.uuid(3), Self.uuid(4), Self.uuid(7)
            ])
        let series = UUID(uuidString: Self.uuid(1))
        #expect(todos.prefix(3).map(\.content.series) == [series, series, series])
        #expect(todos.prefix(3).map(\.content.recur) == [nil, nil, Recurrence(rule: "weekly")])
        #expect(todos[2].content.anchor == SeriesAnchor(.day(CalendarDay(iso: "2026-02-02")!), in: Self.zone))
        #expect(todos[2].content.until == .day(CalendarDay(iso: "2099-05-02")!))
        #expect(todos[0].content.completed && !todos[1].content.completed)
        #expect(todos[0].content.udas == ["client": "home", "estimate": "2.5"])
        #expect(todos[3].content.project == "my\u{2423}home")
        #expect(todos[3].content.depends == [UUID(uuidString: Self.uuid(3))!, UUID(uuidString: Self.uuid(4))!])
        #expect(read.counts == (1, 1, 1))
        #expect(
            read.skipped.map(\.line) == [
                "skipped 6f740623 \"gone\": deleted (todo has no deleted todos)",
                "skipped 6f740623 \"often\": the recurrence 'hourly' is no rule todo has (\(Recurrence.accepted))",
                "skipped 6f740623 \"water\": recurring template, merged into its series"
            ])
        #expect(read.udaValues.mapValues(\.count) == ["client": 3, "estimate": 3])
    }

    @Test func theExportGivesTheTemplateAndInstancesBack() throws {
        let todos = try Self.read().todos.enumerated().map { index, item in
            var todo = Todo(id: index + 1, uuid: item.uuid, name: item.content.name, createdAt: item.content.createdAt)
            todo.content = item.content
            return todo
        }
        let tasks = try #require(
            try JSONSerialization.jsonObject(with: Data(TaskwarriorExport.export(todos, in: Self.context).utf8))
                as? [[String: Any]])
        let template = try #require(tasks.first)
        #expect(template["uuid"] as? String == Self.uuid(1))
        #expect(
            (template["status"] as? String, template["mask"] as? String, template["due"] as? String) == (
                "recurring", "+--", "20260201T190000Z"
            ))
        #expect((template["recur"] as? String, template["modified"] as? String) == ("weekly", "20260203T100000Z"))
        let instances = tasks.filter { $0["parent"] as? String == Self.uuid(1) }
        #expect(instances.map { $0["imask"] as? Int } == [0, 1, 2])
        #expect(instances.map { $0["recur"] as? String } == ["weekly", "weekly", "weekly"])
        #expect(instances.map { $0["estimate"] as? String } == ["2.5", "2.5", "2.5"])
        #expect(tasks.last?["project"] as? String == "my home")
        #expect(tasks.last?["depends"] as? [String] == [Self.uuid(3), Self.uuid(4)])
    }

    @Test func aSeriesMadeInTodoGoesThereAndBackAsItself() throws {
        var first = Todo(id: 1, uuid: UUID(), name: "stretch", createdAt: Self.date("2026-02-01T10:00:00Z"))
        first.due = .day(CalendarDay(iso: "2026-02-02")!)
        first.recur = Recurrence(rule: "2w")
        first.series = first.uuid
        first.anchor = SeriesAnchor(first.due!, in: Self.zone)
        var next = try #require(
            first.nextOccurrence(doneAt: Self.date("2026-02-02T10:00:00Z"), madeAt: Self.date("2026-02-02T10:00:00Z")))
        next.id = 2
        (first.completed, first.completedAt, first.recur, first.anchor) = (
            true, Self.date("2026-02-02T10:00:00Z"), nil, nil
        )
        let export = TaskwarriorExport.export([first, next], in: Self.context)
        let back = try TaskwarriorFormat.read(Array(export.utf8), in: Self.context, strict: true)
        #expect(back.todos.map(\.uuid) == [first.uuid, next.uuid])
        #expect(back.todos.map(\.content.series) == [first.uuid, first.uuid])
        #expect(back.todos.map(\.content.recur) == [nil, Recurrence(rule: "2w")])
        #expect(back.todos[1].content.anchor == first.anchor ?? SeriesAnchor(first.due!, in: Self.zone))
        #expect(back.counts == (0, 1, 0))
    }

    @Test func aTemplateWithNothingPendingMakesTheNextOccurrence() throws {
        // One task a line: the template, instance 0 and instance 1, done as well.
        let lines = Self.series.split(separator: "\n").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        let done = lines[3].replacingOccurrences(of: "\"pending\"", with: "\"completed\"")
            .replacingOccurrences(of: "\"imask\":1,", with: "\"imask\":1,\"end\":\"20260209T100000Z\",")
        let todos = try Self.read([lines[1], lines[2], done].joined(separator: "\n")).todos
        #expect(todos.count == 3)
        let made = try #require(todos.last)
        #expect(made.uuid == UUID(name: Self.uuid(3), namespace: UUID(uuidString: Self.uuid(1))!))
        #expect(
            (made.content.due, made.content.recur, made.content.completed) == (
                .day(CalendarDay(iso: "2026-02-16")!), Recurrence(rule: "weekly"), false
            ))
    }

    @Test(arguments: [
        ("daily", "daily"), ("weekdays", "weekdays"), ("weekly", "weekly"), ("2wks", "2w"), ("biweekly", "2w"),
        ("fortnight", "2w"), ("monthly", "monthly"), ("3mo", "3m"), ("quarterly", "3m"), ("2q", "6m"),
        ("semiannual", "6m"), ("yearly", "yearly"), ("annual", "yearly"), ("biannual", "2y"), ("10d", "10d"),
        ("P1M", "monthly"), ("P2W", "2w"), ("week", "weekly"),
        // Months that make whole years are years, as export writes years (below).
        ("12m", "yearly"), ("24m", "2y"), ("4q", "yearly"), ("1200m", "100y"), ("11988m", "999y")
    ])
    func periodsBecomeRules(period: String, rule: String) {
        #expect(Recurrence(taskwarriorPeriod: period)?.rule == rule)
    }

    @Test(arguments: ["hourly", "2h", "30min", "1000d", "", "P1DT2H", "2.5d", "9223372036854775807q", "4000q", "1001m"])
    func periodsTodoCannotExpressAreNone(period: String) {
        #expect(Recurrence(taskwarriorPeriod: period) == nil)
    }

    /// Periods Taskwarrior 2.6 steps by the calendar: `Nm` (its `3mo` is 90 days, its `2y` 730).
    @Test(arguments: [
        ("daily", "daily"), ("2w", "2w"), ("3m", "3m"), ("yearly", "yearly"), ("2y", "24m"), ("999y", "11988m"),
        ("+1w", "weekly"), ("weekdays", "weekdays"), ("+weekdays", "weekdays")
    ])
    func rulesBecomePeriods(rule: String, period: String) throws {
        let recurrence = try #require(Recurrence(rule: rule))
        #expect(recurrence.taskwarriorPeriod == period)
        #expect(Recurrence(taskwarriorPeriod: period) == Recurrence(count: recurrence.count, unit: recurrence.unit))
    }

    @Test func aProjectHoldingTheBlankMarkIsInvalid() throws {
        let task =
            #"""
            [{"uuid":"6f740623-bc83-41f0-a20d-b696c37c2450","description":"a","entry":"20260121T101500Z",\#
            "project":"a␣b"}]
            """#
        #expect(
            try Self.read(task).skipped.map(\.reason) == [
                .invalid("the project 'a␣b' holds ␣, which todo writes for a blank")
            ])
    }
}

/// `todo import --from taskwarrior` on tasks it cannot all hold: skipped and named, or with
/// `--strict` refused whole.
@Suite struct TaskwarriorSkipTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func skippedTasksAreNamedAndCounted() throws {
        let result = try box.run(
            ["import", "--from", "taskwarrior", "-"], stdin: TaskwarriorMappingTests.series,
            environment: ["TZ": "Etc/GMT-5"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "Imported 4 todos: 4 added, 0 updated, 0 unchanged, 3 skipped (1 deleted, 1 template merged into a "
                + "series, 1 invalid).\n"
        )
        #expect(
            result.stderr == """
                skipped 6f740623 "gone": deleted (todo has no deleted todos)
                skipped 6f740623 "often": the recurrence 'hourly' is no rule todo has (\(Recurrence.accepted))
                skipped 6f740623 "water": recurring template, merged into its series
                note: kept user-defined attribute 'client' on 3 todos, declared as string ('todo config \
                uda.client.type TYPE' changes it)
                note: kept user-defined attribute 'estimate' on 3 todos, declared as number ('todo config \
                uda.estimate.type TYPE' changes it)

                """)
        // Declared once: a second import keeps them under the types the first gave.
        #expect(try box.run(["config", "uda.estimate.type"]).stdout == "number\n")
        let json = try box.run(
            ["import", "--json", "--from", "taskwarrior", "-"], stdin: TaskwarriorMappingTests.series)
        #expect(
            json.stdout.hasSuffix(
                "\"unchanged\": 4,\n \"skipped\": {\"deleted\": 1, \"templates\": 1, \"invalid\": 1}}\n"))
        #expect(
            json.stderr.hasSuffix(
                """
                note: kept user-defined attribute 'client' (string) on 3 todos\n\
                note: kept user-defined attribute 'estimate' (number) on 3 todos\n
                """
            ))
    }

    @Test func anInstanceTaskwarriorMadeSinceTakesTheRule() throws {
        #expect(
            try box.run(["import", "--from", "taskwarrior", "-"], stdin: TaskwarriorMappingTests.series).status == 0)
        let instance3 = """
            {"uuid":"\(TaskwarriorMappingTests.uuid(8))","status":"pending","description":"water",\
            "entry":"20260216T100000Z","due":"20260222T190000Z","recur":"weekly",\
            "parent":"\(TaskwarriorMappingTests.uuid(1))","imask":3}
            """
        let later = TaskwarriorMappingTests.series.replacingOccurrences(of: "\n]", with: ",\n\(instance3)\n]")
        let result = try box.run(["import", "--from", "taskwarrior", "-"], stdin: later)
        // The instance before it, which Taskwarrior left as it was, counts as updated: it hands the rule on.
        #expect(result.stdout.hasPrefix("Imported 5 todos: 1 added, 1 updated, 3 unchanged, 3 skipped"))
        let holders = try box.state().todos.filter { $0.recur != nil }.map { $0.uuid.uuidString.lowercased() }
        #expect(holders == [TaskwarriorMappingTests.uuid(8)])
    }

    @Test func strictRefusesTheWholeFile() throws {
        let result = try box.run(
            ["import", "--strict", "--from", "taskwarrior", "-"], stdin: TaskwarriorMappingTests.series)
        #expect(
            result
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: cannot import stdin as taskwarrior: task 6: the recurrence 'hourly' is no rule todo has \
                        (\(Recurrence.accepted)); nothing imported

                        """, status: 1))
        #expect(!FileManager.default.fileExists(atPath: box.file))
    }
}
