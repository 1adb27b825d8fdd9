import Foundation
import Testing
import TodoCore

/// Recurring todos end to end: `recur:` and `until:` on add and edit, completion by
/// every command, skips, series deletes, undo, import, and what show, list and --json say.
@Suite struct RecurTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> RunResult {
        try box.run(arguments, stdin: stdin, environment: ["TZ": "Europe/Berlin"])
    }

    func todo(_ id: Int) throws -> Todo { try #require(try box.state().todo(id: id)) }

    /// #1 "pay rent" due 2026-01-31, monthly, tagged bills, waiting from 2026-01-24.
    func addRent() throws {
        #expect(
            try run("add", "pay", "rent", "recur:monthly", "due:2026-01-31", "+bills", "pri:H", "wait:2026-01-24")
                .stdout == "1\n")
    }

    @Test func addStartsASeriesThatShowListAndJSONName() throws {
        try addRent()
        let rent = try todo(1)
        #expect(
            (rent.recur?.rule, rent.series, rent.anchor?.text) == ("monthly", rent.uuid, "2026-01-31[Europe/Berlin]"))
        let shown = try run("show", "1").stdout
        #expect(shown.contains("Recur:        monthly: every month, counted from 2026-01-31 (Europe/Berlin)\n"))
        #expect(shown.contains("Series:       \(rent.uuid.uuidString.lowercased())\n"))
        #expect(!shown.contains("Anchor"))
        #expect(try run("list").stdout.hasPrefix("1 [ ] pay rent  (H) +bills "))
        #expect(try run("list").stdout.hasSuffix(" overdue recur:monthly\n"))
        let json = try #require(try parseJSON(try run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["recur"] as? String == "monthly")
        #expect(json["series"] as? String == rent.uuid.uuidString.lowercased())
        #expect(json["until"] is NSNull)
        #expect(json["anchor"] as? String == "2026-01-31[Europe/Berlin]")
    }

    @Test func aRuleWithoutADueDateOrAnUnknownRuleIsAUsageError() throws {
        let missing = try run("add", "water", "plants", "recur:weekly")
        #expect(
            missing
                == RunResult(
                    stdout: "", stderr: "todo: a recurring todo needs a due date to count from: give due:DATE too\n",
                    status: 2))
        let unknown = try run("add", "x", "--recur", "fortnightly", "--due", "2026-01-01")
        #expect(
            unknown.status == 2 && unknown.stderr.hasPrefix("todo: --recur \"fortnightly\": a rule is daily, weekdays"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
        try addRent()
        #expect(try run("edit", "1", "due:").status == 2)
        #expect(try box.state().todos.count == 1)
    }

    @Test func doneMakesTheNextOccurrenceAndUndoTakesItBack() throws {
        try addRent()
        #expect(try run("done", "1").stdout == "Completed #1 \"pay rent\"\nNext: #2 \"pay rent\", due 2026-02-28\n")
        let next = try todo(2)
        #expect(
            (next.due?.wire, next.wait?.wire, next.tags, next.priority, next.recur?.rule) == (
                "2026-02-28", "2026-02-21", ["bills"], .high, "monthly"
            ))
        #expect(try todo(1).recur == nil)
        #expect(try run("toggle", "2").stdout == "Completed #2 \"pay rent\"\nNext: #3 \"pay rent\", due 2026-03-31\n")
        #expect(try run("undo").stdout == "Undid: complete #2 \"pay rent\"\n")
        #expect(try box.state().todos.map(\.id) == [1, 2])
        #expect(try todo(2).recur?.rule == "monthly" && !(try todo(2)).completed)
        // Completed again, the next occurrence is the same todo: the same UUID, a new number.
        #expect(try run("done", "2", "--json").stdout.contains("\"completed\": true"))
        #expect(try todo(4).uuid == (try todo(2)).nextOccurrenceUUID)
    }

    @Test func batchAndStdinCompleteToo() throws {
        try addRent()
        let lines =
            #"{"action": "toggle", "id": 1}"# + "\n" + #"{"action": "toggle", "id": 2}"# + "\n"
            + #"{"action": "add", "name": "standup", "due": "2026-03-27T09:00", "recur": "weekdays"}"# + "\n"
        #expect(try run("batch", stdin: lines).status == 0)
        #expect(
            try box.state().todos.map { $0.due?.wire ?? "" } == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-03-27T08:00:00.000Z"
            ])
        #expect(try run("done", "-", stdin: "4\n").stdout.hasSuffix("Next: #5 \"standup\", due 2026-03-30T09:00\n"))
        #expect(try todo(5).due?.wire == "2026-03-30T07:00:00.000Z")  // Monday, after the clocks changed
    }

    @Test func deleteSkipsAnOccurrenceAndSeriesDeletesThemAll() throws {
        try addRent()
        try run("add", "milk")
        try run("done", "1")
        #expect(try run("rm", "3").stdout == "Deleted #3 \"pay rent\"\nNext: #4 \"pay rent\", due 2026-03-31\n")
        #expect(try run("rm", "--series", "4").stdout == "Deleted #1 \"pay rent\"\nDeleted #4 \"pay rent\"\n")
        #expect(try box.state().todos.map(\.name) == ["milk"])
        #expect(try run("undo").stdout == "Undid: delete the series of #1 \"pay rent\" (2 todos)\n")
        #expect(try box.state().todos.map(\.id) == [1, 2, 4])
    }

    @Test func anEmptyRuleEndsTheSeriesAndUntilStopsIt() throws {
        try addRent()
        #expect(try run("edit", "1", "recur:").stdout == "Edited #1 \"pay rent\" (recur)\n")
        #expect(try run("done", "1").stdout == "Completed #1 \"pay rent\"\n")
        try run("add", "report", "--recur", "2w", "--due", "2026-03-02", "--until", "2026-03-20")
        #expect(try run("done", "2").stdout.hasSuffix("Next: #3 \"report\", due 2026-03-16\n"))
        #expect(try run("done", "3").stdout == "Completed #3 \"report\"\n")
        #expect(try box.state().todos.count == 3)
    }

    @Test func editingTheRuleOrDueDateCountsFromTheNewDueDate() throws {
        try addRent()
        try run("edit", "1", "due:2026-02-15", "recur:+1w")
        #expect(try todo(1).anchor?.text == "2026-02-15[Europe/Berlin]")
        #expect(try run("show", "1").stdout.contains("Recur:        +1w: 1 week after each completion\n"))
    }

    @Test func importingTheSameCompletionTwiceMakesTheNextOccurrenceOnce() throws {
        try addRent()
        let file = box.directory + "/export.json"
        let exported = try run("export").stdout
        // The same todo completed elsewhere by a tool that leaves its rule on it.
        let completed = exported.replacingOccurrences(of: #""completed": false"#, with: #""completed": true"#)
            .replacingOccurrences(of: #""completedAt": null"#, with: #""completedAt": "2030-01-01T00:00:00.000Z""#)
            .replacing(#/"updatedAt": "[^"]*"/#, with: #""updatedAt": "2030-01-01T00:00:00.000Z""#)
        try completed.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run("import", file).stdout == "Imported 1 todo: 0 added, 1 updated, 0 unchanged.\n")
        #expect(try run("import", file).stdout == "Imported 1 todo: 0 added, 0 updated, 1 unchanged.\n")
        let state = try box.state()
        #expect(state.todos.map(\.id) == [1, 2])
        #expect(state.todos[1].uuid == state.todos[0].nextOccurrenceUUID)
        #expect(state.todos[1].due?.wire == "2026-02-28")
    }
}
