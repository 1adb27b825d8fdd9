import Foundation
import Testing

/// `todo import --from taskrc`: a Taskwarrior user's settings come along (issues 40 and 41),
/// every one left out is named, and importing again changes nothing.
@Suite struct TaskrcImportTests {
    /// A .taskrc with hooks in Taskwarrior's own folder, attributes, contexts and a colour
    /// theme it includes.
    static func taskrc(in box: Sandbox) throws {
        let home = box.directory
        try FileManager.default.createDirectory(atPath: home + "/.task/hooks", withIntermediateDirectories: true)
        let log = home + "/hook.log"
        try "#!/bin/sh\nread task\necho \"$task\"\necho added >> \(log)\n".write(
            toFile: home + "/.task/hooks/on-add.log", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: home + "/.task/hooks/on-add.log")
        try (1...6).map { "color.tag.t\($0)=red" }.joined(separator: "\n").write(
            toFile: home + "/theme", atomically: true, encoding: .utf8)
        try """
        # mine
        data.location=~/.task
        include theme
        uda.client.type=string
        uda.client.label=Client
        weekstart=monday
        due=abc
        context.work.read=+work
        context.work.write=+work
        confirmation=no

        """.write(toFile: home + "/.taskrc", atomically: true, encoding: .utf8)
    }

    @Test func settingsComeAlongAndHooksRun() throws {
        let box = try Sandbox()
        try Self.taskrc(in: box)
        let home = box.directory
        let result = try box.run("import", "--from", "taskrc")
        #expect(
            result
                == RunResult(
                    stdout:
                        """
                        Imported 12 settings from \(home)/.taskrc: \
                        \((1...6).map { "color.tag.t\($0)=red, " }.joined())uda.client.type=string, \
                        uda.client.label=Client, week-start=monday, context.work=+work, context.work.write=+work, \
                        hooks.location=\(home)/.task/hooks; 2 not carried (named on stderr).\n
                        """,
                    stderr: """
                        not carried: due=abc (\(home)/.taskrc:7): due-days must be a whole number of days from 0 to \
                        366, not 'abc'
                        not carried: confirmation=no (\(home)/.taskrc:10): todo has no such setting

                        """, status: 0))
        let config = home + "/.config/todo/config.json"
        let written = FileManager.default.contents(atPath: config)
        #expect(try box.run("import", "--from", "taskrc", "\(home)/.taskrc").status == 0)
        #expect(FileManager.default.contents(atPath: config) == written)
        #expect(try box.run("add", "call", "back", "client:acme").status == 0)
        #expect(try String(contentsOfFile: home + "/hook.log", encoding: .utf8) == "added\n")
        #expect(try box.state().todos.first?.udas == ["client": "acme"])
    }

    /// Colour rules come along under their own keys, checked; Taskwarrior's colour settings
    /// that are no row rule (a theme's header, calendar) and a value that is no colour are named.
    @Test func colourRulesComeAlongAndTheRestIsNamed() throws {
        let box = try Sandbox()
        let home = box.directory
        let theme =
            (["color.header=color3", "color.footnote=color3", "color.calendar.today=black on red"]
            + (1...3).map { "color.summary.bar\($0)=on green" }).joined(separator: "\n")
        try theme.write(toFile: home + "/theme", atomically: true, encoding: .utf8)
        try """
        include theme
        color=on
        color.tag.urgent=bold red
        color.uda.priority.H=bold white
        color.tag.odd=purple
        rule.precedence.color=deleted,completed,active,keyword.,tag.,project.,overdue,scheduled,due.today,due,blocked,\
        blocking,recurring,tagged,uda.

        """.write(toFile: home + "/.taskrc", atomically: true, encoding: .utf8)
        let precedence =
            """
            deleted,completed,active,keyword.,tag.,project.,overdue,scheduled,due.today,due,blocked,blocking,recurring,\
            tagged,uda.
            """
        let rule =
            """
            one of black, red, green, yellow, blue, magenta, cyan, white, colorN, rgbRGB or grayN, with bold, \
            underline, inverse and on COLOUR
            """
        let expected = RunResult(
            stdout:
                """
                Imported 4 settings from \(home)/.taskrc: color=on, color.tag.urgent=bold red, \
                color.uda.priority.H=bold white, rule.precedence.color=\(precedence); 7 not carried (named on stderr).\n
                """,
            stderr: """
                not carried: 6 settings of \(home)/theme, color.* (6): todo colours the rows of its lists and reports \
                by rules, nothing else
                not carried: color.tag.odd=purple (\(home)/.taskrc:5): color.tag.odd: "purple" is not a colour: \(rule)

                """, status: 0)
        #expect(try box.run("import", "--from", "taskrc") == expected)
        let config = home + "/.config/todo/config.json"
        let written = FileManager.default.contents(atPath: config)
        #expect(try box.run("import", "--from", "taskrc") == expected)
        #expect(FileManager.default.contents(atPath: config) == written)
        try box.run("add", "call", "+urgent")
        #expect(try box.run("list", "--color", "always").stdout == "\u{1B}[1;31m1 [ ] call  +urgent\u{1B}[0m\n")
    }

    @Test func aFileThatCannotBeReadIsAnError() throws {
        let box = try Sandbox()
        #expect(
            try box.run("import", "--from", "taskrc")
                == RunResult(stdout: "", stderr: "todo: cannot read \(box.directory)/.taskrc\n", status: 1))
        try "this is no setting\n".write(toFile: box.directory + "/.taskrc", atomically: true, encoding: .utf8)
        #expect(
            try box.run("import", "--from", "taskrc")
                == RunResult(
                    stdout: "",
                    stderr: "todo: \(box.directory)/.taskrc:1: not KEY=VALUE or include FILE: this is no setting\n",
                    status: 1))
        #expect(
            try box.run("import")
                == RunResult(stdout: "", stderr: "todo: import needs a FILE to read, or '-' for stdin\n", status: 2))
    }

    /// Every urgency setting Taskwarrior 2.6 reads comes along under its key; one it does not
    /// read, urgency.inherit and a value that is no number are named.
    @Test func urgencySettingsComeAlong() throws {
        let box = try Sandbox()
        let home = box.directory
        try """
        urgency.due.coefficient=10.5
        urgency.age.max=100
        urgency.user.tag.next.coefficient=9
        urgency.user.project.home.coefficient=2.2
        urgency.user.keyword.deploy.coefficient=2.5
        urgency.uda.client.coefficient=1.7
        urgency.uda.priority.H.coefficient=7
        urgency.inherit=1
        urgency.next.coefficient=3
        urgency.tags.coefficient=lots

        """.write(toFile: home + "/.taskrc", atomically: true, encoding: .utf8)
        let result = try box.run("import", "--from", "taskrc")
        #expect(
            result
                == RunResult(
                    stdout:
                        """
                        Imported 7 settings from \(home)/.taskrc: urgency.due.coefficient=10.5, urgency.age.max=100, \
                        urgency.user.tag.next.coefficient=9, urgency.user.project.home.coefficient=2.2, \
                        urgency.user.keyword.deploy.coefficient=2.5, urgency.uda.client.coefficient=1.7, \
                        urgency.uda.priority.H.coefficient=7; 3 not carried (named on stderr).\n
                        """,
                    stderr: """
                        not carried: urgency.inherit=1 (\(home)/.taskrc:8): todo's urgency inherits nothing from the \
                        todos a todo blocks
                        not carried: urgency.next.coefficient=3 (\(home)/.taskrc:9): Taskwarrior 2.6 reads no such \
                        urgency setting
                        not carried: urgency.tags.coefficient=lots (\(home)/.taskrc:10): urgency.tags.coefficient must \
                        be a number, as 5 or -1.5, not "lots"

                        """, status: 0))
        #expect(try box.run("config", "urgency.user.tag.next.coefficient").stdout == "9\n")
    }
}

/// A custom report comes along: the columns todo can show, and a note for the rest.
@Suite struct TaskrcReportImportTests {
    @Test func aReportComesAlongWithTheColumnsTodoShows() throws {
        let box = try Sandbox()
        let home = box.directory
        try """
        report.standup.columns=id,start.age,imask,due.julian,description.count
        report.standup.labels=ID,Age,Mask,Due,Description
        report.standup.filter=status:pending +work
        report.standup.sort=due+/,entry+
        report.standup.dateformat=Y-M-D

        """.write(toFile: home + "/.taskrc", atomically: true, encoding: .utf8)
        let result = try box.run("import", "--from", "taskrc")
        #expect(
            result
                == RunResult(
                    stdout:
                        """
                        Imported 4 settings from \(home)/.taskrc: \
                        report.standup.columns=id,start.age,due,description.count, \
                        report.standup.labels=ID,Age,Due,Description, report.standup.filter=status:pending +work, \
                        report.standup.sort=due+/,entry+; 2 not carried (named on stderr).\n
                        """,
                    stderr: """
                        not carried: report.standup.columns=id,start.age,imask,due.julian,description.count \
                        (\(home)/.taskrc:1): todo has no column imask, left out; due.julian is shown as due; the other \
                        columns are kept
                        not carried: report.standup.dateformat=Y-M-D (\(home)/.taskrc:5): todo's reports have no such \
                        setting

                        """, status: 0))
        try box.run("add", "fix bug", "+work", "due:2026-12-10")
        try box.run("add", "read book")
        #expect(
            try box.run("standup")
                == RunResult(
                    stdout: "ID Due        Description\n-- ---------- -----------\n 1 2026-12-10 fix bug\n", stderr: "",
                    status: 0))
        let config = home + "/.config/todo/config.json"
        let written = FileManager.default.contents(atPath: config)
        #expect(try box.run("import", "--from", "taskrc").status == 0)
        #expect(FileManager.default.contents(atPath: config) == written)
    }
}
