import Foundation
import Testing
import TodoCLI

/// Issue 40: Taskwarrior's verbs. Every command of the real `task _commands` either runs in
/// todo or is refused with exit 2 and a line saying what to use; none is a silent search.
@Suite struct TaskwarriorVerbTests {
    let box: Sandbox

    init() throws {
        box = try Sandbox()
        try box.run("add", "one", "+work", "project:home", "due:2026-12-10")
        try box.run("add", "two", "+work")
        try box.run("add", "three")
        try box.run("done", "3")
    }

    @Test func everyTaskwarriorCommandRunsOrIsRefused() throws {
        let task = try RealTaskwarrior(in: box.directory, timeZone: "UTC")
        let commands = try task.run("_commands").lines
        #expect(commands.count > 80)
        for command in commands {
            let result = try box.run(command)
            if CommandTable.command(named: command) != nil || command == "modify" || command == "synchronize"
                || command == "information"
            {
                #expect(!result.stderr.contains("is a Taskwarrior command todo does not have"), "\(command): \(result)")
            } else {
                #expect(result.status == 2, "\(command): \(result)")
                #expect(
                    result.stderr.hasPrefix(
                        "todo: '\(command)' is a Taskwarrior command todo does not have; instead: "),
                    "\(command): \(result)")
            }
        }
    }

    @Test func countIdsAndUUIDs() throws {
        #expect(try box.run("count") == RunResult(stdout: "3\n", stderr: "", status: 0))
        #expect(try box.run("+work", "count") == RunResult(stdout: "2\n", stderr: "", status: 0))
        #expect(try box.run("ids") == RunResult(stdout: "1-2\n", stderr: "", status: 0))
        #expect(try box.run("_ids") == RunResult(stdout: "1\n2\n", stderr: "", status: 0))
        #expect(
            try box.run("ids", "+nope") == RunResult(stdout: "", stderr: "todo: no todo matches +nope\n", status: 0))
        #expect(try box.run("uuids").stdout.split(separator: " ").count == 3)
        #expect(try box.run("_uuids", "+work").lines.count == 2)
        #expect(try box.run("_projects").stdout == "home\n")
        #expect(try box.run("_tags").lines.contains("work"))
        #expect(try box.run("_unique", "project").stdout == "home\n")
    }

    @Test func logAddsADoneTodo() throws {
        #expect(try box.run("log", "paid", "parking", "+errand") == RunResult(stdout: "4\n", stderr: "", status: 0))
        let todo = try #require(try box.state().todo(id: 4))
        #expect(todo.completed && todo.tags == ["errand"] && todo.name == "paid parking")
    }

    @Test func duplicateCopiesAllButStartAndSeries() throws {
        try box.run("1", "start")
        try box.run("1", "annotate", "called")
        #expect(
            try box.run("duplicate", "1", "due:2026-12-24", "+copy")
                == RunResult(stdout: "4\nDuplicated #1 \"one\" as #4\n", stderr: "", status: 0))
        let copy = try #require(try box.state().todo(id: 4))
        let original = try #require(try box.state().todo(id: 1))
        #expect(copy.name == "one" && copy.project == "home" && copy.tags == ["work", "copy"])
        #expect(copy.start == nil && original.start != nil && copy.annotations.map(\.text) == ["called"])
        #expect(copy.due != original.due && copy.uuid != original.uuid && !copy.completed)
        #expect(try box.run("duplicate", "9") == RunResult(stdout: "", stderr: "todo: no todo #9\n", status: 1))
    }

    @Test func getReadsDOMReferences() throws {
        try box.run("config", "due-days", "3")
        try box.run("1", "annotate", "called")
        let result = try box.run(
            [
                "_get", "1.description", "1.due", "1.tags", "1.status", "3.status", "9.description", "rc.due-days",
                "1.annotations.count", "1.annotations.1.description", "1.tags.work", "1.tags.home"
            ], environment: ["TZ": "Europe/Berlin"])
        #expect(
            result
                == RunResult(
                    stdout: "one 2026-12-10T00:00:00 work pending completed  3 1 called work \n", stderr: "", status: 0)
        )
        #expect(try box.run("_get", "1.foo").status == 2)
        #expect(try box.run("_get").status == 2)
    }

    @Test func calcPurgeAndVersion() throws {
        #expect(try box.run(["calc", "2026-12-10+1w"], environment: ["TZ": "UTC"]).stdout == "2026-12-17T00:00:00\n")
        #expect(try box.run("purge").stdout.hasPrefix("Nothing to purge: todo keeps no deleted todos"))
        #expect(try box.run("version").stdout == "todo \(CommandTable.version)\n")
        #expect(try box.run("_version").stdout == CommandTable.version + "\n")
    }

    /// Each report `todo reports` lists lists what the `todo list` its help names does, in
    /// its order, on todos of every kind; and each lists something.
    @Test func everyNamedReportIsTheListItsHelpNames() throws {
        try box.run("add", "late", "due:2020-01-01")
        try box.run("add", "later", "wait:2099-01-01")
        try box.run("add", "weekly", "recur:weekly", "due:2099-01-01")
        try box.run("add", "after two", "depends:2")
        try box.run("1", "start")
        let names = try box.run("reports").lines.dropLast().map { String($0.prefix { $0 != " " }) }.filter {
            $0 != "list" && $0 != "next"
        }
        #expect(names.count == 14)
        for name in names {
            let help = try box.run(["help", name], environment: ["COLUMNS": "1000"]).stdout
            let meaning = try #require(help.range(of: "report: todo list").map { help[$0.upperBound...] }, "\(name)")
            let words = try #require(meaning.components(separatedBy: ", ").first).split(separator: " ").map(String.init)
            let listed = try box.run(["list"] + words + ["--ids"])
            let report = try box.run(name, "--ids")
            #expect(report == listed, "\(name) (todo list \(words.joined(separator: " ")))")
            #expect(!report.stdout.isEmpty, "\(name): \(report)")
        }
    }

    @Test func namedReports() throws {
        #expect(try box.run("completed", "--ids").stdout == "3\n")
        #expect(try box.run("all", "--ids").lines.sorted() == ["1", "2", "3"])
        // Taskwarrior's newest and oldest list the pending tasks.
        #expect(try box.run("oldest", "--ids").lines == ["1", "2"])
        #expect(try box.run("newest", "--ids").lines == ["2", "1"])
        try box.run("2", "start")
        #expect(try box.run("active", "--ids").stdout == "2\n")
        #expect(try box.run("history.monthly").stdout == (try box.run("history", "monthly").stdout))
        #expect(try box.run("ghistory.annual").stdout == (try box.run("history", "annual", "--graph").stdout))
        #expect(try box.run("burndown.weekly").stdout == (try box.run("burndown", "weekly").stdout))
    }
}

/// Issue 40: Taskwarrior's catalogue verbs, from todo's own tables.
@Suite struct CatalogueVerbTests {
    let box: Sandbox

    init() throws {
        box = try Sandbox()
        try box.run("config", "uda.client.type", "string")
        try box.run("config", "uda.client.values", "acme,globex")
        try box.run("add", "call", "client:acme")
        try box.run(
            ["import", "--from", "taskwarrior", "-"],
            stdin:
                #"""
                [{"description":"old","status":"pending","entry":"20260101T000000Z",\#
                "uuid":"11111111-2222-4333-8444-555555555555","estimate":"3"}]
                """#
        )
        // Declared by the import; undeclared again, its value stays on the todo.
        try box.run("config", "--unset", "uda.estimate.type")
    }

    @Test func commandsListsTheTableAndItsNames() throws {
        let commands = try box.run("commands")
        #expect(commands.status == 0)
        #expect(commands.lines.first == "Command           Aliases  Description")
        #expect(commands.lines.contains("add               a        Add a todo and print its number"))
        #expect(commands.lines.last == "\(CommandTable.commands.filter { !$0.hidden }.count) commands")
        let names = try box.run("_commands").lines
        #expect(
            names.count == CommandTable.commands.filter { !$0.hidden }.count && names.contains("udas")
                && !names.contains("__man"))
        #expect(
            try box.run("commands", "--json").stdout.hasPrefix(
                #"[{"name":"add","aliases":["a"],"description":"Add a todo and print its number"}"#))
    }

    @Test func columnsListsWhatAReportTakes() throws {
        let columns = try box.run("columns").lines
        #expect(columns.contains("due          formatted,iso,epoch,age,relative,remaining"))
        #expect(columns.contains("description  combined,desc,oneline,truncated,count,truncated_count"))
        #expect(columns.contains("client       plain,indicator"))
        // Every one of them is a column a report takes.
        for name in try box.run("_columns").lines {
            #expect(try box.run("config", "report.x.columns", "id,\(name)").status == 0, "\(name)")
        }
    }

    @Test func udasListsTheDeclaredAndTheUndeclared() throws {
        #expect(
            try box.run("udas").stdout == """
                Name    Type    Label   Values       Todos
                client  string  client  acme,globex  1
                1 declared

                Undeclared  Todos
                estimate    1

                """)
        #expect(try box.run("_udas").stdout == "client\n")
    }
}
