import Foundation
import Testing
import TodoCore
import TodoWire

/// Machine output, stdin, --quiet and the stream discipline, end to end.
@Suite struct ScriptingTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    func object(_ result: RunResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result)")
        return try #require(try parseJSON(result.stdout) as? [String: Any], "\(result)")
    }

    func array(_ result: RunResult) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(result)")
        return try #require(try parseJSON(result.stdout) as? [[String: Any]], "\(result)")
    }

    @Test func everyCommandSpeaksJSON() throws {
        #expect(try object(box.run("add", "a", "--json"))["id"] as? Int == 1)
        #expect(try array(box.run(["add", "-", "--json"], stdin: "b\nc\n")).map { $0["name"] as? String } == ["b", "c"])
        #expect(try array(box.run("list", "--json")).count == 3)
        #expect(try object(box.run("show", "2", "--json"))["name"] as? String == "b")
        #expect(try object(box.run("edit", "2", "--notes", "n", "--json"))["notes"] as? String == "n")
        #expect(try array(box.run("toggle", "1", "2", "--json")).map { $0["completed"] as? Bool } == [true, true])
        #expect(try array(box.run("delete", "3", "--json")).map { $0["id"] as? Int } == [3])
        #expect(try array(box.run("clear-completed", "--json")).map { $0["id"] as? Int } == [1, 2])
        let undone = try object(box.run("undo", "--json"))
        #expect(undone["undid"] as? String == "clear-completed (2 todos)")
        #expect((undone["restored"] as? [[String: Any]])?.count == 2)
        let batch = try object(
            box.run(
                ["batch", "--json"],
                stdin: "{\"action\": \"add\", \"name\": \"d\"}\n{\"action\": \"delete\", \"id\": 1}\n"))
        #expect(batch["dryRun"] as? Bool == false)
        #expect(batch["actions"] as? Int == 2)
        #expect((batch["changed"] as? [[String: Any]])?.map { $0["name"] as? String } == ["d"])
        #expect((batch["removed"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1])
        let export = try object(box.run("export", "--json"))
        #expect(export["format"] as? String == "todo-export")
        #expect((export["todos"] as? [[String: Any]])?.map { $0["id"] as? Int } == [2, 4])
        let imported = try object(box.run(["import", "-", "--json"], stdin: try box.run("export").stdout))
        #expect((imported["added"] as? [Any])?.count == 0)
        #expect((imported["updated"] as? [Any])?.count == 0)
        #expect(imported["unchanged"] as? Int == 2)
        // An error under --json is still text on stderr, and stdout stays empty.
        let failed = try box.run("toggle", "99", "--json")
        #expect(failed == RunResult(stdout: "", stderr: "todo: no todo #99\n", status: 1))
    }

    @Test func listFormatAndIds() throws {
        try box.run("add", "first", "--notes", "n1")
        try box.run("add", "second")
        try box.run("toggle", "1")
        let todo = try box.state().todo(id: 1)!
        let formatted = try box.run(
            "list", "--all", "--format", "{id}\\t{name}\\t{completed}\\t{notes}|{completedAt.utc}")
        #expect(
            formatted
                == RunResult(
                    stdout: "2\tsecond\tfalse\t|\n1\tfirst\ttrue\tn1|\(ISO8601(todo.completedAt!))\n", stderr: "",
                    status: 0))
        #expect(
            try box.run(
                "list", "--format", "{uuid} {createdAt.utc} {updatedAt.utc} {synced} {description}.", "--filter",
                "completed"
            ).stdout
                == "\(todo.uuid.uuidString.lowercased()) \(ISO8601(todo.createdAt)) \(ISO8601(todo.updatedAt)) false "
                + ".\n"
        )
        #expect(try box.run("list", "--ids", "--all") == RunResult(stdout: "2\n1\n", stderr: "", status: 0))
        #expect(try box.run("list", "--ids", "--filter", "active").stdout == "2\n")
        let unknown = try box.run("list", "--format", "{id} {title}")
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(
            unknown.stderr
                == "todo: unknown field '{title}' in --format (fields: {id} {uuid} {name} {description} {notes} "
                + "{completed} {createdAt} {updatedAt} {completedAt} {synced} {tags} {project} {priority} {due} "
                + "{wait} {scheduled} {start} {depends} {annotations} {recur} {until} {series} {anchor} {udas} "
                + "{urgency}, and attributes 'todo config uda.NAME.type' declares; a date field with .utc, as "
                + "{due.utc}, is in UTC)\n"
        )
        #expect(try box.run("list", "--ids", "--json").stderr == "todo: --json and --ids cannot be used together\n")
    }

    @Test func dashReadsIdsFromStdinForToggleAndDelete() throws {
        for name in ["a", "b", "c", "d"] { try box.run("add", name) }
        try box.run("toggle", "1", "3")
        let completed = try box.run("list", "--filter", "completed", "--ids").stdout
        #expect(
            try box.run(["delete", "-"], stdin: completed)
                == RunResult(stdout: "Deleted #3 \"c\"\nDeleted #1 \"a\"\n", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.id) == [2, 4])
        #expect(
            try box.run(["toggle", "-", "4"], stdin: " 2\t\n").lines == ["Completed #2 \"b\"", "Completed #4 \"d\""])
        let before = box.fileBytes()
        #expect(
            try box.run(["toggle", "-"], stdin: "2 9\n")
                == RunResult(stdout: "", stderr: "todo: no todo #9\n", status: 1))
        #expect(box.fileBytes() == before)
        // Nothing on stdin (an empty pipeline) changes nothing and is not an error.
        #expect(try box.run(["delete", "-"], stdin: "") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.run(["delete", "-", "--json"], stdin: "\n").stdout == "[]\n")
        #expect(box.fileBytes() == before)
    }

    @Test func addDashAddsOneTodoPerLineInOneUndoStep() throws {
        try box.run("add", "existing")
        let result = try box.run(["add", "-", "--notes", "from stdin"], stdin: "milk\n\n   \neggs  \r\nbread")
        #expect(result == RunResult(stdout: "2\n3\n4\n", stderr: "", status: 0))
        let todos = try box.state().todos
        #expect(todos.map(\.name) == ["existing", "milk", "eggs", "bread"])
        #expect(todos.dropFirst().allSatisfy { $0.notes == "from stdin" })
        #expect(try box.run("undo").stdout == "Undid: batch of 3 actions\n")
        #expect(try box.state().todos.map(\.name) == ["existing"])
        #expect(try box.run(["add", "-"], stdin: "\n\n") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.run(["add", "-"], stdin: "one\n").stdout == "5\n")
    }

    @Test func quietSilencesMessagesButNeverDataOrErrors() throws {
        #expect(try box.run("-q", "add", "a") == RunResult(stdout: "1\n", stderr: "", status: 0))
        try box.run("add", "b")
        for command in [
            ["toggle", "1"], ["edit", "1", "--name", "A"], ["edit", "1", "--name", "A"], ["delete", "2"], ["undo"]
        ] {
            #expect(try box.run(command + ["--quiet"]) == RunResult(stdout: "", stderr: "", status: 0), "\(command)")
        }
        #expect(
            try box.run(["batch", "-q"], stdin: "{\"action\": \"toggle\", \"id\": 2}\n")
                == RunResult(stdout: "", stderr: "", status: 0))
        #expect(
            try box.run(["import", "-", "-q"], stdin: try box.run("export").stdout)
                == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.run("list", "-q", "--all").lines == ["2 [x] b", "1 [x] A"])
        #expect(try box.run("list", "-q", "--ids", "--all").stdout == "2\n1\n")
        #expect(try box.run("show", "1", "-q").stdout.hasPrefix("Number:       1\n"))
        #expect(try box.run("toggle", "2", "-q", "--json").stdout.hasPrefix("[\n"))
        #expect(try box.run("-q", "toggle", "7") == RunResult(stdout: "", stderr: "todo: no todo #7\n", status: 1))
        #expect(try box.run("-q", "lsit").stderr.hasPrefix("todo: 'lsit' is not a todo command\n"))
        #expect(try box.run("clear-completed", "-q") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.id) == [2])
        // Without -q the same messages appear on stdout, never on stderr.
        #expect(try box.run("toggle", "2") == RunResult(stdout: "Completed #2 \"b\"\n", stderr: "", status: 0))
    }

    @Test func noPromptOrEditorWhenNotOnATerminal() throws {
        try box.run("add", "x")
        let editor = try box.writeScript("editor", "touch \(box.directory)/editor-ran")
        let result = try box.run(["edit", "1"], stdin: "", environment: ["EDITOR": editor, "VISUAL": editor])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: box.directory + "/editor-ran"))
    }
}

func ISO8601(_ date: Date) -> String { ISO8601Millis.string(date) }
