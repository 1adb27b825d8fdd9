import Foundation
import Testing
@testable import TodoCLI

/// man/todo.1: lint-clean mdoc that documents every command and option of the table.
@Suite struct ManPageTests {
    static let page = repositoryRoot + "/man/todo.1"

    /// Clean at every level, style included. Only what depends on this machine is left out:
    /// whether the pages in SEE ALSO are installed, and the state of mandoc's database.
    @Test func mandocLintIsClean() throws {
        let lint = try Sandbox.execute(
            try requiredTool("mandoc"), ["-T", "lint", "-W", "all", Self.page], stdin: nil, environment: [:])
        let messages = (lint.stdout + lint.stderr).split(separator: "\n")
            .filter { !$0.contains("referenced manual not found") && !$0.contains("mandoc.db") }
        #expect(messages == [])
    }

    /// The page as `man` shows it, bold and underlining removed.
    func rendered() throws -> String {
        let result = try Sandbox.execute(
            try requiredTool("mandoc"), ["-T", "ascii", Self.page], stdin: nil, environment: [:])
        #expect(result.status == 0)
        return result.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
    }

    @Test func documentsEveryCommandAndOption() throws {
        let text = try rendered()
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"
        ] {
            #expect(text.contains("\n\(section)\n"), "no section \(section)")
        }
        // Each check looks in its own section: the EXAMPLES name every command and many
        // options, and a short alias ("ls", "rm") is inside many words.
        let synopsis = "\n" + section("SYNOPSIS", of: text)
        let commands = squeezed(section("COMMANDS", of: text))
        let withoutExamples = text.replacingOccurrences(of: section("EXAMPLES", of: text), with: "")
        for command in CommandTable.commands where !command.hidden {
            // mdoc nests optional arguments that follow one another: [KEY [VALUE]].
            var words = [command.name]
            var closing = ""
            for argument in command.arguments {
                let name = argument.repeats ? argument.name + " ..." : argument.name
                words.append(argument.optional ? "[" + name : name)
                if argument.optional { closing += "]" }
            }
            let item = "\n     " + words.joined(separator: " ") + closing
            #expect(text.contains(item), "no item for \(command.name)")
            #expect(synopsis.contains("\n     todo \(command.name)"), "no synopsis for \(command.name)")
            if !command.aliases.isEmpty {
                let aliases =
                    (command.aliases.count == 1 ? "Alias: " : "Aliases: ") + command.aliases.joined(separator: ", ")
                    + "."
                #expect(commands.contains(aliases), "no \(aliases) for \(command.name)")
            }
            for option in command.options + CommandTable.globalOptions {
                #expect(withoutExamples.contains("--\(option.long)"), "no --\(option.long) for \(command.name)")
                if let short = option.short { #expect(withoutExamples.contains("-\(short), --\(option.long)")) }
            }
        }
        for command in CommandTable.commands where command.hidden { #expect(!text.contains(command.name)) }
        for (status, _) in ExitStatus.table {
            #expect(
                text.range(of: "\n {5}\(status) +[A-Z]", options: .regularExpression) != nil, "no exit status \(status)"
            )
        }
        for name in ["TODO_FILE", "XDG_DATA_HOME", "TODO_LOCK_TIMEOUT", "VISUAL", "EDITOR"] {
            #expect(text.contains(name))
        }
        #expect(text.contains("todo list --filter completed --json | jq length"))
        #expect(text.contains("| xargs -r todo toggle"))
        #expect(
            text.contains(
                "0 8 * * 1-5 TODO_FILE=$HOME/.local/share/todo/todos.json $HOME/.local/bin/todo list --filter active"))
    }

    /// The text of a section of the rendered page, up to the next heading.
    func section(_ name: String, of text: String) -> String {
        guard let start = text.range(of: "\n\(name)\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n[A-Z][A-Z ]+\n", options: .regularExpression)?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// Runs of blanks and line breaks as one space, so a sentence the page wrapped still matches.
    func squeezed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func cronSyncExampleAppearsWithTheSyncCommand() {
        let withoutSync = CommandTable.commands.filter { $0.name != "sync" }
        #expect(!manExamples(withoutSync, CommandTable.globalOptions).contains { $0.command.contains("todo sync") })
        let sync = CommandSpec(name: "sync", summary: "Sync with the server", plan: SyncCommand.plan)
        let quiet = OptionSpec.flag("quiet", short: "q", "Print nothing but errors.")
        let examples = manExamples(
            withoutSync + [sync], CommandTable.globalOptions.filter { $0.long != "quiet" } + [quiet]
        ).map(\.command)
        #expect(
            examples.contains(
                "*/5 * * * * TODO_FILE=$HOME/.local/share/todo/todos.json $HOME/.local/bin/todo sync --quiet"))
        #expect(
            manExamples(withoutSync + [sync], CommandTable.globalOptions.filter { $0.long != "quiet" }).map(\.command)
                .contains("*/5 * * * * TODO_FILE=$HOME/.local/share/todo/todos.json $HOME/.local/bin/todo sync"))
    }
}
