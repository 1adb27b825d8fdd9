import Foundation
import Testing
import TodoCLI

/// Colour only on a terminal, never with NO_COLOR or --color=never; --color=always forces it.
@Suite struct ColorTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "active one")
        try box.run("add", "done one")
        try box.run("toggle", "2")
    }

    static let escape = "\u{1B}["

    func onTerminal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String {
        try box.runOnTerminal(arguments, environment: environment).stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func aTerminalGetsBoldNumbersAndDimCompletedTodos() throws {
        let text = try onTerminal(["list", "--all"], ["COLUMNS": "80"])
        #expect(
            text.hasPrefix("\u{1B}[1m1\u{1B}[0m [ ] active one\n\u{1B}[1m2\u{1B}[0m\u{1B}[2m [x] done one\u{1B}[0m\n"))
    }

    @Test func noColorNeverAndDumbTerminalsGetNone() throws {
        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            #expect(!(try onTerminal(["list"], environment)).contains(Self.escape), "\(environment)")
        }
        #expect(!(try onTerminal(["list", "--color=never"])).contains(Self.escape))
        #expect(!(try onTerminal(["--color", "never", "toggle", "9"])).contains(Self.escape))
    }

    @Test func aPipeGetsNoneUnlessForced() throws {
        for arguments in [
            ["list"], ["list", "--color", "auto"], ["show", "1"], ["list", "--json"], ["toggle", "1"], ["undo"],
            ["export"]
        ] {
            let result = try box.run(arguments)
            #expect(result.status == 0)
            #expect(!result.stdout.contains(Self.escape), "\(arguments)")
        }
        #expect(!(try box.run("toggle", "9").stderr).contains(Self.escape))
        #expect(
            try box.run("list", "--all", "--color=always").stdout
                == "\u{1B}[1m1\u{1B}[0m [ ] active one\n\u{1B}[1m2\u{1B}[0m\u{1B}[2m [x] done one\u{1B}[0m\n")
        // --color=always is the more specific wish, so it wins over NO_COLOR.
        #expect(try box.run(["list", "--color=always"], environment: ["NO_COLOR": "1"]).stdout.contains(Self.escape))
        // Data meant for other programs never carries colour.
        for arguments in [["list", "--ids"], ["list", "--format", "{id} {name}"], ["list", "--json"], ["export"]] {
            #expect(!(try box.run(arguments + ["--color=always"]).stdout).contains(Self.escape), "\(arguments)")
        }
        #expect(
            try box.run("list", "--color=sometimes").stderr.hasPrefix(
                "todo: 'sometimes' is not a valid when for '--color' (choose from auto, always, never)\n"))
    }

    @Test func errorsAreRedOnATerminal() throws {
        #expect(try onTerminal(["toggle", "9"]) == "\u{1B}[31mtodo: no todo #9\u{1B}[0m\n")
        #expect(try onTerminal(["toggle", "9"], ["NO_COLOR": "1"]) == "todo: no todo #9\n")
    }
}
