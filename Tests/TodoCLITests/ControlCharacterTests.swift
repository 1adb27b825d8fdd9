import Foundation
import Testing
import TodoCore

/// Names arrive by sync and import from other people's files and servers: what is shown to a
/// person never carries their control characters raw, and one error stays one line, while
/// output for programs keeps every byte.
@Suite struct ControlCharacterTests {
    let box: Sandbox
    /// OSC (retitles the terminal), CSI (turns it red), BEL, backspace and a newline.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{08}\u{08}X\nsecond line\u{9B}2J"
    static let shown = #"\x1b]0;pwned\x07\x1b[31mred\x08\x08X\nsecond line\u{9b}2J"#

    init() throws {
        box = try Sandbox()
        try box.run(
            ["batch"],
            stdin:
                #"""
                {"action": "add", "name": "\u001b]0;pwned\u0007\u001b[31mred\b\bX\nsecond line\u009b2J", \#
                "description": "ok\n\u001b[2Jcleared", "notes": "bell\u0007"}
                """#
                    + "\n")
        #expect(try box.state().todos[0].name == Self.hostile)
    }

    /// Fails when `text` holds a control character other than a line end.
    func expectNoControls(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\r") || (0x7F...0x9F).contains($0.value)
        }
        #expect(
            raw.isEmpty,
            "raw control characters \(raw.map { String($0.value, radix: 16) }) in \(text.debugDescription)",
            sourceLocation: sourceLocation)
    }

    func onTerminal(_ arguments: [String]) throws -> RunResult {
        var result = try box.runOnTerminal(arguments, environment: ["NO_COLOR": "1", "COLUMNS": "200", "TZ": "UTC"])
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    @Test func listAndShowEscapeThemOnATerminal() throws {
        let list = try onTerminal(["list"])
        #expect(list.stdout == "1 [ ] \(Self.shown)\n1 todo: 1 active, 0 completed\n")
        let show = try onTerminal(["show", "1"])
        expectNoControls(show.stdout)
        #expect(show.stdout.contains("Name:         \(Self.shown)\n"))
        #expect(show.stdout.contains("Description:  ok\n              \\x1b[2Jcleared\n"))
        #expect(show.stdout.contains("Notes:        bell\\x07\n"))
        for arguments in [
            ["toggle", "1"], ["undo"], ["done", "1"], ["reopen", "1"], ["annotate", "1", "\u{1B}[2J"], ["delete", "1"],
            ["undo"]
        ] {
            let result = try onTerminal(arguments)
            #expect(result.status == 0, "\(arguments)")
            expectNoControls(result.stdout)
        }
        #expect(try onTerminal(["done", "1"]).stdout == "Completed #1 \"\(Self.shown)\"\n")
        #expect(
            try onTerminal(["undo"]).stdout
                == "Undid: complete #1 \"\(#"\x1b]0;pwned\x07\x1b[31mred\x08\x08X second line\u{9b}2J"#)\"\n")
    }

    @Test func errorsQuoteInputEscapedOnOneLine() throws {
        #expect(
            try box.run("show", "1\n2")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: "1\\n2" is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more \
                        hex digits of a UUID\n
                        """,
                    status: 2))
        let command = try box.run("\u{1B}]0;T\u{07}", "add", "x")
        #expect(
            command.stderr.hasPrefix(
                "todo: 'add' takes no IDs or filter before it (\"\\x1b]0;T\\x07\"); put its words after it\n"))
        expectNoControls(command.stderr)
        #expect(
            try box.run("list", "--filter", "\u{1B}[31m").stderr.hasPrefix("todo: '\\x1b[31m' is not a valid filter"))
        #expect(try box.run("help", "x\u{08}y").stderr.hasPrefix("todo: no help for 'x\\x08y':"))
        let batch = try box.run(["batch"], stdin: #"{"action": "add", "name\u001b[2J": "x"}"# + "\n")
        #expect(
            batch
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: line 1: "name\\x1b[2J" is not a field of add (its fields: name, description, notes, \
                        tags, project, priority, due, wait, scheduled, start, depends, recur, until); nothing applied\n
                        """,
                    status: 2))
        let file = box.directory + "/bad\nname.json"
        #expect(
            try box.run("import", file).stderr
                == "todo: cannot read \(box.directory)/bad\\nname.json: no such file, or not a readable file\n")
        let terminal = try onTerminal(["show", "\u{1B}]0;T\u{07}"])
        expectNoControls(terminal.stdout)
        #expect(terminal.status == 2)
    }

    @Test func outputForProgramsKeepsEveryByte() throws {
        #expect(try box.run("list", "--format", "{name}").stdout == Self.hostile + "\n")
        let json = try #require(try parseJSON(try box.run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["name"] as? String == Self.hostile)
        let export = try #require(try parseJSON(try box.run("export").stdout) as? [String: Any])
        #expect((export["todos"] as? [[String: Any]])?.first?["notes"] as? String == "bell\u{07}")
    }
}
