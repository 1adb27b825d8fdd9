import Testing
import TodoCLI
import TodoCore

/// Taskwarrior's order, `todo [FILTER] [COMMAND] [ARGS]`, beside git's, `todo COMMAND [ARGS]`.
@Suite struct TaskwarriorGrammarTests {
    let todo: InProcess

    /// #1 pay rent (+bills, home), #2 call mom (+family), #3 weed (+garden, home.garden),
    /// #4 milk (+shop), done.
    init() throws {
        todo = try InProcess()
        todo.run("add", "pay rent", "+bills", "project:home")
        todo.run("add", "call mom", "+family")
        todo.run("add", "weed", "+garden", "project:home.garden")
        todo.run("add", "milk", "+shop")
        todo.run("done", "4")
    }

    @Test func idsBeforeTheCommandAreItsIds() {
        #expect(todo.run("2", "done") == RunResult(stdout: "Completed #2 \"call mom\"\n", stderr: "", status: 0))
        #expect(todo.run("2", "reopen") == RunResult(stdout: "Reopened #2 \"call mom\"\n", stderr: "", status: 0))
        #expect(
            todo.run("1", "modify", "pri:H")
                == RunResult(stdout: "Edited #1 \"pay rent\" (priority)\n", stderr: "", status: 0))
        #expect(todo.run("1-2", "start").stdout == "Started #1 \"pay rent\"\nStarted #2 \"call mom\"\n")
        #expect(todo.run("3", "annotate", "soon").stdout.hasPrefix("Annotated #3"))
        #expect(todo.run("3", "show").stdout.hasPrefix("Number:       3\n"))
        // Options may still come anywhere.
        #expect(todo.run("--quiet", "1", "stop", "--json").stdout.hasPrefix("[\n  {\"id\": 1,"))
    }

    /// taskwarrior test/ids.test.py, test_parse_numbers_as_ids_not_patterns: `2 ls` lists #2.
    @Test func aFilterBeforeAReportIsItsFilter() {
        #expect(todo.ids("+bills", "list") == [1])
        #expect(todo.ids("project:home", "list") == [3, 1])
        #expect(todo.ids("2", "ls") == [2])
        #expect(todo.ids("1", "3", "list") == [3, 1])
        #expect(todo.ids("+home", "or", "+family", "next") == [2])
        // The filter before and the words after are one filter.
        #expect(todo.ids("project:home", "list", "+garden") == [3])
    }

    @Test func aFilterAloneRunsTheDefaultReport() {
        #expect(
            todo.run("project:home")
                == RunResult(
                    stdout: "3 [ ] weed  home.garden +garden\n1 [ ] pay rent  home +bills\n", stderr: "", status: 0))
        #expect(todo.run("project:home") == todo.run("list", "project:home"))
        #expect(todo.run("+family").stdout == "2 [ ] call mom  +family\n")
        // milk is done: the default report shows what is left to do, and says it found nothing.
        #expect(todo.run("milk") == RunResult(stdout: "", stderr: "todo: no todo matches milk\n", status: 1))
        #expect(todo.run("4").stdout == "4 [x] milk  +shop\n")
        #expect(todo.run("rent").stdout == "1 [ ] pay rent  home +bills\n")
        // After --, nothing is a command: the word is searched for.
        #expect(todo.run("--", "done") == RunResult(stdout: "", stderr: "todo: no todo matches done\n", status: 1))
        #expect(todo.run("--", "mom") == RunResult(stdout: "2 [ ] call mom  +family\n", stderr: "", status: 0))
    }

    /// A plain word one typo from a command is more likely a typo than a search.
    @Test func aTypoOfACommandIsNotSearchedFor() {
        #expect(
            todo.run("lsit")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: 'lsit' is not a todo command
                        Did you mean 'list'?
                        usage: todo <command> [<args>] [--file PATH] [--json]
                        See 'todo --help'.

                        """, status: 2))
        #expect(
            todo.run("3", "complete").stderr.hasPrefix("todo: 'complete' is not a todo command\nDid you mean 'done'?\n")
        )
        #expect(todo.run("list", "lsit").status == 0)
    }

    /// taskwarrior test/bulk.test.py: a filter before a write command picks every todo that
    /// passes it (todo asks no confirmation: undo takes the whole change back in one step).
    @Test func aFilterBeforeAWriteCommandPicksItsTodos() throws {
        #expect(
            todo.run("project:home", "modify", "pri:L").stdout
                == "Edited #1 \"pay rent\" (priority)\nEdited #3 \"weed\" (priority)\n")
        #expect(
            todo.run("+home", "done")
                == RunResult(stdout: "", stderr: "todo: no todo passes the filter \"+home\"\n", status: 1))
        #expect(todo.run("project:home", "-garden", "done").stdout == "Completed #1 \"pay rent\"\n")
        // Completed todos pass too, as in Taskwarrior: done says they already are.
        #expect(todo.run("+shop", "done").stdout == "#4 \"milk\" is already completed\n")
        #expect(todo.run("undo").status == 0)
        #expect(try todo.box.state().todo(id: 1)?.completed == false)
        #expect(
            todo.run("+family", "show").stderr.hasPrefix(
                "todo: 'show' takes one todo: give its number or UUID prefix, as in 'todo 3 show'\n"))
    }

    @Test func commandsThatTakeNoIdsRefuseWordsBeforeThem() {
        #expect(
            todo.run("+work", "add", "x")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: 'add' takes no IDs or filter before it ("+work"); put its words after it
                        usage: \(CommandTable.command(named: "add")!.usage)
                        See 'todo add --help'.

                        """, status: 2))
        #expect(todo.run("1", "undo").status == 2)
        #expect(todo.run("1", "sync").status == 2)
    }

    /// `-a` is a one-letter tag where tags are taken, unless a short option has that letter.
    @Test func oneLetterTagsAreWordsNotOptions() throws {
        todo.run("1", "modify", "+a")
        #expect(try todo.box.state().todo(id: 1)?.tags == ["a", "bills"])
        #expect(
            todo.run("edit", "1", "-a") == RunResult(stdout: "Edited #1 \"pay rent\" (tags)\n", stderr: "", status: 0))
        #expect(try todo.box.state().todo(id: 1)?.tags == ["bills"])
        #expect(
            todo.run("list", "-q", "+bills")
                == RunResult(stdout: "1 [ ] pay rent  home +bills\n", stderr: "", status: 0))
        #expect(todo.run("done", "-z", "1").stderr.hasPrefix("todo: unknown option '-z' for 'done'\n"))
    }

    @Test func gitOrderIsUnchanged() {
        #expect(todo.run("done", "2") == RunResult(stdout: "Completed #2 \"call mom\"\n", stderr: "", status: 0))
        #expect(todo.run("list", "--ids").stdout == "3\n1\n")
        #expect(todo.run("add", "2", "done").stdout == "5\n")
        #expect(try! todo.box.state().todo(id: 5)?.name == "2 done")
    }
}
