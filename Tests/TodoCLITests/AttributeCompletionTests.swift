import Foundation
import Testing
import TodoCore
import TodoStore
@testable import TodoCLI
import TodoTestSupport

/// Tags after `+` and `-`, projects after `project:`, attribute keys and named dates, in bash,
/// fish and zsh, from the state file the command line names.
@Suite struct AttributeCompletionTests {
    let shells: CompletionTests
    let box: Sandbox
    let other: String

    init() throws {
        shells = try CompletionTests()
        box = shells.box
        let base = FixedClock.epoch
        var a = Todo(id: 1, uuid: UUID(), name: "a", createdAt: base)
        a.tags = ["home", "garden"]
        a.project = "home.garden"
        var b = Todo(id: 2, uuid: UUID(), name: "b", createdAt: base)
        b.tags = ["work", "Home"]
        b.project = "work"
        try box.write(TodoState(todos: [a, b]))
        other = box.directory + "/tagged.json"
        var elsewhere = Todo(id: 1, uuid: UUID(), name: "x", createdAt: base)
        elsewhere.tags = ["elsewhere"]
        elsewhere.project = "away"
        try Data(StateCodec.encode(TodoState(todos: [elsewhere]))).write(to: URL(fileURLWithPath: other))
    }

    @Test func completeListsTagsAndProjectsWithTheirParents() throws {
        #expect(
            try box.run("__complete", "tags") == RunResult(stdout: "Home\ngarden\nhome\nwork\n", stderr: "", status: 0))
        #expect(
            try box.run("__complete", "projects")
                == RunResult(stdout: "home\nhome.garden\nwork\n", stderr: "", status: 0))
        #expect(try box.run("__complete", "tags", "--file", other).stdout == "elsewhere\n")
        #expect(
            try box.run("__complete", "projects", "--file", box.directory + "/none.json")
                == RunResult(stdout: "", stderr: "", status: 0))
        try Data("not json".utf8).write(to: URL(fileURLWithPath: other))
        #expect(try box.run("__complete", "tags", "--file", other) == RunResult(stdout: "", stderr: "", status: 0))
    }

    @Test func bashCompletesAttributeWordsAndFilterTerms() throws {
        #expect(try shells.bash("todo", "add", "x", "+h") == ["+home"])
        #expect(try shells.bash("todo", "add", "x", "+") == ["+Home", "+garden", "+home", "+work"])
        #expect(try shells.bash("todo", "edit", "1", "-g") == ["-garden"])
        #expect(try shells.bash("todo", "list", "-w") == ["-work"])
        #expect(try shells.bash("todo", "add", "x", "project:h") == ["project:home", "project:home.garden"])
        #expect(try shells.bash("todo", "add", "x", "pri:") == ["pri:H", "pri:M", "pri:L"])
        #expect(try shells.bash("todo", "add", "x", "due:to") == ["due:today", "due:tomorrow"])
        #expect(try shells.bash("todo", "add", "x", "pr") == ["project:", "priority:", "pri:"])
        #expect(try shells.bash("todo", "list", "due.") == FilterModifierCompletionTests.dateModifiers)
        #expect(try shells.bash("todo", "add", "x", "due.") == [])
        #expect(
            try shells.bash("todo", "list", "wait.after:eo") == [
                "wait.after:eod", "wait.after:eow", "wait.after:eom", "wait.after:eoy"
            ])
        #expect(try shells.bash("todo", "add", "x", "") == [])
        #expect(try shells.bash("todo", "--file", other, "list", "+e") == ["+elsewhere"])
        #expect(try shells.bash("todo", "list", "project:", "--file=\(other)", "+e") == ["+elsewhere"])
        #expect(
            try shells.bash("todo", "--file", other, "list", "+") == ["+elsewhere"]
                + VirtualTag.all.map { "+" + $0.name })
        #expect(try shells.bash("todo", "list", "-BL") == ["-BLOCKED", "-BLOCKING"])
        #expect(try shells.bash("todo", "add", "x", "+BL") == [])
    }

    @Test func bashCompletesAtTheColonsBashSplitsWordsAt() throws {
        // Real bash hands `project:h` over as three words, and `project:` as two, the cursor's
        // being the colon; readline replaces what follows the colon, so the candidates start there.
        let program = """
            source \(repositoryRoot)/completions/todo.bash
            COMP_LINE='todo add x project:h'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(todo add x project : h); COMP_CWORD=5
            _todo; printf '%s\\n' "${COMPREPLY[@]}"
            COMP_LINE='todo add x project:'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(todo add x project :); COMP_CWORD=4
            _todo; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Sandbox.execute(
            try requiredTool("bash"), ["-c", program], stdin: nil, environment: box.shellEnvironment)
        #expect(result == RunResult(stdout: "home\nhome.garden\nhome\nhome.garden\nwork\n", stderr: "", status: 0))
    }

    @Test func bashCompletesFieldOptionValues() throws {
        #expect(try shells.bash("todo", "add", "--tag", "w") == ["work"])
        #expect(try shells.bash("todo", "edit", "1", "--project", "") == ["home", "home.garden", "work"])
        #expect(try shells.bash("todo", "add", "--priority", "") == ["H", "M", "L"])
        #expect(try shells.bash("todo", "add", "--wait", "fr") == ["friday"])
        #expect(try shells.bash("todo", "list", "--sort", "due,-p") == ["due,-priority", "due,-project"])
    }

    @Test func fishCompletesAttributeWordsFilterTermsAndValues() throws {
        #expect(try shells.fish("todo add x +g") == ["+garden"])
        #expect(try shells.fish("todo add x +").count == 4)
        #expect(try shells.fish("todo edit 1 -g") == ["-garden"])
        #expect(try shells.fish("todo add x project:h") == ["project:home", "project:home.garden"])
        #expect(try shells.fish("todo add x pri:") == ["pri:H", "pri:L", "pri:M"])
        #expect(try shells.fish("todo list due.before:tom") == ["due.before:tomorrow"])
        #expect(try shells.fish("todo add x pr") == ["pri:", "priority:", "project:"])
        #expect(try shells.fish("todo --file \(other) list +e") == ["+elsewhere"])
        #expect(try shells.fish("todo list +BL") == ["+BLOCKED", "+BLOCKING"])
        #expect(try shells.fish("todo add x +BL") == [])
        #expect(try shells.fish("todo add --tag w").map(shells.words) == ["work"])
        #expect(try shells.fish("todo add --due tom").map(shells.words) == ["tomorrow"])
        #expect(try shells.fish("todo list --sort due,-p").map(shells.words) == ["due,-priority", "due,-project"])
    }

    @Test func zshCompletesAttributeWordsFilterTermsAndValues() throws {
        #expect(try shells.zsh("todo add x +ho").buffer == "todo add x +home ")
        #expect(try shells.zsh("todo edit 1 -g").buffer == "todo edit 1 -garden ")
        #expect(try shells.zsh("todo add x project:home.").buffer == "todo add x project:home.garden ")
        #expect(try shells.zsh("todo add x proj").buffer == "todo add x project:")
        #expect(try shells.zsh("todo list due.before:tom").buffer == "todo list due.before:tomorrow ")
        #expect(try shells.zsh("todo list --file \(other) +e").buffer == "todo list --file \(other) +elsewhere ")
        #expect(try shells.zsh("todo list -REA").buffer == "todo list -READY ")
        #expect(try shells.zsh("todo add --tag wo").buffer == "todo add --tag work ")
        #expect(try shells.zsh("todo add --due tom").buffer == "todo add --due tomorrow ")
        let priorities = try shells.zsh("todo add x pri:")
        #expect(priorities.buffer == "todo add x pri:")
        #expect(priorities.screen.contains("H  L  M"))
    }

    /// In the todo.txt dialect `+` completes projects, `@` tags (contexts), and keys are the add-ons'.
    @Test func todoTxtDialectCompletesProjectsContextsAndAddOnsInEveryShell() throws {
        #expect(try box.run("__complete", "syntax") == RunResult(stdout: "taskwarrior\n", stderr: "", status: 0))
        try #require(try box.run("config", "syntax", "todotxt").status == 0)
        #expect(try box.run("__complete", "syntax") == RunResult(stdout: "todotxt\n", stderr: "", status: 0))
        #expect(try shells.bash("todo", "add", "x", "+h") == ["+home", "+home.garden"])
        #expect(try shells.bash("todo", "list", "+w") == ["+work"])
        #expect(try shells.bash("todo", "add", "x", "d") == ["due:"])
        #expect(try shells.bash("todo", "add", "x", "") == [])
        #expect(try shells.bash("todo", "append", "1", "") == [])
        #expect(try shells.bash("todo", "add", "x", "due:") == [])
        // Real bash splits `@garden` at the @ (COMP_WORDBREAKS); the candidates start after it.
        let program = """
            source \(repositoryRoot)/completions/todo.bash
            COMP_LINE='todo add x @g'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(todo add x @ g); COMP_CWORD=4
            _todo; printf '%s\\n' "${COMPREPLY[@]}"
            COMP_LINE='todo add x @'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(todo add x @); COMP_CWORD=3
            _todo; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Sandbox.execute(
            try requiredTool("bash"), ["-c", program], stdin: nil, environment: box.shellEnvironment)
        #expect(result == RunResult(stdout: "garden\nHome\ngarden\nhome\nwork\n", stderr: "", status: 0))
        #expect(try shells.fish("todo add x @g") == ["@garden"])
        #expect(try shells.fish("todo list +w") == ["+work"])
        #expect(try shells.fish("todo add x r") == ["rec:"])
        #expect(try shells.zsh("todo add x +wo").buffer == "todo add x +work ")
        #expect(try shells.zsh("todo add x @gar").buffer == "todo add x @garden ")
        #expect(try shells.zsh("todo add x t").buffer == "todo add x t:")
        // --syntax taskwarrior on the command line is not seen by the scripts; TODO_SYNTAX is.
        try #require(try box.run("config", "syntax", "taskwarrior").status == 0)
        #expect(try shells.bash("todo", "add", "x", "+h") == ["+home"])
    }

    /// Attributes `todo config uda.NAME.type` declares are attribute words and filter keys too.
    @Test func declaredAttributesCompleteAsKeysInEveryShell() throws {
        #expect(try box.run("__complete", "udas") == RunResult(stdout: "", stderr: "", status: 0))
        try #require(try box.run("config", "uda.client.type", "string").status == 0)
        try #require(try box.run("config", "uda.estimate.type", "number").status == 0)
        #expect(try box.run("__complete", "udas") == RunResult(stdout: "client:\nestimate:\n", stderr: "", status: 0))
        #expect(try shells.bash("todo", "add", "x", "cl") == ["client:"])
        #expect(try shells.bash("todo", "list", "es") == ["estimate:"])
        #expect(try shells.fish("todo add x cl") == ["client:"])
        #expect(try shells.zsh("todo edit 1 esti").buffer == "todo edit 1 estimate:")
    }
}

/// Filter keys and their modifiers complete in every shell, from `FilterKey.all`.
@Suite struct FilterModifierCompletionTests {
    let shells: CompletionTests
    init() throws {
        shells = try CompletionTests()
        var todo = Todo(id: 1, uuid: UUID(), name: "a", createdAt: FixedClock.epoch)
        todo.tags = ["home"]
        try shells.box.write(TodoState(todos: [todo]))
    }

    static let dateModifiers = [
        "due.is:", "due.isnt:", "due.not:", "due.any:", "due.none:", "due.before:", "due.after:", "due.by:"
    ]

    @Test func bash() throws {
        #expect(try shells.bash("todo", "list", "urg") == ["urgency.before:", "urgency.after:", "urgency.by:"])
        #expect(try shells.bash("todo", "list", "name.h") == ["name.has:", "name.hasnt:"])
        #expect(try shells.bash("todo", "list", "status:") == ["status:pending", "status:waiting", "status:completed"])
        #expect(try shells.bash("todo", "list", "status.not:w") == ["status.not:waiting"])
        #expect(try shells.bash("todo", "list", "tags.has:h") == ["tags.has:home"])
        #expect(
            try shells.bash("todo", "list", "wait.by:eo") == [
                "wait.by:eod", "wait.by:eow", "wait.by:eom", "wait.by:eoy"
            ])
        #expect(try shells.bash("todo", "add", "x", "stat") == [])
        #expect(try shells.bash("todo", "list", "+WE") == ["+WEEK"])
    }

    @Test func fish() throws {
        #expect(try shells.fish("todo list urg") == ["urgency.after:", "urgency.before:", "urgency.by:"])
        #expect(try shells.fish("todo list status:") == ["status:completed", "status:pending", "status:waiting"])
        #expect(try shells.fish("todo list tags.has:h") == ["tags.has:home"])
        #expect(try shells.fish("todo list +UNS") == ["+UNSYNCED"])
    }

    @Test func zsh() throws {
        #expect(try shells.zsh("todo list status:comp").buffer == "todo list status:completed ")
        #expect(try shells.zsh("todo list name.hasn").buffer == "todo list name.hasnt:")
        #expect(try shells.zsh("todo list +QUA").buffer == "todo list +QUARTER ")
    }
}
