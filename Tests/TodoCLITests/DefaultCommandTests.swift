import Foundation
import Testing

/// Issue 40: Taskwarrior's `default.command` as `todo config default-command`: what a line
/// naming no command runs; only a report, so no word typed alone changes a todo.
@Suite struct DefaultCommandTests {
    let todo: InProcess

    init() throws {
        todo = try InProcess()
        todo.run("add", "pay rent", "+bills", "due:2026-11-20")
        todo.run("add", "call mom", "+family")
        todo.run("add", "milk")
    }

    @Test func aLineWithNoCommandRunsIt() throws {
        #expect(todo.run("config", "default-command", "next").status == 0)
        #expect(todo.run() == todo.run("next"))
        #expect(todo.run("+family") == todo.run("next", "+family"))
        #expect(todo.run("list") != todo.run("next"))
        // Its words and the line's: a filter of its own narrows too.
        #expect(todo.run("config", "default-command", "list +bills").status == 0)
        #expect(todo.run("--ids").stdout == "1\n")
        // Naming no command, it still says so when nothing matches: exit 1.
        let none = todo.run("+nope")
        #expect(none.status == 1 && none.stdout == "" && none.stderr == "todo: no todo matches +bills +nope\n")
        // A report the config defines may be one.
        #expect(todo.run("config", "report.mine.columns", "id,description").status == 0)
        #expect(todo.run("config", "default-command", "mine").status == 0)
        #expect(todo.run().stdout == todo.run("mine").stdout)
    }

    @Test func onlyAReportMayBeOne() throws {
        for refused in ["done", "delete", "frobnicate", ""] {
            let result = todo.run("config", "default-command", refused)
            #expect(result.status == 2, "\(refused): \(result)")
            #expect(result.stderr.hasPrefix("todo: default-command must be a report"), "\(refused): \(result)")
        }
        // One the file holds that is not: every line naming no command says so, and changes nothing.
        try #"{"default-command": "done"}"#.write(
            toFile: todo.box.directory + "/config.json", atomically: true, encoding: .utf8)
        let result = todo.run("1")
        #expect(
            result.status == 2 && result.stderr.hasPrefix("todo: config: default-command must be a report"), "\(result)"
        )
        #expect(todo.ids("list", "--filter", "completed") == [])
    }

    @Test func taskrcCarriesItAndNeverPrintsASecret() throws {
        try "default.command=next\nsync.encryption_secret=hunter2\ntaskd.credentials=org/me/key\n"
            .write(toFile: todo.box.directory + "/.taskrc", atomically: true, encoding: .utf8)
        let result = todo.run("import", "--from", "taskrc")
        // Taskwarrior 3's sync secret is carried (todo syncs with TaskChampion servers too), and masked.
        #expect(
            result.stdout.hasPrefix(
                """
                Imported 2 settings from \(todo.box.directory)/.taskrc: default-command=next, \
                sync.encryption_secret=***; 1 not carried
                """
            ), "\(result)")
        #expect(
            !result.stdout.contains("hunter2") && !result.stderr.contains("hunter2")
                && !result.stderr.contains("org/me/key"))
        #expect(result.stderr.contains("taskd.credentials=***"))
        #expect(!todo.run("config").stdout.contains("hunter2"))
        #expect(todo.run() == todo.run("next"))
    }
}
