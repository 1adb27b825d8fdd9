import Foundation
import Testing
import TodoCLI

/// `todo context`: a named filter that narrows the reports and tags new todos.
@Suite struct ContextTests {
    let todo: InProcess

    /// #1 report (+work), #2 garden (+home), #3 deploy (project:acme).
    init() throws {
        todo = try InProcess()
        todo.run("add", "report", "+work")
        todo.run("add", "garden", "+home")
        todo.run("add", "deploy", "project:acme")
    }

    func config() throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: todo.box.directory + "/config.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    /// taskwarrior test/context.test.py: test_context_define, test_context_setting,
    /// test_context_unsetting, test_context_initially_empty.
    @Test func defineSetShowAndUnset() throws {
        #expect(todo.run("context") == RunResult(stdout: "No context is in force.\n", stderr: "", status: 0))
        #expect(
            todo.run("context", "define", "work", "+work", "or", "project:acme").stdout
                == "Defined the context \"work\"; use it with: todo context work\n")
        #expect(try config() == ["context.work": "+work or project:acme"])
        #expect(todo.run("context", "show").stdout == "No context is in force.\n")
        #expect(todo.run("context", "work").stdout == "Context \"work\" in force: +work or project:acme\n")
        #expect(try config()["context"] == "work")
        #expect(todo.run("context").stdout == "work: +work or project:acme\n")
        #expect(todo.ids("list") == [3, 1])
        #expect(todo.ids("next") == [3, 1])
        // Filter words given are ANDed with the context's, each keeping its own 'or'.
        #expect(todo.ids("list", "+work", "or", "+home") == [1])
        #expect(todo.ids("list", "--no-context") == [3, 2, 1])
        #expect(todo.run(["list", "--ids"], environment: ["TODO_CONTEXT": "none"]).stdout == "3\n2\n1\n")
        #expect(todo.run("context", "none").stdout == "No context: reports show every todo\n")
        #expect(try config() == ["context.work": "+work or project:acme"])
        #expect(todo.ids("list") == [3, 2, 1])
    }

    /// taskwarrior test/context.test.py: test_context_list_active, test_context_delete_unset_after_removal.
    @Test func listAndDelete() throws {
        todo.run("context", "define", "work", "+work")
        todo.run("context", "define", "home", "+home", "-work")
        todo.run("context", "home")
        #expect(todo.run("context", "list").stdout == "home  +home -work  (in force)\nwork  +work\n")
        #expect(
            todo.run("context", "list", "--json").stdout
                == "[{\"name\": \"home\", \"filter\": \"+home -work\", \"active\": true}, {\"name\": \"work\", "
                + "\"filter\": \"+work\", \"active\": false}]\n"
        )
        #expect(todo.run("context", "delete", "home").stdout == "Deleted the context \"home\"\n")
        #expect(try config() == ["context.work": "+work"])
        #expect(
            todo.run("context", "delete", "home")
                == RunResult(
                    stdout: "", stderr: "todo: no context is named \"home\"; see 'todo context list'\n", status: 1))
    }

    /// taskwarrior 2.6 write contexts: a context's tags and project go on todos added in it,
    /// unless it has or, not or parentheses (test_context_define_invalid_for_write_due_to_operator).
    @Test func addInAContextTakesItsTagsAndProject() throws {
        todo.run("context", "define", "acme", "project:acme", "+work", "due.before:eow")
        todo.run("context", "acme")
        #expect(todo.run("add", "invoice").stdout == "4\n")
        let invoice = try #require(try todo.box.state().todo(id: 4))
        #expect(invoice.project == "acme")
        #expect(invoice.tags == ["work"])
        #expect(invoice.due == nil)
        todo.run("add", "call", "project:other")
        #expect(try todo.box.state().todo(id: 5)?.project == "other")
        todo.run("context", "define", "either", "+work", "or", "+home")
        todo.run("context", "either")
        todo.run("add", "plain")
        #expect(try todo.box.state().todo(id: 6)?.tags == [])
    }

    /// Issue 40: Taskwarrior's write context: `context.NAME.write` words are what a todo added
    /// in the context gets, whatever its filter says; words that are no attribute are refused.
    @Test func writeWordsAreWhatAddGets() throws {
        todo.run("context", "define", "either", "+work", "or", "+home")
        #expect(
            todo.run("config", "context.either.write", "+work pri:H") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(
            todo.run("config", "context.either.write", "+work later")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: a context's write words are attribute words (+TAG, project:NAME, due:DATE, …); "later" \
                        is none\n
                        """,
                    status: 2))
        todo.run("context", "either")
        #expect(todo.run("context").stdout == "either: +work or +home  (adds: +work pri:H)\n")
        #expect(todo.run("context", "list").stdout == "either  +work or +home  (adds: +work pri:H)  (in force)\n")
        todo.run("add", "plan")
        let plan = try #require(try todo.box.state().todo(id: 4))
        #expect(plan.tags == ["work"] && plan.priority == .high)
        todo.run("context", "delete", "either")
        #expect(try config().keys.sorted() == [])
    }

    @Test func theSummaryNamesTheContext() throws {
        todo.run("context", "define", "work", "+work")
        todo.run("context", "work")
        let shown = try todo.box.runOnTerminal(
            ["list"],
            environment: ["TODO_CONFIG": todo.box.directory + "/config.json", "NO_COLOR": "1", "COLUMNS": "80"])
        #expect(
            shown.stdout.replacingOccurrences(of: "\r\n", with: "\n")
                == "1 [ ] report  +work\n1 of 3 todos: 3 active, 0 completed; context work\n")
    }

    @Test(arguments: [
        (
            ["context", "define", "list", "+x"],
            """
            todo: "list" cannot name a context: use letters, digits, - and _, and none of list, show, define, delete, \
            none\n
            """,
            Int32(2)
        ),
        (
            ["context", "define", "a b", "+x"],
            """
            todo: "a b" cannot name a context: use letters, digits, - and _, and none of list, show, define, delete, \
            none\n
            """,
            2
        ),
        (
            ["context", "define", "x"],
            "todo: 'context define' needs a NAME and filter words: todo context define work +work\n", 2
        ),
        (["context", "define", "x", "(", "+a"], "todo: a '(' in the filter is never closed\n", 2),
        (
            ["context", "nope"],
            "todo: no context is named \"nope\"; define it with: todo context define nope FILTER...\n", 1
        ),
        (["context", "none", "extra"], "todo: unexpected argument \"extra\" for 'context none'\n", 2),
        (["config", "context.x", "( +a"], "todo: a '(' in the filter is never closed\n", 2)
    ])
    func badContextsAreRefusedAndWriteNothing(arguments: [String], message: String, status: Int32) throws {
        let result = todo.run(arguments)
        #expect(result == RunResult(stdout: "", stderr: message, status: status))
        #expect(!FileManager.default.fileExists(atPath: todo.box.directory + "/config.json"))
    }

    @Test func anUndefinedContextInForceIsAnErrorNotAnEmptyList() throws {
        todo.run("config", "context", "gone")
        #expect(
            todo.run("list")
                == RunResult(
                    stdout: "",
                    stderr:
                        "todo: the context \"gone\" is not defined; see 'todo context list', or 'todo context none'\n",
                    status: 1))
        #expect(todo.run("list", "--no-context").status == 0)
    }

    @Test func defaultFilterIsAConfigSetting() throws {
        todo.run("done", "2")
        #expect(todo.ids("list") == [3, 1])
        #expect(todo.run("config", "default-filter", "all").status == 0)
        #expect(todo.ids("list") == [3, 1, 2])
        #expect(
            todo.run("config", "default-filter", "some").stderr
                == "todo: default-filter is one of all, active, completed, unsynced, not \"some\"\n")
    }
}
