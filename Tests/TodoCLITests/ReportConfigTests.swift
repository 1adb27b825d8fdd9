import Foundation
import Testing
import TodoTestSupport

/// Issue 40, reports as data: `report.NAME.*` in the config makes `todo NAME` a report (a
/// person's own `standup`) or redefines one of todo's, drawn in Taskwarrior's columns.
@Suite struct ReportConfigTests {
    let local: InProcess

    init() throws {
        local = try InProcess()
        for words in [
            ["add", "write report", "+work", "project:home.garden", "due:-2d", "pri:H"],
            ["add", "fix bug", "+work", "+urgent", "due:tomorrow"],
            ["add", "read book"], ["1", "annotate", "first draft"], ["2", "start"], ["3", "done"]
        ] {
            try #require(local.run(words).status == 0, "\(words)")
        }
    }

    func config(_ key: String, _ value: String) throws {
        let result = local.run("config", key, value)
        try #require(result.status == 0, "\(key): \(result)")
    }

    func standup() throws {
        try config(
            "report.standup.columns",
            "id,project.parent,tags.count,due.relative,description.count,start.active,uuid.short")
        try config("report.standup.labels", "ID,Proj,Tags,Due,What,A,UUID")
        try config("report.standup.filter", "+work or +urgent")
        try config("report.standup.sort", "due+")
        try config("report.standup.description", "What I said at the stand-up")
    }

    @Test func aReportOfYourOwnIsACommand() throws {
        try standup()
        let short = { (id: Int) in String(local.run("_get", "\(id).uuid").stdout.prefix(8)) }
        #expect(
            local.run("standup")
                == RunResult(
                    stdout: """
                        ID Proj Tags Due What             A UUID
                        -- ---- ---- --- ---------------- - --------
                         1 home [1]  -2d write report [1]   \(short(1))
                         2      [2]  12h fix bug          * \(short(2))

                        """, stderr: "", status: 0))
        // Your words narrow it further, and --json and --ids print its todos as list's do.
        #expect(local.run("standup", "+urgent", "--ids") == RunResult(stdout: "2\n", stderr: "", status: 0))
        #expect(local.run("+urgent", "standup", "--json").stdout == local.run("list", "+urgent", "--json").stdout)
        #expect(
            local.run("standup", "project:none")
                == RunResult(stdout: "", stderr: "todo: no todo matches (+work or +urgent) project:none\n", status: 0))
        #expect(local.run("reports").stdout.contains("standup    What I said at the stand-up\n"))
        #expect(local.run("help", "standup").stdout.hasPrefix("usage: todo standup [FILTER...]"))
        #expect(local.run("standup", "--help").stdout == local.run("help", "standup").stdout)
    }

    /// Cut to the terminal's width: the widest text column first (to 10 columns), then the
    /// last columns (entry) left out.
    @Test func onATerminalTheTableFitsTheWidth() throws {
        try config("report.wide.columns", "id,description,project,entry")
        #expect(
            local.run(["wide"], environment: ["NO_COLOR": "1", "COLUMNS": "30"], terminal: true).stdout.hasPrefix(
                "ID Description"))
        let narrow = local.run(["wide", "--color", "never"], environment: ["NO_COLOR": "1"], terminal: true, width: 26)
            .stdout
        #expect(
            narrow == """
                ID Descripti… Project
                -- ---------- -----------
                 2 fix bug
                 1 write rep… home.garden
                     2026-11…
                2 of 3 todos: 2 active, 1 completed

                """, "\(narrow)")
    }

    @Test func badSettingsAreRefusedInOneLine() throws {
        let refusals: [(String, String, String)] = [
            (
                "report.x.columns", "id,foo",
                """
                todo: "foo" is no column: id, uuid, status, urgency, description, project, tags, priority, due, wait, \
                scheduled, start, end, entry, modified, until, recur, depends, annotations, or a declared attribute \
                (formats after a dot: due.relative)\n
                """
            ),
            (
                "report.x.columns", "due.bogus",
                """
                todo: "due.bogus" is no format of due: due.formatted, due.iso, due.epoch, due.age, due.relative, \
                due.remaining\n
                """
            ),
            (
                "report.x.sort", "bogus+",
                """
                todo: "+bogus" is no sort key; use due, wait, scheduled, start, until, priority, project, created, \
                modified, name, urgency, id, end, status, recur, tags or an attribute 'todo config uda.NAME.type' \
                declares, separated by commas, with + before a key for lowest first or - for highest first\n
                """
            ),
            ("report.x.filter", "due.before:xyz", ""),
            ("report.x.context", "maybe", "todo: must be 0 or 1, not \"maybe\"\n"),
            ("report.done.filter", "+x", "todo: \"done\" is a command of todo's, not a report: choose another name\n")
        ]
        for (key, value, stderr) in refusals {
            let result = local.run("config", key, value)
            #expect(
                result.status == 2 && result.stdout == "" && result.stderr.split(separator: "\n").count == 1,
                "\(key): \(result)")
            if !stderr.isEmpty { #expect(result.stderr == stderr) }
        }
        #expect(local.run("config").stdout.contains("report.") == false)
        // A config file edited by hand is refused when the report runs, in one line.
        try config("report.x.columns", "id,description")
        try config("report.x.labels", "ID")
        #expect(
            local.run("x")
                == RunResult(
                    stdout: "", stderr: "todo: report x has 2 columns but 1 labels: give one label a column\n",
                    status: 2))
    }

    /// The default reports are the same data: a person redefines one in part.
    @Test func aDefaultReportIsRedefinedInPart() throws {
        #expect(local.run("overdue", "--ids").stdout == "1\n")
        try config("report.overdue.filter", "+work")
        #expect(local.run("overdue", "--ids").stdout == "1\n2\n")
        try config("report.overdue.sort", "due-")
        #expect(local.run("overdue", "--ids").stdout == "2\n1\n")
        try config("report.completed.columns", "id,description,end")
        #expect(
            local.run("completed")
                == RunResult(
                    stdout: "ID Description Completed\n-- ----------- ----------\n 3 read book   2026-11-25\n",
                    stderr: "", status: 0))
        #expect(local.run("reports").stdout.contains("overdue    List the active todos past their due date\n"))
    }

    /// list keeps its table until the config says otherwise, and then the words alone run it too.
    @Test func listIsRedefinedOnlyWhenTheConfigSaysSo() throws {
        let before = local.run("list")
        #expect(before.stdout.hasPrefix("2 [ ] fix bug"))
        try config("report.list.columns", "id,description.desc")
        #expect(
            local.run("list")
                == RunResult(
                    stdout: "ID Description\n-- ------------\n 2 fix bug\n 1 write report\n", stderr: "", status: 0))
        #expect(local.run("+work") == local.run("list"))
        #expect(local.run("config", "--unset", "report.list.columns").status == 0)
        #expect(local.run("list") == before)
    }

    @Test func rcOverridesAReportForOneCommand() throws {
        #expect(
            local.run("rc.report.active.columns=id,description.desc", "active")
                == RunResult(stdout: "ID Description\n-- -----------\n 2 fix bug\n", stderr: "", status: 0))
        #expect(local.run("active").stdout.hasPrefix("2 [ ] fix bug"))
    }

    /// Dependencies by number, a declared attribute under its label, and a report the context
    /// in force does not narrow (`report.NAME.context 0`).
    @Test func dependsAttributesAndTheContext() throws {
        try config("uda.client.type", "string")
        try config("uda.client.label", "Client")
        #expect(local.run("add", "review", "+work", "depends:2", "client:acme").status == 0)
        try config("report.deps.columns", "id,depends,depends.count,client,description.desc")
        #expect(
            local.run("deps")
                == RunResult(
                    stdout: """
                        ID Depends Depends Client Description
                        -- ------- ------- ------ ------------
                         4 2       [1]     acme   review
                         2                        fix bug
                         1                        write report

                        """, stderr: "", status: 0))
        #expect(local.run("context", "define", "home", "project:home").status == 0)
        #expect(local.run("context", "home").status == 0)
        #expect(local.run("deps", "--ids").stdout == "1\n")
        try config("report.deps.context", "0")
        #expect(local.run("deps", "--ids").stdout == "4\n2\n1\n")
    }

    /// next keeps its own reading (active, by urgency) until the config gives it parts.
    @Test func nextIsRedefinedPartByPart() throws {
        let before = local.run("next")
        try config("report.next.columns", "id,description.desc")
        try config("report.next.filter", "+work")
        #expect(
            local.run("next")
                == RunResult(
                    stdout: "ID Description\n-- ------------\n 1 write report\n 2 fix bug\n", stderr: "", status: 0))
        try config("report.next.sort", "due-")
        #expect(local.run("next", "--ids").stdout == "2\n1\n")
        for part in ["columns", "filter", "sort"] {
            #expect(local.run("config", "--unset", "report.next." + part).status == 0)
        }
        #expect(local.run("next") == before)
    }

    @Test func aNearNameOfYourReportIsSuggested() throws {
        try standup()
        #expect(
            local.run("standupp").stderr.hasPrefix("todo: 'standupp' is not a todo command\nDid you mean 'standup'?\n"))
    }
}
