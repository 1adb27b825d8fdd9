import Foundation
import Testing
import TodoCore

/// `todo` on a pseudo-terminal (through script(1)): fitted tables, the summary, the editor.
@Suite struct TerminalTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    func onTerminal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> RunResult {
        // Colour is on by default on a terminal; ColorTests cover it, these check the text.
        var result = try box.runOnTerminal(arguments, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    @Test func listFitsTheTerminalAndEndsWithASummary() throws {
        try box.run("add", "a name that is much too long to fit in thirty columns")
        try box.run("add", "short")
        try box.run("add", "宽字符的名字很长很长很长很长")
        try box.run("toggle", "2")
        // With a server set, '*' marks what is not yet synced (SyncMarkTests: without one).
        let server = ["TODO_SERVER": "https://todo.example.org"]
        let result = try onTerminal(["list", "--all"], ["COLUMNS": "30"].merging(server) { $1 })
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                3 [ ] * 宽字符的名字很长很长…
                1 [ ] * a name that is much t…
                2 [x] * short
                3 todos: 2 active, 1 completed, 3 not synced (*)

                """)
        let piped = try box.run(["list"], environment: server)
        #expect(piped.lines[1] == "1 [ ] * a name that is much too long to fit in thirty columns")
        #expect(
            try onTerminal(["list", "--filter", "active"], ["COLUMNS": "80"].merging(server) { $1 }).stdout.hasSuffix(
                "2 of 3 todos: 2 active, 1 completed, 3 not synced (*)\n"))
    }

    @Test func anEmptyListSaysHowToAddTheFirstTodo() throws {
        #expect(
            try onTerminal([])
                == RunResult(stdout: "No todos yet. Add the first with: todo add NAME\n", stderr: "", status: 0))
        #expect(try box.run() == RunResult(stdout: "", stderr: "", status: 0))
    }

    @Test func editorChangesWhatWasEdited() throws {
        try box.run("add", "draft", "--notes", "keep me")
        let editor = try box.writeScript("rename", "sed -i '1s/.*/name: final version/' \"$1\"")
        let result = try onTerminal(["edit", "1"], ["EDITOR": editor, "TMPDIR": box.directory])
        #expect(result == RunResult(stdout: "Edited #1 \"final version\" (name)\n", stderr: "", status: 0))
        let todo = try box.state().todos[0]
        #expect((todo.name, todo.description, todo.notes) == ("final version", "", "keep me"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("todo-edit") }
                .isEmpty)
    }

    @Test func editorCanRewriteEveryFieldAndVisualWins() throws {
        try box.run("add", "old", "+gone", "due:2026-01-01")
        try box.run("add", "first this")
        let form =
            #"name: new name\ndescription:\n  line 1\n  line 2\n\n# a comment\nnotes: the notes\n"#
            + #"tags: b a\nproject: home.garden\npriority: m\ndue:\nwait: 2026-12-01T15:30\nscheduled: 2026-11-30\n"#
            + #"start: 2026-11-20T09:00\ndepends: 2\nannotations:\n  2026-11-21 10:15:30 called\n  2026-11-21 "#
            + #"10:15:31 twice\n"#
            + #"recur:\nuntil:\nudas:\n  client: acme\n"#
        let visual = try box.writeScript("rewrite", "printf '\(form)' > \"$1\"")
        let result = try onTerminal(
            ["edit", "1"], ["VISUAL": visual, "EDITOR": "false", "TMPDIR": box.directory, "TZ": "Asia/Kolkata"])
        #expect(
            result.stdout
                == "Edited #1 \"new name\" (name, description, notes, tags, project, priority, due, wait, scheduled, "
                + "start, depends, annotations, udas)\n"
        )
        let todo = try box.state().todos[0]
        #expect((todo.name, todo.description, todo.notes) == ("new name", "line 1\nline 2", "the notes"))
        #expect((todo.tags, todo.project, todo.priority, todo.due) == (["a", "b"], "home.garden", .medium, nil))
        #expect(todo.wait == DueDate(wire: "2026-12-01T10:00:00.000Z"))
        #expect(
            (todo.scheduled, todo.start) == (
                DueDate.day(CalendarDay(iso: "2026-11-30")!), DueDate(wire: "2026-11-20T03:30:00.000Z")
            ))
        #expect(try todo.depends == [box.state().todos[1].uuid])
        #expect(todo.annotations.map(\.text) == ["called", "twice"])
        #expect(todo.annotations.map(\.at.timeIntervalSince1970) == [1_795_236_330, 1_795_236_331])
        #expect(todo.udas == ["client": "acme"])
    }

    @Test func aValueTheFormCannotHoldAbortsTheEditAndKeepsTheText() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        let editor = try box.writeScript("bad", "sed -i 's/^priority:.*/priority: urgent/' \"$1\"")
        let result = try onTerminal(["edit", "1"], ["EDITOR": editor, "TMPDIR": box.directory])
        #expect(result.status == 1)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).first { $0.hasPrefix("todo-edit") })
        #expect(
            result.stdout
                == "todo: priority: a priority is H, M or L, or nothing for none: edit aborted, #1 \"stay\" left as it "
                + "was (your text is in \(box.directory)/\(kept))\n"
        )
        #expect(box.fileBytes() == before)
    }

    @Test func unchangedEmptiedOrFailingEditorChangesNothing() throws {
        try box.run("add", "stay", "--description", "as is")
        let before = box.fileBytes()
        let unchanged = try onTerminal(["edit", "1"], ["EDITOR": "true", "TMPDIR": box.directory])
        #expect(unchanged == RunResult(stdout: "No changes; #1 \"stay\" left as it was.\n", stderr: "", status: 0))
        let emptier = try box.writeScript("empty", ": > \"$1\"")
        let emptied = try onTerminal(["edit", "1"], ["EDITOR": emptier, "TMPDIR": box.directory])
        #expect(emptied.status == 1)
        #expect(emptied.stdout == "todo: empty file: edit aborted, #1 \"stay\" left as it was\n")
        let failing = try box.writeScript("fail", "exit 3")
        let failed = try onTerminal(["edit", "1"], ["EDITOR": failing, "TMPDIR": box.directory])
        #expect(failed.status == 1)
        #expect(failed.stdout == "todo: the editor '\(failing)' exited with status 3; #1 \"stay\" left as it was\n")
        #expect(box.fileBytes() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("todo-edit") }
                .isEmpty)
    }

    @Test func aKilledOrMissingEditorChangesNothingAndLeavesNoFile() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        let killed = try box.writeScript("killed", "sed -i '1s/.*/name: gone/' \"$1\"; kill -9 $$")
        #expect(
            try onTerminal(["edit", "1"], ["EDITOR": killed, "TMPDIR": box.directory])
                == RunResult(
                    stdout: "todo: the editor '\(killed)' was ended by signal 9 (Killed); #1 \"stay\" left as it was\n",
                    stderr: "", status: 1))
        let missing = box.directory + "/no-such-editor"
        #expect(
            try onTerminal(["edit", "1"], ["EDITOR": missing + " --wait", "TMPDIR": box.directory])
                == RunResult(
                    stdout:
                        """
                        todo: cannot run the editor '\(missing) --wait': No such file or directory; #1 "stay" left as \
                        it was\n
                        """,
                    stderr: "", status: 1))
        #expect(box.fileBytes() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("todo-edit") }
                .isEmpty)
    }

    /// SIGTERM or a hang-up while the editor runs ends todo as it always would, but first
    /// removes the file.
    @Test func todoEndedWhileEditingLeavesNoFile() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        let terminator = try box.writeScript("terminate", "sed -i '1s/.*/name: gone/' \"$1\"; kill -TERM $PPID")
        let result = try onTerminal(["edit", "1"], ["EDITOR": terminator, "TMPDIR": box.directory])
        #expect(!result.stdout.contains("todo:"))
        #expect(result.status == 128 + SIGTERM)
        #expect(box.fileBytes() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("todo-edit") }
                .isEmpty)
    }

    @Test func aFileThatCannotBeReadIsKeptForThePerson() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        let dropper = try box.writeScript("drop", "sed -i '/^notes:/d' \"$1\"")
        let result = try onTerminal(["edit", "1"], ["EDITOR": dropper, "TMPDIR": box.directory])
        #expect(result.status == 1)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: box.directory).first { $0.hasPrefix("todo-edit-1-") })
        #expect(
            result.stdout
                == "todo: no 'notes:' line: edit aborted, #1 \"stay\" left as it was (your text is in "
                + "\(box.directory)/\(kept))\n"
        )
        #expect(box.fileBytes() == before)
    }

    @Test func aChangeMadeWhileEditingIsNotOverwritten() throws {
        try box.run("add", "shared")
        let meddler = try box.writeScript(
            "meddle", "\(Sandbox.binary) toggle 1 >/dev/null; sed -i '1s/.*/name: mine/' \"$1\"")
        let result = try onTerminal(["edit", "1"], ["EDITOR": meddler, "TMPDIR": box.directory])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                """
                todo: #1 "shared" changed while you were editing; nothing applied (your text is in \
                \(box.directory)/todo-edit-1-
                """
            ))
        #expect(try box.state().todos[0].name == "shared")
        #expect(try box.state().todos[0].completed)
    }
}
