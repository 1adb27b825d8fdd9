import Foundation
import Testing
import TodoCore
import TodoWire
@testable import TodoCLI
import TodoTestSupport

/// export and import end to end, including a file made by the real Taskwarrior.
@Suite struct ImportExportTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func exportHasEveryTodoWithEveryFieldInNumberOrder() throws {
        try box.run("add", "a", "-d", "desc", "-n", "notes")
        try box.run("add", "b")
        try box.run("toggle", "1")
        let export = try #require(try parseJSON(try box.run("export").stdout) as? [String: Any])
        #expect(export["format"] as? String == "todo-export")
        #expect(export["version"] as? Int == 1)
        let todos = try #require(export["todos"] as? [[String: Any]])
        #expect(todos.map { $0["id"] as? Int } == [1, 2])
        #expect(
            Set(todos[0].keys) == [
                "id", "uuid", "name", "description", "notes", "completed", "createdAt", "updatedAt", "completedAt",
                "synced"
            ])
        #expect(todos[0]["description"] as? String == "desc")
        #expect(todos[0]["completedAt"] is String)
        #expect(
            try box.run("export", "--file", box.directory + "/none.json").stdout
                == "{\"format\": \"todo-export\", \"version\": 1,\n \"todos\": []}\n")
    }

    @Test func importingTwiceIsIdempotentAndNumbersAreNeverReused() throws {
        let source = try Sandbox()
        try source.run("add", "from elsewhere")
        try source.run("add", "second", "-n", "n")
        try source.run("toggle", "2")
        let file = box.directory + "/export.json"
        try source.run("export").stdout.write(toFile: file, atomically: true, encoding: .utf8)

        try box.run("add", "mine")
        try box.run("add", "deleted")
        try box.run("delete", "2")
        #expect(
            try box.run("import", file)
                == RunResult(stdout: "Imported 2 todos: 2 added, 0 updated, 0 unchanged.\n", stderr: "", status: 0))
        let state = try box.state()
        #expect(state.todos.map(\.id) == [1, 3, 4])
        #expect(state.todos.map(\.name) == ["mine", "from elsewhere", "second"])
        #expect(state.todos.map(\.uuid) == [state.todos[0].uuid] + (try source.state().todos.map(\.uuid)))
        #expect(state.todos[2].completed && state.todos[2].notes == "n")
        let after = try #require(box.fileBytes())
        #expect(
            try box.run("import", file)
                == RunResult(stdout: "Imported 2 todos: 0 added, 0 updated, 2 unchanged.\n", stderr: "", status: 0))
        #expect(box.fileBytes() == after)
        #expect(try box.run("undo").stdout == "Undid: import of 2 todos\n")
        #expect(try box.state().todos.map(\.id) == [1])
        #expect(try box.run("add", "next").stdout == "5\n")
    }

    @Test func listJSONAndStateFilesImportToo() throws {
        let source = try Sandbox()
        try source.run("add", "one")
        try source.run("add", "two")
        #expect(
            try box.run(["import", "-"], stdin: try source.run("list", "--json").stdout).stdout
                == "Imported 2 todos: 2 added, 0 updated, 0 unchanged.\n")
        #expect(try box.run("import", source.file).stdout == "Imported 2 todos: 0 added, 0 updated, 2 unchanged.\n")
        #expect(Set(try box.state().todos.map(\.uuid)) == Set(try source.state().todos.map(\.uuid)))
        #expect(
            try box.run(["import", "-"], stdin: "{\"format\": \"todo-export\", \"version\": 2, \"todos\": []}").stderr
                == "todo: cannot import stdin as todo: export format version 2 is newer than this todo understands "
                + "(1); upgrade todo; nothing imported\n"
        )
    }

    /// Issue 46: numbers are the state file's, so an export whose todos have none (made by a
    /// script, or with "id" taken out) imports, each todo given this file's next number.
    @Test func anExportWithoutNumbersImportsWithNumbersOfItsOwn() throws {
        try box.run("add", "already here")
        let uuids = (0..<2).map { _ in UUID().uuidString.lowercased() }
        let export = """
            {"format": "todo-export", "version": 1, "todos": [
             {"uuid": "\(uuids[0])", "name": "one", "completed": false, "createdAt": "2026-11-01T10:00:00.000Z", \
            "updatedAt": "2026-11-01T10:00:00.000Z"},
             {"uuid": "\(uuids[1])", "name": "two", "completed": false, "createdAt": "2026-11-02T10:00:00.000Z", \
            "updatedAt": "2026-11-02T10:00:00.000Z", "tags": ["x"]}]}
            """
        #expect(
            try box.run(["import", "-"], stdin: export).stdout == "Imported 2 todos: 2 added, 0 updated, 0 unchanged.\n"
        )
        #expect(
            try box.state().todos.map { "\($0.id) \($0.name) \($0.uuid.uuidString.lowercased())" } == [
                "1 already here \(try box.state().todos[0].uuid.uuidString.lowercased())", "2 one \(uuids[0])",
                "3 two \(uuids[1])"
            ])
        let withoutUUID =
            #"""
            {"format": "todo-export", "version": 1, "todos": [{"name": "three", "completed": false, \#
            "createdAt": "2026-11-02T10:00:00.000Z"}]}
            """#
        #expect(try box.run(["import", "-"], stdin: withoutUUID).stderr.contains("has no \"uuid\""))
    }

    /// Issue 46: `todo export`'s own file with every "id" taken out, and `list --json`'s bare
    /// array so, import whole: each todo gets this file's next number and keeps every other
    /// field (tags, project, priority, dates, completion, notes, dependencies, annotations);
    /// read again, the same file changes nothing.
    @Test func anExportStrippedOfNumbersKeepsEveryOtherField() throws {
        let source = try Sandbox()
        try source.run("add", "first", "+home", "project:garden", "pri:H", "due:2026-12-24")
        try source.run("add", "second", "depends:1", "-n", "a note")
        try source.run("annotate", "2", "remark")
        try source.run("toggle", "1")
        let unnumbered = { (text: String) in
            text.replacingOccurrences(of: #""id": [0-9]+, "#, with: "", options: .regularExpression)
        }
        let export = unnumbered(try source.run("export").stdout)
        let array = unnumbered(try source.run("list", "--all", "--json").stdout)
        #expect(!export.contains("\"id\"") && !array.contains("\"id\""))
        let kept = try source.state().todos
        for text in [export, array] {
            let box = try Sandbox()
            try box.run("add", "mine")
            #expect(
                try box.run(["import", "-"], stdin: text)
                    == RunResult(stdout: "Imported 2 todos: 2 added, 0 updated, 0 unchanged.\n", stderr: "", status: 0))
            let todos = try box.state().todos
            #expect(todos.map(\.id) == [1, 2, 3])
            // `list --json` lists the open todo first: compared by UUID.
            let contents = { (todos: ArraySlice<Todo>) in
                Dictionary(uniqueKeysWithValues: todos.map { ($0.uuid, $0.content) })
            }
            #expect(contents(todos.dropFirst()) == contents(kept[...]))
            #expect(
                try box.run(["import", "-"], stdin: text).stdout
                    == "Imported 2 todos: 0 added, 0 updated, 2 unchanged.\n")
        }
    }

    @Test func aNewerImportedCopyWinsAnOlderOneDoesNot() throws {
        let t = FixedClock.epoch
        let uuid = UUID()
        try box.write(
            TodoState(todos: [
                Todo(id: 7, uuid: uuid, name: "local", createdAt: t, updatedAt: t.addingTimeInterval(60), synced: true)
            ]))
        func file(_ name: String, updated: Double) -> String {
            """
            [{"id": 1, "uuid": "\(uuid.uuidString)", "name": "\(name)", "completed": true, \
            "createdAt": "\(ISO8601Millis.string(t))", \
            "updatedAt": "\(ISO8601Millis.string(t.addingTimeInterval(updated)))"}]
            """
        }
        #expect(
            try box.run(["import", "-"], stdin: file("older", updated: 30)).stdout
                == "Imported 1 todo: 0 added, 0 updated, 1 unchanged.\n")
        #expect(try box.state().todos[0].name == "local")
        #expect(
            try box.run(["import", "-"], stdin: file("newer", updated: 90)).stdout
                == "Imported 1 todo: 0 added, 1 updated, 0 unchanged.\n")
        let todo = try box.state().todos[0]
        #expect((todo.id, todo.name, todo.completed, todo.synced) == (7, "newer", true, false))
        #expect(todo.completedAt == t.addingTimeInterval(90))
    }

    /// Issue 40: as `task import` does, a task without uuid or entry is filled in (entry now, a
    /// UUID made from what it says), so importing it again is the same todo.
    @Test func taskwarriorTasksWithoutUUIDOrEntryAreFilledIn() throws {
        let tasks =
            """
            [{"description": "water plants", "project": "home"}, {"description": "call", "entry": "20260121T101500Z"}]
            """
        #expect(
            try box.run(["import", "--from", "taskwarrior", "-"], stdin: tasks).stdout
                == "Imported 2 todos: 2 added, 0 updated, 0 unchanged.\n")
        #expect(
            try box.run(["import", "--from", "taskwarrior", "-"], stdin: tasks).stdout
                == "Imported 2 todos: 0 added, 0 updated, 2 unchanged.\n")
        let todos = try box.state().todos
        #expect(todos.map(\.name) == ["water plants", "call"])
        #expect(todos[1].createdAt == Date(timeIntervalSince1970: 1_768_990_500))
    }

    @Test func badFilesAreReportedAndNothingIsImported() throws {
        try box.run("add", "x")
        let before = try #require(box.fileBytes())
        let cases: [([String], String, String)] = [
            (
                ["import", box.directory + "/missing.json"], "",
                "todo: cannot read \(box.directory)/missing.json: no such file, or not a readable file\n"
            ),
            (
                ["import", "-"], "{\"tasks\": []}",
                """
                todo: cannot import stdin as todo: not a todo export (no "format": "todo-export"); nothing imported\n
                """
            ),
            (
                ["import", "-"], "[{\"id\": 1, \"uuid\": \"8f0e",
                "todo: cannot import stdin as todo: line 1, column 20: expected a UUID string; nothing imported\n"
            ),
            (
                ["import", "-"], "[{\"id\": 1, \"name\": \"n\"}]",
                """
                todo: cannot import stdin as todo: the todo at line 1 has no "uuid", "createdAt"; nothing imported\n
                """
            ),
            (
                ["import", "--strict", "--from", "taskwarrior", "-"], "[{\"description\": \"x\", \"uuid\": 7}]",
                "todo: cannot import stdin as taskwarrior: task 1: no valid \"uuid\"; nothing imported\n"
            )
        ]
        for (arguments, stdin, message) in cases {
            let result = try box.run(arguments, stdin: stdin)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr == message)
        }
        #expect(try box.run("import", "--from", "csv", "x").status == 2)
        #expect(box.fileBytes() == before)
    }

    @Test func aTodoTxtFileImports() throws {
        let file = box.directory + "/todo.txt"
        try """
        (A) 2026-01-02 call mom +family @phone
        x 2026-01-05 2026-01-01 pay rent +home @desk
        (B) water plants @home
        x 2026-01-06 read book

        """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try box.run("import", "--from", "todotxt", file).stdout
                == "Imported 4 todos: 4 added, 0 updated, 0 unchanged.\n")
        let todos = try box.state().todos
        #expect(todos.map(\.name) == ["call mom", "pay rent", "water plants", "read book"])
        #expect(todos.map(\.project) == ["family", "home", nil, nil])
        #expect(todos.map(\.tags) == [["phone"], ["desk"], ["home"], []])
        #expect(todos.map(\.priority) == [.high, nil, .medium, nil])
        #expect(todos.map(\.completed) == [false, true, false, true])
        #expect(todos[0].createdAt == ISO8601Millis.parse("2026-01-02T00:00:00Z"))
        #expect(todos[1].createdAt == ISO8601Millis.parse("2026-01-01T00:00:00Z"))
        #expect(todos[1].completedAt == ISO8601Millis.parse("2026-01-05T00:00:00Z"))
        #expect(todos[3].completedAt == ISO8601Millis.parse("2026-01-06T00:00:00Z"))
        let after = box.fileBytes()
        #expect(
            try box.run("import", "--from", "todotxt", file).stdout
                == "Imported 4 todos: 0 added, 0 updated, 4 unchanged.\n")
        #expect(box.fileBytes() == after)
        // Completing a task in todo.txt and importing again completes the same todo.
        try "x 2026-01-07 2026-01-02 call mom +family @phone pri:A\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try box.run("import", "--from", "todotxt", file).stdout
                == "Imported 1 todo: 0 added, 1 updated, 0 unchanged.\n")
        #expect(try box.state().todo(id: 1)?.completed == true)
        #expect(try box.state().todos.count == 4)
    }

    /// A todo.txt line imported by a todo that kept +project and @context in the name is the
    /// same todo (its UUID comes from the same text): importing it again moves them to fields.
    @Test func aTodoTxtLineImportedBeforeFieldsGetsItsFields() throws {
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        let uuid = TodoTxtFormat.stableUUID("todo.txt\u{0}call mom +family @phone\u{0}0")
        try box.write(TodoState(todos: [Todo(id: 1, uuid: uuid, name: "call mom +family @phone", createdAt: old)]))
        let file = box.directory + "/todo.txt"
        try "(A) 2026-01-02 call mom +family @phone\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try box.run("import", "--from", "todotxt", file).stdout
                == "Imported 1 todo: 0 added, 1 updated, 0 unchanged.\n")
        let todo = try #require(try box.state().todo(id: 1))
        #expect((todo.name, todo.project, todo.tags, todo.priority) == ("call mom", "family", ["phone"], .high))
    }

    /// Needs the real `task` (Debian package taskwarrior; .ci/test-scripting-deps installs it).
    /// Fails, never skips, when it is missing.
    @Test func anExportFromTheRealTaskwarriorImports() throws {
        let task = try RealTaskwarrior(in: box.directory, timeZone: "Etc/GMT-5")
        try task.run(
            "add", "buy milk", "project:home", "+errand", "priority:H", "due:2030-12-01", "wait:2030-11-30T08:00")
        try task.run("add", "call mom")
        try task.run("add", "doomed")
        try task.run("1", "annotate", "first note")
        try task.run("1", "annotate", "second note")
        try task.run("3", "delete")
        try task.run("2", "done")
        let export = try task.run("export").stdout
        let tasks = try #require(try parseJSON(export) as? [[String: Any]])
        #expect(tasks.count == 3)

        let environment = ["TZ": "Etc/GMT-5"]
        #expect(
            try box.run(["import", "--from", "taskwarrior", "-"], stdin: export, environment: environment).stdout
                == "Imported 2 todos: 2 added, 0 updated, 0 unchanged, 1 skipped (1 deleted, 0 templates merged into a "
                + "series, 0 invalid).\n"
        )
        let todos = try box.state().todos.sorted { $0.name < $1.name }
        let byName = Dictionary(uniqueKeysWithValues: tasks.map { ($0["description"] as! String, $0) })
        #expect(todos.map(\.name) == ["buy milk", "call mom"])
        #expect(
            todos.map { $0.uuid.uuidString.lowercased() } == [
                byName["buy milk"]!["uuid"] as? String, byName["call mom"]!["uuid"] as? String
            ])
        let annotations = try #require(byName["buy milk"]!["annotations"] as? [[String: Any]])
        #expect(todos[0].annotations.map(\.text) == annotations.map { $0["description"] as! String })
        #expect(todos[0].annotations.map(\.at) == annotations.map { TaskwarriorFormat_date($0["entry"] as? String)! })
        #expect(todos[0].annotations.last?.text == "second note")
        #expect(todos[0].notes == "")
        #expect(
            (todos[0].description, todos[0].project, todos[0].tags, todos[0].priority) == (
                "", "home", ["errand"], .high
            ))
        #expect(todos[0].due == .day(CalendarDay(year: 2030, month: 12, day: 1)!))
        #expect(todos[0].wait == .instant(ISO8601Millis.parse("2030-11-30T03:00:00Z")!))
        #expect(todos[0].completed == false)
        #expect(todos[1].completed == true)
        let end = try #require(TaskwarriorFormat_date(byName["call mom"]!["end"] as? String))
        #expect(todos[1].completedAt == end)
        #expect(todos[1].createdAt == TaskwarriorFormat_date(byName["call mom"]!["entry"] as? String))
        let after = box.fileBytes()
        #expect(
            try box.run(["import", "--from", "taskwarrior", "-"], stdin: export, environment: environment).stdout
                == "Imported 2 todos: 0 added, 0 updated, 2 unchanged, 1 skipped (1 deleted, 0 templates merged into a "
                + "series, 0 invalid).\n"
        )
        #expect(box.fileBytes() == after)
    }

    @Test func exportWritesTheFormatAsked() throws {
        try box.run("add", "a", "+tag", "pri:M", "project:p")
        #expect(try box.run("export", "--to", "todotxt").stdout.hasSuffix(" a @tag +p\n"))
        #expect(try box.run("export", "--to", "todotxt").stdout.hasPrefix("(B) "))
        let tasks = try #require(try parseJSON(try box.run("export", "--to", "taskwarrior").stdout) as? [[String: Any]])
        #expect(tasks.map { $0["description"] as? String } == ["a"])
        #expect(tasks[0]["tags"] as? [String] == ["tag"])
        #expect(try box.run("export", "--to", "todo").stdout == (try box.run("export").stdout))
        let bad = try box.run("export", "--to", "csv")
        #expect((bad.status, bad.stdout) == (2, ""))
        #expect(
            bad.stderr.hasPrefix(
                "todo: 'csv' is not a valid format for '--to' (choose from todo, taskwarrior, todotxt, ical)\n"))
    }
}

/// `20260121T101500Z` → Date, written independently of the code under test.
func TaskwarriorFormat_date(_ text: String?) -> Date? {
    guard let text, text.count == 16 else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.date(from: text)
}
