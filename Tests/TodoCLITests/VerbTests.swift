import Foundation
import Testing
import TodoCore

/// The verbs people type: done, reopen, annotate; and the habits they bring from other tools.
@Suite struct VerbTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "buy milk")
        try box.run("add", "call mom")
    }

    @Test func doneTwiceLeavesTheTodoCompletedAndSaysSo() throws {
        #expect(try box.run("done", "1") == RunResult(stdout: "Completed #1 \"buy milk\"\n", stderr: "", status: 0))
        let completed = try box.state().todos[0]
        #expect(completed.completed)
        #expect(try box.run("done", "1", "2") == RunResult(
            stdout: "#1 \"buy milk\" is already completed\nCompleted #2 \"call mom\"\n", stderr: "", status: 0))
        #expect(try box.state().todos[0] == completed)
        #expect(try box.run("done", "-q", "1") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.run("done", "3") == RunResult(stdout: "", stderr: "todo: no todo #3\n", status: 1))
        #expect(try box.run("undo").stdout == "Undid: complete #1, #2\n")
        #expect(try box.state().todos.map(\.completed) == [true, false])
    }

    @Test func reopenIsTheReverse() throws {
        try box.run("done", "1")
        #expect(try box.run(["reopen", "-", "2"], stdin: "1\n") == RunResult(
            stdout: "Reopened #1 \"buy milk\"\n#2 \"call mom\" is already active\n", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.completed) == [false, false])
        let json = try #require(try parseJSON(try box.run("reopen", "2", "--json").stdout) as? [[String: Any]])
        #expect(json.map { $0["id"] as? Int } == [2])
        #expect(try box.run("toggle", "2").stdout == "Completed #2 \"call mom\"\n")
    }

    @Test func annotateAddsADatedLineInTheLocalTimeZone() throws {
        try box.run("edit", "1", "--notes", "2 litres")
        let kolkata = ["TZ": "Asia/Kolkata"]
        #expect(try box.run(["annotate", "1", "shop", "was", "shut"], environment: kolkata) == RunResult(
            stdout: "Annotated #1 \"buy milk\"\n", stderr: "", status: 0))
        #expect(try box.run(["append", "1", "bought it"], environment: kolkata).status == 0)
        let todo = try box.state().todos[0]
        #expect(todo.notes == "2 litres")
        #expect(todo.annotations.map(\.text) == ["shop was shut", "bought it"])
        let second = todo.updatedAt.timeIntervalSince1970.rounded(.down)
        #expect([second, second + 1].contains(todo.annotations.last!.at.timeIntervalSince1970))
        #expect(try box.run("annotate", "1", " ") == RunResult(stdout: "", stderr: "todo: 'annotate' needs TEXT that is not blank\n", status: 2))
    }

    @Test(arguments: [("complete", "done"), ("do", "done"), ("finish", "done"), ("undone", "reopen"), ("uncomplete", "reopen"), ("note", "annotate"), ("remove", "delete")])
    func habitsFromOtherToolsAreAnsweredWithOurVerb(typed: String, suggested: String) throws {
        #expect(try box.run(typed, "1") == RunResult(stdout: "", stderr: """
            todo: '\(typed)' is not a todo command
            Did you mean '\(suggested)'?
            usage: todo <command> [<args>] [--file PATH] [--json]
            See 'todo --help'.

            """, status: 2))
    }

    @Test func hiddenCommandsAreNeverSuggested() throws {
        for word in ["complete", "__complet", "_complete", "__ma", "__mann"] {
            // Words that are no command search the default report, unless they are one
            // typo from a command: neither may lead to a hidden one.
            let result = try box.run(word)
            #expect(result.status == (word == "complete" ? 2 : 0))
            #expect(!result.stderr.contains("Did you mean '_"), "\(word): \(result.stderr)")
            let help = try box.run("help", word)
            #expect(!help.stderr.contains("Did you mean '_"), "\(word)")
        }
        #expect(try box.run("help", "complete").stderr.hasSuffix("Did you mean 'done'?\n"))
    }
}
