import Foundation
import Testing
import TodoCLI

/// Help fits the terminal: wrapped to its width (80 in a pipe), `todo --help` on one screen
/// with the commands first, and the global options in one place.
@Suite struct HelpLayoutTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    static let pages: [[String]] =
        [["--help"], ["help", "options"], ["help", "exit-status"], ["help", "environment"]]
        + CommandTable.commands.filter { !$0.hidden }.map { ["help", $0.name] }

    func widest(_ text: String) -> Int {
        text.components(separatedBy: "\n").map(\.count).max() ?? 0
    }

    @Test(arguments: [40, 60, 200])
    func everyPageFitsTheTerminal(columns: Int) throws {
        var widestLine = 0
        for page in Self.pages {
            let result = try box.runOnTerminal(page, environment: ["COLUMNS": String(columns)])
            #expect(result.status == 0)
            let text = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(widest(text) <= columns, "\(page) at \(columns) columns:\n\(text)")
            widestLine = max(widestLine, widest(text))
            #expect(
                try box.run(page, environment: ["COLUMNS": String(columns)]).stdout == text, "a pipe with COLUMNS set")
        }
        // The width is used, not merely respected: lines grow with the terminal, up to 100.
        #expect(widestLine > min(columns, 100) - 10)
    }

    @Test func aPipeGetsEightyColumns() throws {
        for page in Self.pages {
            let text = try box.run(page).stdout
            #expect(widest(text) <= 80, "\(page)")
        }
        #expect(widest(try box.run("help", "list").stdout) > 70)
    }

    @Test func generalHelpFitsOneScreenWithTheCommandsFirst() throws {
        let lines = try box.run("--help").lines
        #expect(lines.count <= 23)
        #expect(lines[0] == "usage: todo <command> [<args>] [<options>]")
        #expect(lines[2].hasPrefix("  add, a "))
        #expect(lines.last?.hasSuffix("exit-status, environment, hooks, colours), man todo.") == true)
        let all = try box.run("help", "commands").lines
        for command in CommandTable.commands {
            let row = "  " + ([command.name] + command.aliases).joined(separator: ", ") + " "
            #expect(lines.contains { $0.hasPrefix(row) } == (!command.hidden && command.everyday), "\(command.name)")
            #expect(all.contains { $0.hasPrefix(row) } == !command.hidden, "\(command.name)")
        }
        #expect(!lines.contains { $0.contains("--quiet") || $0.contains("Exit status") })
    }

    @Test func globalOptionsAreListedOnceInTheirOwnTopic() throws {
        let options = try box.run("help", "options")
        #expect(options.status == 0)
        for option in CommandTable.globalOptions {
            #expect(options.lines.filter { $0.hasPrefix("  \(option.synopsis) ") }.count == 1, "--\(option.long)")
        }
        let list = try box.run("help", "list").stdout
        #expect(!list.contains("--version"))
        #expect(list.hasSuffix("\nGlobal options (--file, --json, --quiet, ...): todo help options.\n"))
        #expect(try box.run("help", "exit-status").stdout.contains("\n  2  usage error: unknown command or option"))
        #expect(
            try box.run("help", "environment").lines.contains {
                $0.hasPrefix("  TZ  ") && $0.contains("The time zone dates are shown in")
            })
    }
}
