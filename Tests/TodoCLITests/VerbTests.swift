import Foundation
import Testing
import TodoCore
@testable import TodoCLI

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
        #expect(
            try box.run("done", "1", "2")
                == RunResult(
                    stdout: "#1 \"buy milk\" is already completed\nCompleted #2 \"call mom\"\n", stderr: "", status: 0))
        #expect(try box.state().todos[0] == completed)
        #expect(try box.run("done", "-q", "1") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try box.run("done", "3") == RunResult(stdout: "", stderr: "todo: no todo #3\n", status: 1))
        #expect(try box.run("undo").stdout == "Undid: complete #1, #2\n")
        #expect(try box.state().todos.map(\.completed) == [true, false])
    }

    @Test func reopenIsTheReverse() throws {
        try box.run("done", "1")
        #expect(
            try box.run(["reopen", "-", "2"], stdin: "1\n")
                == RunResult(
                    stdout: "Reopened #1 \"buy milk\"\n#2 \"call mom\" is already active\n", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.completed) == [false, false])
        let json = try #require(try parseJSON(try box.run("reopen", "2", "--json").stdout) as? [[String: Any]])
        #expect(json.map { $0["id"] as? Int } == [2])
        #expect(try box.run("toggle", "2").stdout == "Completed #2 \"call mom\"\n")
    }

    @Test func annotateAddsADatedLineInTheLocalTimeZone() throws {
        try box.run("edit", "1", "--notes", "2 litres")
        let kolkata = ["TZ": "Asia/Kolkata"]
        #expect(
            try box.run(["annotate", "1", "shop", "was", "shut"], environment: kolkata)
                == RunResult(
                    stdout: "Annotated #1 \"buy milk\"\n", stderr: "", status: 0))
        #expect(try box.run(["annotate", "1", "bought it"], environment: kolkata).status == 0)
        let todo = try box.state().todos[0]
        #expect(todo.notes == "2 litres")
        #expect(todo.annotations.map(\.text) == ["shop was shut", "bought it"])
        let second = todo.updatedAt.timeIntervalSince1970.rounded(.down)
        #expect([second, second + 1].contains(todo.annotations.last!.at.timeIntervalSince1970))
        #expect(
            try box.run("annotate", "1", " ")
                == RunResult(stdout: "", stderr: "todo: 'annotate' needs TEXT that is not blank\n", status: 2))
    }

    @Test(arguments: [
        ("complete", "done"), ("finish", "done"), ("undone", "reopen"), ("uncomplete", "reopen"), ("note", "annotate"),
        ("remove", "delete"), ("denotat", "denotate"), ("unannotate", "denotate"), ("deannotate", "denotate"),
        ("undelete", "undo"), ("unstart", "stop"), ("information", "show"), ("synchronize", "sync"),
        ("DENOTAT", "denotate")
    ])
    func habitsFromOtherToolsAreAnsweredWithOurVerb(typed: String, suggested: String) throws {
        #expect(
            try box.run(typed, "1")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: '\(typed)' is not a todo command
                        Did you mean '\(suggested)'?
                        usage: todo <command> [<args>] [--file PATH] [--json]
                        See 'todo --help'.

                        """, status: 2))
    }

    /// The whole answer, for the habits people type most.
    @Test func aHabitIsAnsweredWithTheCommandAndChangesNothing() throws {
        let before = box.fileBytes()
        for (typed, suggested) in [("denotat", "denotate"), ("complete", "done"), ("remove", "delete")] {
            #expect(
                try box.run(typed, "1", "x")
                    == RunResult(
                        stdout: "",
                        stderr: """
                            todo: '\(typed)' is not a todo command
                            Did you mean '\(suggested)'?
                            usage: todo <command> [<args>] [--file PATH] [--json]
                            See 'todo --help'.

                            """, status: 2))
        }
        #expect(box.fileBytes() == before)
    }

    /// A word that undoes a command (un-, de-, dis-) is never answered with that command:
    /// `undelete` must not suggest `delete`. Nor is a choice's negation (`--filter uncompleted`).
    @Test func aNegationNeverSuggestsWhatItNegates() throws {
        for command in CommandTable.commands where !command.hidden {
            for word in command.words {
                for negation in ["un", "de", "dis"].map({ $0 + word }) {
                    let suggested = suggestedCommand(for: negation).flatMap { CommandTable.command(named: $0)?.name }
                    #expect(suggested != command.name, "\(negation) suggests \(suggested ?? "-")")
                }
            }
        }
        #expect(try box.run("list", "--filter", "uncompleted").stderr.contains("Did you mean") == false)
        #expect(try box.run("help", "undelete").stderr.hasSuffix("Did you mean 'undo'?\n"))
    }

    /// Every command word, mistyped (a letter dropped, two swapped), suggests its own command;
    /// every habit suggests its command and is no command's word or another command's habit.
    @Test func nearSpellingsAndHabitsSuggestTheirOwnCommand() throws {
        let visible = CommandTable.commands.filter { !$0.hidden }
        for command in visible {
            for word in command.words where word.count >= 4 {
                let letters = Array(word)
                let swapped = String(letters[0..<1] + [letters[2], letters[1]] + letters[3...])
                for typo in [String(word.dropLast()), String(word.dropFirst()), swapped] {
                    // A typo as near to another command's word (ids and _ids, calc and calendar)
                    // or a habit (complete) may suggest that one.
                    let others = visible.filter { $0.name != command.name }
                    let ambiguous = others.contains { other in
                        other.habits.contains(typo)
                            || other.words.contains { editDistance(typo, $0) <= editDistance(typo, word) }
                    }
                    if ambiguous { continue }
                    #expect(
                        suggestedCommand(for: typo).flatMap { CommandTable.command(named: $0)?.name } == command.name,
                        "\(typo)")
                }
            }
            for habit in command.habits {
                #expect(CommandTable.command(named: habit) == nil, "\(habit) is a command word")
                #expect(suggestedCommand(for: habit) == command.name, "\(habit)")
                #expect(visible.filter { $0.habits.contains(habit) }.count == 1, "\(habit) is a habit of two commands")
            }
        }
    }

    @Test func hiddenCommandsAreNeverSuggested() throws {
        for word in ["complete", "__complet", "_complete", "__ma", "__mann"] {
            // Words that are no command search the default report (here finding nothing: exit
            // 1), unless they are one typo from a command: neither may lead to a hidden one.
            let result = try box.run(word)
            #expect(result.status == (word == "complete" ? 2 : 1))
            #expect(!result.stderr.contains("Did you mean '_"), "\(word): \(result.stderr)")
            let help = try box.run("help", word)
            #expect(!help.stderr.contains("Did you mean '_"), "\(word)")
        }
        #expect(try box.run("help", "complete").stderr.hasSuffix("Did you mean 'done'?\n"))
    }
}
