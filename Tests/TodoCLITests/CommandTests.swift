import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite struct CommandTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func addPrintsTheNumberAndListShowsTheTable() throws {
        #expect(try box.run("add", "buy", "milk") == RunResult(stdout: "1\n", stderr: "", status: 0))
        #expect(try box.run("add", "call mom", "--notes", "sunday", "-d", "her birthday").stdout == "2\n")
        #expect(try box.run("add", "--", "-5 degrees").stdout == "3\n")
        #expect(try box.run("toggle", "1") == RunResult(stdout: "Completed #1 \"buy milk\"\n", stderr: "", status: 0))
        #expect(try box.run("list") == RunResult(stdout: "3 [ ] -5 degrees\n2 [ ] call mom\n", stderr: "", status: 0))
        #expect(
            try box.run("list", "--all")
                == RunResult(stdout: "3 [ ] -5 degrees\n2 [ ] call mom\n1 [x] buy milk\n", stderr: "", status: 0))
        #expect(try box.run("ls", "--filter", "active").lines == ["3 [ ] -5 degrees", "2 [ ] call mom"])
        #expect(try box.run("list", "--filter=completed").lines == ["1 [x] buy milk"])
        #expect(try box.run().lines.count == 2)
        let todo = try box.state().todo(id: 2)!
        #expect((todo.name, todo.description, todo.notes) == ("call mom", "her birthday", "sunday"))
    }

    @Test func addJSONIsTheFullTodo() throws {
        let result = try box.run("add", "--json", "write report")
        let object = try #require(try parseJSON(result.stdout) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "uuid", "name", "description", "notes", "completed", "createdAt", "updatedAt", "completedAt",
                "synced", "tags", "project", "priority", "due", "wait", "scheduled", "start", "depends", "annotations",
                "recur", "until", "series", "anchor", "udas"
            ])
        #expect(object["tags"] as? [String] == [])
        #expect(object["project"] is NSNull)
        #expect(object["id"] as? Int == 1)
        #expect(object["name"] as? String == "write report")
        #expect(object["completedAt"] is NSNull)
        #expect(object["synced"] as? Bool == false)
        #expect((object["createdAt"] as? String)?.hasSuffix("Z") == true)
    }

    @Test func blankNamesAreRefusedAndNothingIsWritten() throws {
        #expect(
            try box.run("add", "  ")
                == RunResult(stdout: "", stderr: "todo: a todo needs a name that is not blank\n", status: 1))
        #expect(box.fileBytes() == nil)
        #expect(try box.run("add").status == 2)
    }

    @Test func listJSONIsEveryTodoInListOrder() throws {
        for name in ["a", "b", "c"] { try box.run("add", name) }
        try box.run("toggle", "2")
        let array = try #require(try parseJSON(try box.run("list", "--json", "--all").stdout) as? [[String: Any]])
        #expect(array.map { $0["id"] as? Int } == [3, 1, 2])
        try #require(array.count == 3)
        #expect(array[2]["completed"] as? Bool == true)
        #expect(array[2]["completedAt"] is String)
        #expect(try box.run("list", "--json", "--filter", "unsynced").stdout.hasPrefix("[\n  {\"id\": 3"))
        try box.run("delete", "1", "2", "3")
        #expect(try box.run("list", "--json").stdout == "[]\n")
        #expect(try box.run("list").stdout == "")
    }

    /// `--json` shows the values that lost a sync conflict, as `show` does, but not the sync
    /// bookkeeping (`rev`, `base`) scripts should not depend on.
    @Test func jsonOutputKeepsConflictsButNotTheBase() throws {
        let at = FixedClock.epoch
        var todo = Todo(id: 1, uuid: UUID(), name: "milk", createdAt: at, synced: true)
        todo.base = SyncBase(rev: 3, content: todo.content)
        todo.conflicts = [SyncConflict(field: "name", lost: "oat milk", kept: "milk", at: at)]
        try box.write(TodoState(todos: [todo]))
        let conflicts = [["field": "name", "lost": "oat milk", "kept": "milk", "at": "2026-09-21T14:13:20.000Z"]]
        let listed = try #require(try parseJSON(try box.run("list", "--json").stdout) as? [[String: Any]])
        let shown = try #require(try parseJSON(try box.run("show", "1", "--json").stdout) as? [String: Any])
        for object in listed + [shown] {
            #expect(object["conflicts"] as? [[String: String]] == conflicts)
            #expect(object["rev"] == nil && object["base"] == nil)
        }
        #expect(listed.count == 1)
    }

    @Test func showPrintsEveryField() throws {
        try box.run("add", "plan trip", "--notes", "line one\nline two")
        let todo = try box.state().todos[0]
        let uuid = todo.uuid.uuidString.lowercased()
        let shown = try box.run("show", "1")
        #expect(shown.status == 0)
        #expect(shown.lines[0] == "Number:       1")
        #expect(shown.lines[1] == "UUID:         \(uuid)")
        #expect(shown.lines[2] == "Name:         plan trip")
        #expect(shown.lines[3] == "Status:       active")
        #expect(shown.lines[5...6] == ["Notes:        line one", "              line two"])
        #expect(
            shown.lines[7...11] == [
                "Tags:         -", "Project:      -", "Priority:     -", "Due:          -", "Wait:         -"
            ])
        #expect(shown.lines[12...15] == ["Scheduled:    -", "Start:        -", "Depends:      -", "Annotations:  -"])
        // User-defined attributes have a line each, only when set (UDATests).
        #expect(shown.lines[16...18] == ["Recur:        -", "Until:        -", "Series:       -"])
        // Urgency as Taskwarrior's info shows it, after the fields.
        #expect(shown.lines[19] == "Urgency:      0")
        #expect(shown.lines[20].hasPrefix("Created:      20"))
        #expect(shown.lines[22] == "Completed:    -")
        #expect(shown.lines[23] == "Synced:       no")
        // Digits alone mean a number, so the shortest prefix that has a hex letter in it.
        let hex = uuid.replacingOccurrences(of: "-", with: "")
        let length = max(
            4, (hex.firstIndex { $0.isLetter }.map { hex.distance(from: hex.startIndex, to: $0) } ?? 31) + 1)
        #expect(try box.run("show", String(hex.prefix(length))) == shown)
        #expect(try box.run("show", uuid) == shown)
        #expect(try box.run("info", "#1") == shown)
        let json = try #require(try parseJSON(try box.run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["notes"] as? String == "line one\nline two")
    }

    @Test func editSetsFields() throws {
        try box.run("add", "draft")
        #expect(
            try box.run("edit", "1", "--name", "final", "--notes", "n")
                == RunResult(stdout: "Edited #1 \"final\" (name, notes)\n", stderr: "", status: 0))
        #expect(try box.run("modify", "1", "--description", "d", "--json").stdout.contains("\"description\": \"d\""))
        #expect(
            try box.run("edit", "1", "--name", "final").stdout == "Nothing changed; #1 \"final\" already reads so.\n")
        #expect(try box.run("edit", "1", "--name", " ").status == 1)
        #expect(try box.state().todos[0].name == "final")
    }

    @Test func toggleAndDeleteTakeSeveralIdsAllOrNothing() throws {
        for name in ["a", "b", "c"] { try box.run("add", name) }
        #expect(try box.run("toggle", "1", "3").lines == ["Completed #1 \"a\"", "Completed #3 \"c\""])
        let before = box.fileBytes()
        #expect(try box.run("toggle", "2", "9") == RunResult(stdout: "", stderr: "todo: no todo #9\n", status: 1))
        #expect(try box.run("delete", "1", "42").status == 1)
        #expect(box.fileBytes() == before)
        #expect(try box.run("toggle", "1").lines == ["Reopened #1 \"a\""])
        #expect(
            try box.run("rm", "1", "2")
                == RunResult(stdout: "Deleted #1 \"a\"\nDeleted #2 \"b\"\n", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.id) == [3])
    }

    @Test func numbersAreNeverReused() throws {
        for name in ["a", "b", "c"] { try box.run("add", name) }
        try box.run("toggle", "2")
        try box.run("clear-completed")
        try box.run("delete", "3")
        #expect(try box.run("add", "d").stdout == "4\n")
        #expect(try box.state().todos.map(\.id) == [1, 4])
    }

    @Test func clearCompletedSaysHowMany() throws {
        for name in ["a", "b", "c"] { try box.run("add", name) }
        try box.run("toggle", "1", "2")
        #expect(try box.run("clear-completed").stdout == "Cleared 2 completed todos.\n")
        #expect(try box.run("clear-completed").stdout == "Cleared 0 completed todos.\n")
        #expect(try box.state().todos.map(\.name) == ["c"])
    }

    @Test func undoRevertsAnyCommandInTurn() throws {
        try box.run("add", "a")
        try box.run("add", "b")
        try box.run("toggle", "1")
        try box.run("edit", "2", "--name", "B")
        try box.run("clear-completed")
        #expect(try box.run("undo").stdout == "Undid: clear-completed (1 todo)\n")
        #expect(try box.run("undo").stdout == "Undid: edit #2 \"b\" (name)\n")
        #expect(try box.run("undo").stdout == "Undid: complete #1 \"a\"\n")
        let undone = try #require(try parseJSON(try box.run("undo", "--json").stdout) as? [String: Any])
        #expect(undone["undid"] as? String == "add #2 \"b\"")
        #expect((undone["removed"] as? [[String: Any]])?.first?["name"] as? String == "b")
        #expect(try box.state().todos.map(\.name) == ["a"])
        #expect(try box.state().todos[0].completed == false)
        try box.run("undo")
        #expect(try box.run("undo") == RunResult(stdout: "", stderr: "todo: nothing to undo\n", status: 1))
        #expect(try box.run("add", "c").stdout == "3\n")
    }

    @Test func uuidPrefixesAndAmbiguity() throws {
        let t = FixedClock.epoch
        try box.write(
            TodoState(todos: [
                Todo(
                    id: 1, uuid: UUID(uuidString: "abcd1111-0000-4000-8000-000000000000")!,
                    name: "first", createdAt: t),
                Todo(
                    id: 2, uuid: UUID(uuidString: "abcd2222-0000-4000-8000-000000000000")!, name: "second", createdAt: t
                )
            ]))
        #expect(try box.run("toggle", "abcd2").lines == ["Completed #2 \"second\""])
        let ambiguous = try box.run("show", "abcd")
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr
                == "todo: abcd matches 2 todos (#1 abcd1111 \"first\", #2 abcd2222 \"second\"); give more digits\n")
        #expect(try box.run("show", "ffff").stderr == "todo: no todo has a UUID starting with ffff\n")
        #expect(try box.run("show", "zz").status == 2)
        #expect(try box.run("show", "7").stderr == "todo: no todo #7\n")
    }

    @Test func awkwardTextSurvivesEveryField() throws {
        let text = "emoji 🎉 \"quoted\" back\\slash\ttab\nnew line 中文"
        try box.run("add", text, "--description", text, "--notes", text)
        let todo = try box.state().todos[0]
        #expect(todo.name == text)
        #expect(todo.description == text)
        #expect(todo.notes == text)
        let json = try #require(try parseJSON(try box.run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["notes"] as? String == text)
        #expect(try box.run("list").stdout == "1 [ ] emoji 🎉 \"quoted\" back\\slash\\ttab\\nnew line 中文\n")
    }

    @Test func versionAndGlobalOptionsAnywhere() throws {
        #expect(try box.run("--version") == RunResult(stdout: "todo 0.1.0\n", stderr: "", status: 0))
        let other = box.directory + "/other.json"
        #expect(try box.run("--file", other, "add", "x").stdout == "1\n")
        #expect(try box.run("add", "y", "--file=\(other)").stdout == "2\n")
        #expect(try box.run("--json", "list", "--file", other).stdout.hasPrefix("[\n"))
        #expect(box.fileBytes() == nil)
    }
}
