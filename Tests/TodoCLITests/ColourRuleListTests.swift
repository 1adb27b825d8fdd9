import Foundation
import Testing

/// Taskwarrior's colour rules (issue 40) through the built binary: `color.…` settings colour
/// the rows of list, next and reports only when there is colour, and never data for programs.
@Suite struct ColourRuleListTests {
    let box: Sandbox
    static let escape = "\u{1B}["

    /// Three todos: one tagged shop in the project Home.garden, one plain, one overdue; rules
    /// for the tag (bold red on blue), the project (underline) and overdue (color9).
    init() throws {
        box = try Sandbox(.binary)
        try box.run("add", "buy milk", "+shop", "project:Home.garden")
        try box.run("add", "plain")
        try box.run("add", "late", "due:yesterday")
        for (key, value) in [
            ("color.tag.shop", "bold red on blue"), ("color.project.Home", "underline"), ("color.overdue", "color9")
        ] {
            #expect(try box.run("config", key, value) == RunResult(stdout: "", stderr: "", status: 0))
        }
    }

    /// The table the rules colour: a matched row whole in the rules' blend (the tag's colour
    /// over the project's underline), the plain row in todo's own style.
    static let coloured = """
        \u{1B}[38;5;9m3 [ ] late  1d overdue\u{1B}[0m
        \u{1B}[1m2\u{1B}[0m [ ] plain
        \u{1B}[1;4;31;44m1 [ ] buy milk  Home.garden +shop\u{1B}[0m

        """

    @Test func rulesColourTheRowsTheyMatch() throws {
        #expect(try box.run("list", "--color", "always") == RunResult(stdout: Self.coloured, stderr: "", status: 0))
        // For one command: the tag's colour replaced, the project's underline kept.
        let green = try box.run("list", "--color", "always", "rc.color.tag.shop=green").stdout
        #expect(green.hasSuffix("\u{1B}[4;32m1 [ ] buy milk  Home.garden +shop\u{1B}[0m\n"))
        // A precedence that puts project. above tag.: the project's colour, now blue, wins.
        let projectFirst = try box.run(
            "list", "--color", "always", "rc.rule.precedence.color=project.,tag.",
            "rc.color.project.Home=underline blue")
        #expect(projectFirst.stdout.hasSuffix("\u{1B}[1;4;34;44m1 [ ] buy milk  Home.garden +shop\u{1B}[0m\n"))
        #expect(try box.run("next", "--color", "always").stdout.contains("\u{1B}[1;4;31;44m1 "))
    }

    @Test func noColourNoEscapes() throws {
        let plain = "3 [ ] late  1d overdue\n2 [ ] plain\n1 [ ] buy milk  Home.garden +shop\n"
        #expect(try box.run("list") == RunResult(stdout: plain, stderr: "", status: 0))
        #expect(try box.run("list", "--color", "never") == RunResult(stdout: plain, stderr: "", status: 0))
        for environment in [["NO_COLOR": "1"], [:]] {
            let arguments = environment.isEmpty ? ["list", "rc.color=off"] : ["list"]
            let shown = try box.runOnTerminal(arguments, environment: environment.merging(["COLUMNS": "80"]) { $1 })
                .stdout
            #expect(!shown.contains(Self.escape), "\(environment) \(arguments)")
            #expect(shown.contains("buy milk"))
        }
        // --color always is the more specific wish, over NO_COLOR and color=off alike.
        #expect(
            try box.run(["list", "--color", "always", "rc.color=off"], environment: ["NO_COLOR": "1"]).stdout
                == Self.coloured)
        #expect(try box.run("config", "color", "off").status == 0)
        #expect(!(try box.runOnTerminal(["list"], environment: ["COLUMNS": "80"]).stdout).contains(Self.escape))
        #expect(
            try box.run("config", "color", "maybe")
                == RunResult(
                    stdout: "", stderr: "todo: color must be on or off (also yes/no, true/false, 1/0), not \"maybe\"\n",
                    status: 2))
    }

    @Test func dataForProgramsStaysExact() throws {
        let json = try box.run("list", "--json")
        #expect(json.status == 0)
        #expect(try box.run("list", "--json", "--color", "always") == json)
        for arguments in [["list", "--ids"], ["list", "--format", "{id} {name}"], ["export"], ["show", "1"]] {
            #expect(!(try box.run(arguments + ["--color=always"]).stdout).contains(Self.escape), "\(arguments)")
        }
    }

    @Test func aReportsRowsAreColouredToo() throws {
        #expect(try box.run("config", "report.mine.columns", "id,description").status == 0)
        #expect(
            try box.run("mine", "--color", "always")
                == RunResult(
                    stdout: """
                        \u{1B}[4mID\u{1B}[0m \u{1B}[4mDescription\u{1B}[0m
                        \u{1B}[38;5;9m 3 late\u{1B}[0m
                         2 plain
                        \u{1B}[1;4;31;44m 1 buy milk\u{1B}[0m

                        """, stderr: "", status: 0))
    }

    @Test func blockedRowsAreFoundAmongAllTodos() throws {
        try box.run("add", "after", "depends:2")
        #expect(try box.run("config", "color.blocking", "cyan").status == 0)
        #expect(try box.run("list", "--color", "always", "2").stdout == "\u{1B}[36m2 [ ] plain\u{1B}[0m\n")
    }

    @Test func aBadValueIsRefusedInOneLine() throws {
        let rule =
            """
            one of black, red, green, yellow, blue, magenta, cyan, white, colorN, rgbRGB or grayN, with bold, \
            underline, inverse and on COLOUR
            """
        #expect(
            try box.run("config", "color.tag.urgent", "bold purple")
                == RunResult(
                    stdout: "", stderr: "todo: color.tag.urgent: \"purple\" is not a colour: \(rule)\n", status: 2))
        #expect(
            try box.run("list", "rc.color.due=color300")
                == RunResult(
                    stdout: "", stderr: "todo: color.due: \"color300\" is not a colour: \(rule)\n", status: 2))
        #expect(
            try box.run("config", "rule.precedence.color", "tag.,heading").stderr.hasPrefix(
                "todo: rule.precedence.color: \"heading\" names no rule;"))
        // A bad value in the file itself: the command that would draw it says which key, in one line.
        let config = box.directory + "/.config/todo/config.json"
        let text = try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(
            of: "\"color9\"", with: "\"colour9\"")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(
            try box.run("list", "--color", "always")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        \u{1B}[31mtodo: config file \(config): color.overdue: "colour9" is not a colour: \
                        \(rule)\u{1B}[0m\n
                        """,
                    status: 1))
        // Without colour the rules are not read, so a list still works.
        #expect(try box.run("list").status == 0)
    }

    @Test func configShowsAndUnsetsRules() throws {
        let shown = try box.run("config").stdout
        #expect(
            shown.contains(
                "color.overdue = color9\ncolor.project.Home = underline\ncolor.tag.shop = bold red on blue\n"))
        #expect(
            try box.run("config", "color.tag.shop") == RunResult(stdout: "bold red on blue\n", stderr: "", status: 0))
        #expect(try box.run("config", "--unset", "color.tag.shop").status == 0)
        #expect(
            try box.run("list", "--color", "always").stdout.hasSuffix(
                "\u{1B}[4m1 [ ] buy milk  Home.garden +shop\u{1B}[0m\n"))
    }
}
