import Foundation
import Testing
import TodoCLI

@Suite struct UsageTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    @Test func unknownCommandSuggestsAndExits2() throws {
        #expect(
            try box.run("lsit")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: 'lsit' is not a todo command
                        Did you mean 'list'?
                        usage: todo <command> [<args>] [--file PATH] [--json]
                        See 'todo --help'.

                        """, status: 2))
        #expect(try box.run("frobnicate").stderr.contains("Did you mean") == false)
    }

    /// `--name=VALUE` splits at the first '=' scalar, even when the value starts with a
    /// combining mark that joins the '=' into one Character (found by FuzzArguments).
    @Test func anInlineValueMayStartWithACombiningMark() throws {
        let parsed = try parse(["edit", "1", "--name=\u{301}x", "--notes=\u{65A}"]).get()
        #expect(parsed.options == ["name": ["\u{301}x"], "notes": ["\u{65A}"]])
        #expect(parsed.arguments == ["1"])
    }

    @Test func unknownOptionNamesTheCommand() throws {
        #expect(
            try box.run("add", "x", "--note", "y")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: unknown option '--note' for 'add'
                        Did you mean '--notes'?
                        usage: todo add NAME... [--description TEXT] [--notes TEXT] [--tag TAG] [--project NAME] \
                        [--priority H|M|L] [--due DATE] [--wait DATE] [--scheduled DATE] [--start DATE] [--depends \
                        IDS] [--recur RULE] [--until DATE]
                        See 'todo add --help'.

                        """, status: 2))
        #expect(box.fileBytes() == nil)
        #expect(try box.run("done", "-z", "1").status == 2)
        // Where words may be tags, -z is one: list the todos not tagged z.
        #expect(try box.run("list", "-z").status == 0)
    }

    @Test func badValuesAndMissingArguments() throws {
        let filter = try box.run("list", "--filter", "actve")
        #expect(filter.status == 2)
        #expect(
            filter.stderr.hasPrefix(
                """
                todo: 'actve' is not a valid filter for '--filter' (choose from all, active, completed, unsynced)\n\
                Did you mean 'active'?\n
                """
            ))
        #expect(try box.run("list", "--filter").stderr.hasPrefix("todo: option '--filter' needs a value (FILTER)\n"))
        #expect(try box.run("show").stderr.hasPrefix("todo: 'show' needs ID\nusage: todo show ID\n"))
        #expect(try box.run("show", "1", "2").stderr.hasPrefix("todo: unexpected argument '2' for 'show'\n"))
        #expect(try box.run("toggle").status == 2)
        #expect(try box.run("list", "--json=yes").stderr.hasPrefix("todo: option '--json' takes no value\n"))
        #expect(try box.run("undo", "--lock-timeout", "3").status == 2)
    }

    @Test func editWithoutOptionsOffATerminalIsAUsageError() throws {
        try box.run("add", "x")
        #expect(
            try box.run("edit", "1")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: 'edit' needs words or options (+TAG, due:DATE, --name TEXT, …) when not run on a \
                        terminal\n
                        """,
                    status: 2))
    }

    @Test func helpForEveryCommandBothWays() throws {
        let general = try box.run("--help")
        #expect(general.status == 0)
        #expect(try box.run("help") == general)
        #expect(try box.run("-h") == general)
        for command in CommandTable.commands where !command.hidden {
            let listed =
                general.stdout.contains("\n  \(command.name) ") || general.stdout.contains("\n  \(command.name), ")
            #expect(listed == command.everyday, "\(command.name)")
            #expect(try box.run("help", "commands").stdout.contains("  \(command.name)"), "\(command.name)")
            let viaFlag = try box.run(command.name, "--help")
            #expect(viaFlag.status == 0)
            // The usage, wrapped to the width at blanks.
            let usage = viaFlag.stdout.components(separatedBy: "\n\n")[0]
            #expect(usage.split(whereSeparator: \.isWhitespace).joined(separator: " ") == "usage: \(command.usage)")
            // The help topic commands is what help commands shows; every other name, the command's.
            let help = try box.run("help", command.name)
            if command.name == "commands" {
                #expect(help.stdout.hasPrefix("Commands:\n"))
            } else {
                #expect(help == viaFlag)
            }
            for option in command.options { #expect(viaFlag.stdout.contains("--\(option.long)")) }
        }
        #expect(
            try box.run("help", "nope")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: no help for 'nope': not a todo command or help topic (commands, filter, options, \
                        grammar, dates, todotxt, exit-status, environment, hooks, colours).\n
                        """,
                    status: 2))
        #expect(
            try box.run("help", "todotxt").stdout.hasPrefix(
                "todo reads words as Taskwarrior does unless the todo.txt dialect is chosen"))
        #expect(try box.run("help", "contexts") == box.run("help", "context"))
        #expect(try box.run("help", "dates").stdout.contains("someday"))
        #expect(try box.run("help", "filters") == box.run("help", "filter"))
        #expect(try box.run("help", "grammar").stdout.hasPrefix("todo COMMAND [ARGS] runs a command, as git does;"))
        #expect(try box.run("ls", "--help").stdout.hasPrefix("usage: todo list"))
    }

    @Test func defaultStateFileFollowsXDGThenHome() throws {
        let xdg = box.directory + "/xdg"
        var environment = box.baseEnvironment
        environment["TODO_FILE"] = nil
        environment["XDG_DATA_HOME"] = xdg
        try box.run(["add", "x"], onlyEnvironment: environment)
        #expect(FileManager.default.fileExists(atPath: xdg + "/todo/todos.json"))
        environment["XDG_DATA_HOME"] = nil
        try box.run(["add", "y"], onlyEnvironment: environment)
        let homeFile = box.directory + "/.local/share/todo/todos.json"
        #expect(FileManager.default.fileExists(atPath: homeFile))
        let attributes = try FileManager.default.attributesOfItem(atPath: homeFile)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        environment["HOME"] = nil
        let lost = try box.run(["list"], onlyEnvironment: environment)
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("set HOME, XDG_DATA_HOME or TODO_FILE"))
    }
}
