import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// TAB after `project:`, `due:` and `pri:`, typed at real interactive bash, fish and zsh on a
/// pseudo-terminal: the line must read `project:home`, never `project::home` (bash splits words
/// at the colon and replaces only what follows it).
@Suite struct ColonCompletionTests {
    let shells: CompletionTests
    var box: Sandbox { shells.box }

    init() throws {
        shells = try CompletionTests()
        var todo = Todo(id: 1, uuid: UUID(), name: "a", createdAt: FixedClock.epoch)
        todo.project = "home"
        try box.write(TodoState(todos: [todo]))
    }

    /// Types `line` and `tabs` TABs at `shell` (bash or fish; Fixtures/completion_session.py):
    /// the line after completion, and what the terminal showed (the candidates listed).
    func typed(_ shell: String, _ line: String, tabs: Int = 1, setup: String = "") throws -> (
        buffer: String, screen: String
    ) {
        let script = repositoryRoot + "/completions/" + (shell == "bash" ? "todo.bash" : "todo.fish")
        var environment = box.shellEnvironment
        environment["TERM"] = "xterm"
        let spec: [String: Any] = [
            "shell": shell, "script": script, "env": environment, "setup": setup, "line": line, "tabs": tabs
        ]
        let driver = repositoryRoot + "/Tests/TodoCLITests/Fixtures/completion_session.py"
        let result = try Sandbox.execute(
            try requiredTool("python3"),
            [driver, String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)],
            stdin: nil, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        try #require(result.status == 0, "run 'bash .ci/test-terminal-deps' if pexpect is missing: \(result)")
        let shown = try #require(try parseJSON(result.stdout) as? [String: String])
        return (shown["buffer"] ?? "", shown["screen"] ?? "")
    }

    @Test func bashCompletesAfterTheColonWithoutDoublingIt() throws {
        #expect(try typed("bash", "todo add x project:").buffer == "todo add x project:home ")
        #expect(try typed("bash", "todo add x project:h").buffer == "todo add x project:home ")
        let priorities = try typed("bash", "todo add x pri:", tabs: 2)
        #expect(priorities.buffer == "todo add x pri:")
        #expect(priorities.screen.contains("\nH  L  M"))
        let dates = try typed("bash", "todo add x due:", tabs: 2)
        #expect(dates.buffer == "todo add x due:")
        #expect(dates.screen.contains("tomorrow"))
        #expect(try typed("bash", "todo add x due:tom").buffer == "todo add x due:tomorrow ")
        #expect(try typed("bash", "todo list due.before:").buffer == "todo list due.before:")
        #expect(try typed("bash", "todo edit 1 pri:M").buffer == "todo edit 1 pri:M ")
    }

    @Test func bashWithoutTheColonInWordBreaksCompletesTheWholeWord() throws {
        let setup = "COMP_WORDBREAKS=${COMP_WORDBREAKS//:}"
        #expect(try typed("bash", "todo add x project:", setup: setup).buffer == "todo add x project:home ")
        #expect(try typed("bash", "todo add x pri:", setup: setup).buffer == "todo add x pri:")
        #expect(try typed("bash", "todo add x due:tom", setup: setup).buffer == "todo add x due:tomorrow ")
    }

    @Test func fishCompletesAfterTheColonWithoutDoublingIt() throws {
        #expect(try typed("fish", "todo add x project:").buffer == "todo add x project:home ")
        let priorities = try typed("fish", "todo add x pri:")
        #expect(priorities.buffer == "todo add x pri:")
        #expect(priorities.screen.contains("pri:H"))
        let dates = try typed("fish", "todo add x due:")
        #expect(dates.buffer == "todo add x due:")
        #expect(dates.screen.contains("due:tomorrow"))
        #expect(try typed("fish", "todo add x due:tom").buffer == "todo add x due:tomorrow ")
    }

    @Test func zshCompletesAfterTheColonWithoutDoublingIt() throws {
        #expect(try shells.zsh("todo add x project:").buffer == "todo add x project:home ")
        let priorities = try shells.zsh("todo add x pri:")
        #expect(priorities.buffer == "todo add x pri:")
        #expect(priorities.screen.contains("H  L  M"))
        let dates = try shells.zsh("todo add x due:")
        #expect(dates.buffer == "todo add x due:")
        #expect(dates.screen.contains("tomorrow"))
        #expect(try shells.zsh("todo add x due:tom").buffer == "todo add x due:tomorrow ")
    }
}

/// `project::home` is a doubled colon: a usage error, never a project named `:home`.
@Suite struct DoubledColonTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func aProjectStartingWithAColonIsAUsageError() throws {
        try box.run("add", "keep", "project:home")
        let before = box.fileBytes()
        let rule = "a project is a name without blanks that does not start with ':'"
        #expect(
            try box.run("add", "x", "project::home")
                == RunResult(stdout: "", stderr: "todo: \"project::home\": \(rule)\n", status: 2))
        #expect(
            try box.run("add", "x", "--project", ":home")
                == RunResult(stdout: "", stderr: "todo: --project \":home\": \(rule)\n", status: 2))
        #expect(
            try box.run("edit", "1", "project::work")
                == RunResult(stdout: "", stderr: "todo: \"project::work\": \(rule)\n", status: 2))
        #expect(
            try box.run(["batch"], stdin: #"{"action": "edit", "id": 1, "project": ":work"}"#)
                == RunResult(
                    stdout: "", stderr: "todo: line 1: \"project\": \(rule); nothing applied\n", status: 2))
        #expect(box.fileBytes() == before)
        #expect(try box.run("edit", "1", "project:home:garden").status == 0)
        #expect(try box.state().todos[0].project == "home:garden")
    }
}
