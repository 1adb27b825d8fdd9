import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 40's scripts of Taskwarrior users: `/FROM/TO/` in modify, `description` as the name,
/// `entry`, `modified` and `end` in filters, `limit:N`, `+LATEST`, and `--format`'s dates on
/// the local clock.
@Suite struct TaskwarriorModificationTests {
    let todo: InProcess

    init() throws {
        todo = try InProcess(now: InProcess.moment("2026-11-25 12:00:00", in: "Europe/Berlin"), zone: "Europe/Berlin")
    }

    func name(_ id: Int) -> String? { try? todo.box.state().todo(id: id)?.name }
    func annotations(_ id: Int) -> [String] { (try? todo.box.state().todo(id: id)?.annotations.map(\.text)) ?? [] }

    /// task 3 modify /login/signin/: the first match in the name; /g every one, annotations too.
    @Test func aSubstitutionChangesTheNameAndAnnotations() {
        todo.run("add", "login page login")
        todo.run("annotate", "1", "a login note")
        #expect(
            todo.run("1", "modify", "/login/signin/")
                == RunResult(stdout: "Edited #1 \"signin page login\" (name)\n", stderr: "", status: 0))
        #expect(annotations(1) == ["a login note"])
        #expect(
            todo.run("modify", "1", "/login/out/g")
                == RunResult(stdout: "Edited #1 \"signin page out\" (name, annotations)\n", stderr: "", status: 0))
        #expect(annotations(1) == ["a out note"])
        // Only in an annotation: the first annotation holding it.
        #expect(
            todo.run("1", "modify", "/note/remark/", "+web").stdout
                == "Edited #1 \"signin page out\" (tags, annotations)\n")
        #expect(annotations(1) == ["a out remark"])
        // After --, a word of that shape is a name word.
        #expect(todo.run("1", "modify", "--", "/a/b/").stdout == "Edited #1 \"/a/b/\" (name)\n")
        // One step for undo.
        #expect(todo.run("undo").status == 0)
        #expect(name(1) == "signin page out")
    }

    /// A substitution that matches nothing says so and changes nothing, as a failing modify exits.
    @Test func aSubstitutionThatMatchesNothingIsAnError() {
        todo.run("add", "login page")
        let before = todo.box.fileBytes()
        #expect(
            todo.run("1", "modify", "/nomatch/x/", "+tag")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: "/nomatch/x/" matches nothing in #1 "login page": not in the name, \
                        nor in an annotation; nothing changed\n
                        """,
                    status: 1))
        // Case counts, as in Taskwarrior.
        #expect(todo.run("1", "modify", "/LOGIN/x/").status == 1)
        #expect(
            todo.run("1", "modify", "/a(/b/")
                == RunResult(
                    stdout: "",
                    stderr: "todo: \"/a(/b/\": \"a(\" is no regular expression (ICU syntax: /^buy/x/, /a|b/c/)\n",
                    status: 2))
        #expect(todo.box.fileBytes() == before)
        #expect(
            todo.run("1", "modify", "/page//")
                == RunResult(stdout: "Edited #1 \"login\" (name)\n", stderr: "", status: 0))
        #expect(
            todo.run("1", "modify", "/login//")
                == RunResult(stdout: "", stderr: "todo: a todo needs a name that is not blank\n", status: 1))
    }

    /// Over several todos, each gets its own substitution; those it matches nothing in are left alone.
    @Test func aSubstitutionOverSeveralTodos() {
        todo.run("add", "buy milk", "+shop")
        todo.run("add", "buy bread", "+shop")
        todo.run("add", "call mom", "+shop")
        #expect(
            todo.run("+shop", "modify", "/buy/get/")
                == RunResult(
                    stdout: "Edited #1 \"get milk\" (name)\nEdited #2 \"get bread\" (name)\n", stderr: "", status: 0))
        #expect(
            todo.run("1-3", "modify", "/nothing/x/")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: "/nothing/x/" matches nothing in the 3 todos named: not in the name, nor in an \
                        annotation; nothing changed\n
                        """,
                    status: 1))
        #expect(todo.run("undo").status == 0)
        #expect((name(1), name(2), name(3)) == ("buy milk", "buy bread", "call mom"))
    }

    /// Taskwarrior's description is the name in filters and modifications; todo's own is details.
    @Test func descriptionIsTheName() throws {
        todo.run("add", "write blog post", "-d", "about filters")
        todo.run("add", "read book")
        #expect(todo.listed("description.contains:blog") == "1\n")
        #expect(todo.listed("description:read") == "2\n")
        #expect(todo.listed("description.startswith:write") == "1\n")
        #expect(todo.listed("details.has:filters") == "1\n")
        // As in Taskwarrior, description.has: and the like look in the annotations too; name.has: does not.
        todo.run("annotate", "2", "lent by Sam")
        #expect(todo.listed("description.has:sam") == "2\n")
        #expect(todo.listed("desc.endswith:sam") == "2\n")
        #expect(todo.listed("description.hasnt:sam") == "1\n")
        #expect(todo.listed("name.has:sam") == "")
        #expect(
            todo.run("2", "modify", "description:read a novel")
                == RunResult(stdout: "Edited #2 \"read a novel\" (name)\n", stderr: "", status: 0))
        #expect(
            todo.run("2", "modify", "details:by the fire")
                == RunResult(stdout: "Edited #2 \"read a novel\" (description)\n", stderr: "", status: 0))
        #expect(try todo.box.state().todo(id: 2)?.description == "by the fire")
        #expect(todo.run("add", "description:call mom").stdout == "3\n")
        #expect(name(3) == "call mom")
    }

    /// entry, modified and end are when a todo was added, last changed and completed.
    @Test func entryModifiedAndEndAreDateKeys() {
        todo.run("add", "old")
        todo.now += 86_400 * 3
        todo.run("add", "new")
        todo.run("add", "done today")
        todo.run("done", "3")
        todo.now += 3_600
        #expect(todo.listed("entry.before:today") == "1\n")
        #expect(todo.listed("entry.after:2026-11-26") == "2\n")
        #expect(todo.listed("entry.after:2026-11-26", "--all") == "2\n3\n")
        #expect(todo.listed("entry:2026-11-25") == "1\n")
        // A term about end picks completed todos, as +COMPLETED does.
        #expect(todo.listed("end.after:yesterday") == "3\n")
        #expect(todo.listed("end:") == "2\n1\n")
        #expect(todo.listed("end.before:today") == "")
        #expect(todo.listed("modified.after:-2h", "--all") == "2\n3\n")
        #expect(todo.listed("modified.before:-1d") == "1\n")
        #expect(
            todo.run("list", "entry.after:")
                == RunResult(stdout: "", stderr: "todo: \"entry.after:\" needs a date after the ':'\n", status: 2))
        #expect(todo.run("modify", "1", "end:today").status == 2)
    }

    /// task limit:3 list: the first N rows of the report, wherever the word is.
    @Test func limitLimitsTheRows() {
        for name in ["a", "b", "c", "d"] { todo.run("add", name, "+x") }
        #expect(todo.listed("limit:2") == "4\n3\n")
        #expect(todo.run("limit:3", "list", "--ids").stdout == "4\n3\n2\n")
        #expect(todo.listed("+x", "lim:1", "--sort", "name") == "1\n")
        #expect(todo.run("next", "limit:1", "--ids").stdout == "4\n")
        #expect(
            todo.run("list", "limit:x")
                == RunResult(
                    stdout: "", stderr: "todo: \"limit:x\": limit:N takes a number of rows, 1 or more\n", status: 2))
        #expect(
            todo.run("projects", "limit:2")
                == RunResult(
                    stdout: "", stderr: "todo: \"limit:2\": limit:N limits the rows of list and next only\n", status: 2)
        )
        #expect(todo.run("add", "y", "limit:2").status == 2)
    }

    /// +LATEST is the todo added last, completed or not; the other virtual tags are there.
    @Test func latestIsTheTodoAddedLast() {
        todo.run("add", "first")
        todo.run("add", "second")
        #expect(todo.listed("+LATEST") == "2\n")
        #expect(todo.listed("-LATEST") == "1\n")
        #expect(todo.run("+LATEST", "done").stdout == "Completed #2 \"second\"\n")
        #expect(todo.listed("+LATEST") == "2\n")
        for tag in [
            "ACTIVE", "READY", "BLOCKED", "UNBLOCKED", "WAITING", "OVERDUE", "DUE", "TODAY", "COMPLETED", "PENDING",
            "TAGGED"
        ] {
            #expect(VirtualTag.named(tag) != nil, "+\(tag)")
        }
    }

    /// --format's dates are on the local clock; .utc gives them as --json has them.
    @Test func formatDatesAreLocal() {
        todo.run("add", "meet", "due:2026-11-26T15:00", "wait:2026-11-25")
        #expect(
            todo.run("list", "--format", "{due}|{due.utc}|{wait}|{createdAt}|{createdAt.utc}|{completedAt}")
                == RunResult(
                    stdout:
                        """
                        2026-11-26T15:00:00+01:00|2026-11-26T14:00:00.000Z|2026-11-25|2026-11-25T12:00:00+01:00|\
                        2026-11-25T11:00:00.000Z|\n
                        """,
                    stderr: "", status: 0))
        #expect(todo.run("list", "--json").stdout.contains("\"due\": \"2026-11-26T14:00:00.000Z\""))
        #expect(todo.run("list", "--format", "{name.utc}").status == 2)
    }
}
