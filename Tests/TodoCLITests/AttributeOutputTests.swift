import Foundation
import Testing
import TodoCore
import TodoStore
@testable import TodoCLI
import TodoTestSupport

/// The attributes in `show`, `--json`, `--format`, `batch` and export/import, end to end.
@Suite struct AttributeOutputTests {
    let box: Sandbox
    let noon = NoonZone()
    init() throws { box = try Sandbox() }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> RunResult {
        try box.run(arguments, stdin: stdin, environment: noon.environment)
    }

    /// #1 with every attribute: tags b and a, project home.garden, priority H, due in 3 days,
    /// waiting until 2029-05-01 10:30 on the local clock.
    func addFull() throws {
        try run("add", "full", "+b", "+a", "project:home.garden", "pri:H", "due:+3d", "wait:2029-05-01T10:30")
    }

    var waitInstant: Date { noon.context.instant(CalendarDay(iso: "2029-05-01")!, hour: 10, minute: 30, second: 0) }

    @Test func showShowsEveryFieldOnTheLocalClock() throws {
        try addFull()
        let lines = try run("show", "1").lines
        let due = try noon.date("+3d").day(in: noon.context)
        #expect(
            lines[6...10] == [
                "Tags:         a b",
                "Project:      home.garden",
                "Priority:     H",
                "Due:          \(due) (in 3d)",
                "Wait:         2029-05-01 10:30:00 (\(LocalTime.age(of: waitInstant, at: Date())))"
            ])
        try run("edit", "1", "due:today", "wait:")
        #expect(
            try run("show", "1").lines[9...10] == ["Due:          \(noon.context.today) (today)", "Wait:         -"])
    }

    @Test func jsonShowsEveryAttributeOnEveryTodo() throws {
        try addFull()
        try run("add", "plain")
        let todos = try #require(try parseJSON(try run("list", "--json", "--waiting").stdout) as? [[String: Any]])
        let full = try #require(todos.first { $0["id"] as? Int == 1 })
        #expect(full["tags"] as? [String] == ["a", "b"])
        #expect(full["project"] as? String == "home.garden")
        #expect(full["priority"] as? String == "H")
        #expect(full["due"] as? String == (try noon.wire("+3d")))
        #expect(full["wait"] as? String == DueDate.instant(waitInstant).wire)
        let plain = try #require(todos.first { $0["id"] as? Int == 2 })
        #expect(plain["tags"] as? [String] == [])
        for key in ["project", "priority", "due", "wait"] { #expect(plain[key] is NSNull, "\(key)") }
    }

    /// In UTC with .utc, as --json has them ({due} is on the local clock).
    @Test func formatHasAFieldForEachAttribute() throws {
        try addFull()
        try run("add", "plain")
        #expect(
            try run("list", "--waiting", "--format", "{id}|{tags}|{project}|{priority}|{due.utc}|{wait.utc}").stdout
                == """
                2|||||
                1|a b|home.garden|H|\(try noon.wire("+3d"))|\(DueDate.instant(waitInstant).wire)

                """)
    }

    @Test func batchSetsAndClearsAttributes() throws {
        let input = """
            {"action": "add", "name": "x", "tags": ["b", "a"], "project": "p", "priority": "m", "due": "2026-12-01", \
            "wait": "fri"}
            {"action": "add", "name": "y"}
            {"action": "edit", "id": 2, "tags": ["t"], "due": "2026-12-01T15:00:00.000Z"}
            {"action": "edit", "id": 1, "project": null, "priority": "", "wait": null}

            """
        #expect(
            try run("batch", stdin: input)
                == RunResult(
                    stdout: "Applied 4 actions in one step: 2 todos added or changed, 0 removed.\n", stderr: "",
                    status: 0))
        let todos = try box.state().todos
        #expect(todos.map(\.tags) == [["a", "b"], ["t"]])
        #expect(todos.map(\.project) == [nil, nil])
        #expect(todos.map(\.priority) == [nil, nil])
        #expect(todos.map { $0.due?.wire } == ["2026-12-01", "2026-12-01T15:00:00.000Z"])
        #expect(todos.map(\.wait) == [nil, nil])
    }

    @Test(arguments: [
        (
            #"{"action": "add", "name": "x", "tags": "a"}"#,
            #"todo: line 1: "tags" must be an array of strings; nothing applied"#
        ),
        (
            #"{"action": "add", "name": "x", "tags": ["a b"]}"#,
            #"""
            todo: line 1: "tags" must hold tags (a tag is a word without blanks that does not start with a digit, + \#
            or -); nothing applied
            """#
        ),
        (
            #"{"action": "add", "name": "x", "priority": 1}"#,
            #"todo: line 1: "priority" must be a string or null; nothing applied"#
        ),
        (
            #"{"action": "add", "name": "x", "priority": "urgent"}"#,
            #"todo: line 1: "priority": a priority is H, M or L, or nothing for none; nothing applied"#
        ),
        (
            #"{"action": "add", "name": "x", "due": "soonish"}"#,
            "todo: line 1: \"due\": cannot read the date \"soonish\"; use \(DateReader.accepted); nothing applied"
        ),
        (
            #"{"action": "add", "name": "x", "project": "a b"}"#,
            #"todo: line 1: "project": a project is a name without blanks; nothing applied"#
        ),
        (#"{"action": "add", "name": null}"#, #"todo: line 1: "name" must be a string; nothing applied"#)
    ])
    func badBatchValuesAreUsageErrors(line: String, message: String) throws {
        try run("add", "keep")
        let before = box.fileBytes()
        #expect(try run("batch", stdin: line + "\n") == RunResult(stdout: "", stderr: message + "\n", status: 2))
        #expect(box.fileBytes() == before)
    }

    @Test func anExportImportedElsewhereKeepsEveryAttribute() throws {
        try addFull()
        let backup = box.directory + "/backup.json"
        try run("export").stdout.write(toFile: backup, atomically: true, encoding: .utf8)
        let other = try Sandbox()
        #expect(try other.run(["import", backup], environment: noon.environment).status == 0)
        let (mine, theirs) = (try box.state().todos[0], try other.state().todos[0])
        #expect(theirs.content == mine.content)
    }

    @Test func controlCharactersInAttributesAreEscapedForPeopleAndExactForPrograms() throws {
        var todo = Todo(id: 1, uuid: UUID(), name: "x", createdAt: FixedClock.epoch)
        todo.project = "red\u{1B}[31m"
        todo.tags = ["bell\u{07}"]
        try box.write(TodoState(todos: [todo]))
        #expect(try run("list").stdout == "1 [ ] x  red\\x1b[31m +bell\\x07\n")
        #expect(try run("show", "1").lines[6...7] == ["Tags:         bell\\x07", "Project:      red\\x1b[31m"])
        #expect(try run("list", "--format", "{project}{tags}").stdout == "red\u{1B}[31mbell\u{07}\n")
        let json = try #require(try parseJSON(try run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["project"] as? String == "red\u{1B}[31m")
    }
}
