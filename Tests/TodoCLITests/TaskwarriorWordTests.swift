import Foundation
import Testing
import TodoCore

/// Taskwarrior's date words and recurrence names end to end: `wait:someday` parks a
/// todo and reads as "someday" wherever people see it, `recur:biweekly` and friends are rules,
/// and a word todo does not read is a one-line usage error naming what it does read.
@Suite struct TaskwarriorWordTests {
    let box: Sandbox
    let noon = NoonZone()
    init() throws { box = try Sandbox() }

    /// In Berlin, whose clocks change: someday does not depend on the clock.
    @discardableResult
    func run(_ arguments: String..., zone: String = "Europe/Berlin", stdin: String? = nil) throws -> RunResult {
        try box.run(arguments, stdin: stdin, environment: ["TZ": zone])
    }

    @Test func waitSomedayParksATodoThatShowsAsSomeday() throws {
        #expect(try run("add", "x", "wait:someday") == RunResult(stdout: "1\n", stderr: "", status: 0))
        #expect(try run("list") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try run("list", "--waiting").stdout == "1 [ ] x  waiting someday\n")
        #expect(try run("show", "1").lines[9...10] == ["Due:          -", "Wait:         someday"])
        let json = try #require(try parseJSON(try run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["wait"] as? String == "9999-12-30")
        #expect(try run("list", "wait:someday", "--waiting", "--ids").stdout == "1\n")
        #expect(try run("list", "wait:later", "--waiting", "--ids").stdout == "1\n")
    }

    @Test func dueSomedayShowsAsSomedayActiveOrDone() throws {
        try run("add", "y", "due:later")
        #expect(try run("list").stdout == "1 [ ] y  due someday\n")
        #expect(try run("show", "1").lines[9] == "Due:          someday")
        try run("done", "1")
        #expect(try run("list", "--all").stdout == "1 [x] y  due someday\n")
    }

    /// The edit form writes `someday` and reads it back: an editor that changes nothing changes nothing.
    @Test func theEditFormSaysSomedayAndReadsItBack() throws {
        try run("add", "x", "wait:someday")
        let seen = box.directory + "/seen"
        let editor = try box.writeScript("look", "grep -E '^(due|wait):' \"$1\" > '\(seen)'")
        let before = box.fileBytes()
        let result = try box.runOnTerminal(
            ["edit", "1"],
            environment: ["EDITOR": editor, "TMPDIR": box.directory, "NO_COLOR": "1", "TZ": "Asia/Kolkata"])
        #expect(result.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "No changes; #1 \"x\" left as it was.\n")
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == "due:\nwait: someday\n")
        #expect(box.fileBytes() == before)
    }

    /// Taskwarrior keeps a day as its local midnight, so someday goes out as the local
    /// midnight of 9999-12-30 (in Berlin, 23:00 UTC the day before) and comes back as someday.
    @Test func somedayGoesToTaskwarriorAsItsOwnAndBack() throws {
        try run("add", "x", "wait:someday")
        let export = try run("export", "--to", "taskwarrior")
        let tasks = try #require(try parseJSON(export.stdout) as? [[String: Any]])
        #expect(tasks.first?["wait"] as? String == "99991229T230000Z")
        let other = try Sandbox()
        #expect(
            try other.run(
                ["import", "--from", "taskwarrior", "-"], stdin: export.stdout, environment: ["TZ": "Europe/Berlin"]
            ).status == 0)
        #expect(try other.state().todos.map(\.wait) == [.someday])
    }

    /// The real Taskwarrior reads the export: someday as its own 9999-12-30, and a quarterly
    /// rule as `3m`, which it steps by the calendar (its `3mo` would be 90 days).
    @Test func taskwarriorReadsSomedayAndTheRulesPeriod() throws {
        try run("add", "x", "wait:someday")
        try run("add", "rent", "recur:quarterly", "due:2026-01-31")
        let task = try RealTaskwarrior(in: box.directory, timeZone: "Europe/Berlin")
        try task.run(["import", "-"], stdin: try run("export", "--to", "taskwarrior").stdout)
        let (x, rent) = try (
            box.state().todos[0].uuid.uuidString.lowercased(), box.state().todos[1].uuid.uuidString.lowercased()
        )
        #expect(try task.run("_get", "\(x).wait").stdout == "9999-12-30T00:00:00\n")
        #expect(try task.run("_get", "\(rent).due").stdout == "2026-01-31T00:00:00\n")
        let periods = try task.export().compactMap { $0["recur"] as? String }
        #expect(periods == ["3m", "3m"])  // the template and its instance
    }

    @Test func recurBiweeklyIsEveryTwoWeeks() throws {
        let tomorrow = noon.context.today.adding(days: 1)
        #expect(try run("add", "pay", "recur:biweekly", "due:tomorrow", zone: noon.name).stdout == "1\n")
        #expect(try run("list", zone: noon.name).stdout == "1 [ ] pay  due tomorrow recur:2w\n")
        #expect(
            try run("show", "1", zone: noon.name).lines[15]
                == "Recur:        2w: every 2 weeks, counted from \(tomorrow) (\(noon.name))")
        #expect(
            try run("done", "1", zone: noon.name).stdout
                == "Completed #1 \"pay\"\nNext: #2 \"pay\", due \(tomorrow.adding(days: 14))\n")
    }

    @Test func taskwarriorsNamesAreRulesOnEveryPath() throws {
        try run("add", "a", "recur:quarterly", "due:2026-01-31")
        try run("add", "b", "--recur", "fortnight", "--due", "2026-01-31")
        try run("add", "c", "recur:3months", "due:2026-01-31")
        try run("edit", "3", "recur:2wks")
        try run("batch", stdin: #"{"action": "add", "name": "d", "due": "2026-01-31", "recur": "semiannual"}"# + "\n")
        #expect(try box.state().todos.map { $0.recur?.rule } == ["3m", "2w", "2w", "6m"])
        #expect(try run("done", "1").stdout == "Completed #1 \"a\"\nNext: #5 \"a\", due 2026-04-30\n")
        #expect(try run("done", "5").stdout == "Completed #5 \"a\"\nNext: #6 \"a\", due 2026-07-31\n")
    }

    @Test(arguments: [
        (["add", "x", "due:32nd"], "todo: \"due:32nd\": cannot read the date \"32nd\"; use \(DateReader.accepted)\n"),
        (["add", "x", "due:2026"], "todo: \"due:2026\": cannot read the date \"2026\"; use \(DateReader.accepted)\n"),
        (
            ["add", "x", "wait:20261203T0900+1500"],
            """
            todo: "wait:20261203T0900+1500": cannot read the date "20261203T0900+1500"; use \(DateReader.accepted)\n
            """
        ),
        (["add", "x", "recur:hourly", "due:today"], "todo: \"recur:hourly\": a rule is \(Recurrence.accepted)\n"),
        (
            ["add", "x", "--recur", "sennight", "--due", "today"],
            "todo: --recur \"sennight\": a rule is \(Recurrence.accepted)\n"
        ),
        (["list", "due:1th"], "todo: \"due:1th\": cannot read the date \"1th\"; use \(DateReader.accepted)\n")
    ])
    func aWordTodoDoesNotReadIsAOneLineUsageError(arguments: [String], message: String) throws {
        try run("add", "keep")
        let before = box.fileBytes()
        #expect(
            try box.run(arguments, environment: ["TZ": "Europe/Berlin"])
                == RunResult(stdout: "", stderr: message, status: 2))
        #expect(box.fileBytes() == before)
    }

    @Test func aFilterOnAnInstantMatchesThatInstant() throws {
        try run("add", "at nine", "due:20261203T090000Z")
        try run("add", "a second on", "due:2026-12-03T09:00:01Z")
        try run("add", "that day", "due:2026-12-03")
        try run("add", "epoch", "due:1796000000")
        #expect(try run("list", "due:20261203T0900Z", "--ids").stdout == "3\n1\n")
        #expect(try run("list", "due:20261203", "--ids").stdout == "3\n2\n1\n")
        #expect(try run("list", "due:1796000000", "--ids").stdout == "4\n")
    }
}
