import Foundation
import Testing

/// todo.sh's verbs and the todo.txt dialect's `ls`, run in process at a fixed clock: exact
/// stdout, stderr and status. (The same commands beside the real todo.sh:
/// TodoTxtSideBySideTests.)
@Suite struct TodoTxtVerbTests {
    let todo: InProcess
    let dialect = ["TODO_SYNTAX": "todotxt"]

    init() throws {
        todo = try InProcess()
        for line in [
            "(A) Call mom +Family @phone due:2026-12-02", "(d) pay bills +Home rec:+1m due:2026-12-01", "buy milk @shop"
        ] {
            try #require(todo.run(["add", line], environment: dialect).status == 0)
        }
    }

    func run(_ arguments: String..., syntax: [String: String]? = nil) -> RunResult {
        todo.run(arguments, environment: syntax ?? dialect)
    }

    @Test func lsPrintsTodoShLinesInTheirOrderWithTheFooter() {
        #expect(
            run("ls")
                == RunResult(
                    stdout: """
                        1 (A) 2026-11-25 Call mom @phone +Family due:2026-12-02
                        2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m
                        3 2026-11-25 buy milk @shop
                        --
                        TODO: 3 of 3 tasks shown

                        """, stderr: "", status: 0))
        #expect(
            run("ls", "+family", "-bills")
                == RunResult(
                    stdout: "1 (A) 2026-11-25 Call mom @phone +Family due:2026-12-02\n--\nTODO: 1 of 3 tasks shown\n",
                    stderr: "", status: 0))
        #expect(
            run("ls", "--quiet", "@shop") == RunResult(stdout: "3 2026-11-25 buy milk @shop\n", stderr: "", status: 0))
        // The default dialect keeps its table; --syntax picks the dialect for one command.
        #expect(
            run("ls", syntax: [:]).stdout
                == "3 [ ] buy milk  +shop\n2 [ ] pay bills  (L) Home due in 6d recur:monthly\n"
                + "1 [ ] Call mom  (H) Family +phone due in 7d\n"
        )
        #expect(
            run("--syntax", "todotxt", "ls", "milk", syntax: [:]).stdout
                == "3 2026-11-25 buy milk @shop\n--\nTODO: 1 of 3 tasks shown\n")
    }

    @Test func lsColoursLinesAsTodoShUnlessNoColor() {
        let coloured = run("ls", "--color", "always", "--quiet")
        #expect(
            coloured.stdout == "\u{1B}[1;33m1 (A) 2026-11-25 Call mom @phone +Family due:2026-12-02\u{1B}[0m\n"
                + "\u{1B}[1;37m2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\u{1B}[0m\n"
                + "3 2026-11-25 buy milk @shop\n"
        )
        // On a terminal the lines are coloured, unless NO_COLOR is set.
        #expect(
            todo.run(["ls", "--quiet"], environment: dialect.merging(["TERM": "xterm"]) { $1 }, terminal: true).stdout
                == coloured.stdout)
        #expect(
            todo.run(
                ["ls", "--quiet"], environment: dialect.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 },
                terminal: true
            ).stdout
                == "1 (A) 2026-11-25 Call mom @phone +Family due:2026-12-02\n"
                + "2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\n3 2026-11-25 buy milk @shop\n"
        )
    }

    @Test func priSetsALetterAndDepriTakesItAway() {
        #expect(run("pri", "3", "b") == RunResult(stdout: "Prioritized #3 \"buy milk\" (B)\n", stderr: "", status: 0))
        #expect(
            run("p", "3", "B")
                == RunResult(stdout: "#3 \"buy milk\" is already prioritized (B)\n", stderr: "", status: 0))
        #expect(
            run("pri", "1", "D")
                == RunResult(stdout: "Re-prioritized #1 \"Call mom\" from (A) to (D)\n", stderr: "", status: 0))
        #expect(
            run("pri", "1", "AA")
                == RunResult(stdout: "", stderr: "todo: \"AA\" is no priority: give a letter from A to Z\n", status: 2))
        // In the default dialect H is Taskwarrior's high; in todo.txt's, the letter H (low).
        #expect(run("pri", "1", "H", syntax: [:]).stdout == "Re-prioritized #1 \"Call mom\" from (D) to (A)\n")
        #expect(run("pri", "1", "H").stdout == "Re-prioritized #1 \"Call mom\" from (A) to (H)\n")
        #expect(
            run("depri", "1,2", "3")
                == RunResult(
                    stdout:
                        "Deprioritized #1 \"Call mom\"\nDeprioritized #2 \"pay bills\"\n"
                        + "Deprioritized #3 \"buy milk\"\n",
                    stderr: "", status: 0))
        #expect(run("dp", "1") == RunResult(stdout: "#1 \"Call mom\" is not prioritized\n", stderr: "", status: 0))
        #expect(
            run("export", "--to", "todotxt").stdout
                == "2026-11-25 Call mom @phone +Family due:2026-12-02\n"
                + "2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\n2026-11-25 buy milk @shop\n"
        )
    }

    @Test func appendPrependAndReplaceEditTheLine() {
        #expect(
            run("append", "1", "and dad @home")
                == RunResult(stdout: "Edited #1 \"Call mom and dad\"\n", stderr: "", status: 0))
        #expect(run("app", "1", ", soon").status == 0)
        #expect(run("prep", "3", "really").status == 0)
        // A second +word is a tag, as the importer reads it; replace keeps the priority.
        #expect(run("append", "2", "+Extra").status == 0)
        #expect(
            run("replace", "2", "Pay rent +House t:2026-11-30")
                == RunResult(stdout: "Edited #2 \"Pay rent\"\n", stderr: "", status: 0))
        #expect(
            run("export", "--to", "todotxt").stdout == """
                (A) 2026-11-25 Call mom and dad, soon @home @phone +Family due:2026-12-02
                (D) 2026-11-25 Pay rent +House t:2026-11-30
                2026-11-25 really buy milk @shop

                """)
        #expect(
            run("replace", "2", "+House")
                == RunResult(
                    stdout: "", stderr: "todo: 'replace' needs TEXT with words besides the todo.txt line's fields\n",
                    status: 2))
        #expect(
            run("append", "2", " ")
                == RunResult(stdout: "", stderr: "todo: 'append' needs TEXT that is not blank\n", status: 2))
        // In the default dialect append reads attribute words, as Taskwarrior's does.
        #expect(run("append", "3", "today", "+errand", syntax: [:]).status == 0)
        #expect(run("show", "3", syntax: [:]).stdout.contains("Name:         really buy milk today\n"))
        #expect(run("export", "--to", "todotxt").stdout.hasSuffix("2026-11-25 really buy milk today @errand @shop\n"))
    }

    @Test func listpriListprojListconListallAndArchive() {
        #expect(
            run("listpri")
                == RunResult(
                    stdout:
                        """
                        1 (A) 2026-11-25 Call mom @phone +Family due:2026-12-02\n\
                        2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\n--\nTODO: 2 of 3 tasks shown\n
                        """,
                    stderr: "", status: 0))
        #expect(run("lsp", "b-d", "--quiet").stdout == "2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\n")
        #expect(run("listpri", "L", "--ids", syntax: [:]).stdout == "2\n")
        #expect(run("listproj") == RunResult(stdout: "+Family\n+Home\n", stderr: "", status: 0))
        #expect(run("lsc", "mom") == RunResult(stdout: "@phone\n", stderr: "", status: 0))
        #expect(run("listcon", "--json").stdout == "[\"phone\",\"shop\"]\n")
        #expect(run("do", "1").stdout == "Completed #1 \"Call mom\"\n")
        #expect(
            run("ls", "--quiet").stdout
                == "2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m\n3 2026-11-25 buy milk @shop\n")
        #expect(
            run("lsa")
                == RunResult(
                    stdout: """
                        2 (D) 2026-11-25 pay bills +Home due:2026-12-01 rec:+1m
                        3 2026-11-25 buy milk @shop
                        1 x 2026-11-25 2026-11-25 Call mom @phone +Family due:2026-12-02 pri:A
                        --
                        TODO: 2 of 2 tasks shown
                        DONE: 1 of 1 tasks shown
                        total 3 of 3 tasks shown

                        """, stderr: "", status: 0))
        #expect(
            run("archive")
                == RunResult(
                    stdout:
                        """
                        Nothing to move: todo keeps completed todos (1) in its state file, out of 'ls'; 'listall' \
                        shows them, 'clear-completed' deletes them.\n
                        """,
                    stderr: "", status: 0))
        #expect(run("del", "3").stdout == "Deleted #3 \"buy milk\"\n")
        #expect(run("a", "(B) new one").stdout == "4\n")
    }

    /// The reports read filter words as ls does in the dialect: text of the todo.txt line.
    @Test func reportsFilterByTheLineInTheDialect() {
        #expect(
            run("tags", "--json", "+family")
                == RunResult(
                    stdout: "[\n  {\"tag\": \"phone\", \"active\": 1, \"completed\": 0}\n]\n", stderr: "", status: 0))
        #expect(run("projects", "--json", "-mom").stdout.contains("Family") == false)
    }

    @Test func theDialectIsChosenOnceAndCheckedWhereverItIsGiven() {
        #expect(
            run("ls", syntax: ["TODO_SYNTAX": "todo.txt"])
                == RunResult(
                    stdout: "", stderr: "todo: TODO_SYNTAX is one of taskwarrior, todotxt, not \"todo.txt\"\n",
                    status: 2))
        #expect(run("config", "syntax", "todo-txt").status == 2)
        #expect(run("config", "syntax", "todotxt", syntax: [:]).status == 0)
        #expect(run("ls", "--quiet", "milk", syntax: [:]).stdout == "3 2026-11-25 buy milk @shop\n")
        #expect(run("--syntax", "taskwarrior", "ls", "milk", syntax: [:]).stdout == "3 [ ] buy milk  +shop\n")
        #expect(run("--syntax", "txt", "ls").status == 2)
    }
}
