import Foundation
import Testing
import TodoCore

/// `todo edit` with a real vim, typed at an interactive bash with job control on a
/// pseudo-terminal (Fixtures/terminal_session.py, with pexpect): the editor must get the
/// terminal, as git commit's does, and leave no file behind.
@Suite struct EditorSessionTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    static let vim = "vim -u NONE -i NONE -N -n"

    /// Runs `steps` in the shell; the driver prints "ok" when every step passed.
    func session(_ steps: [[String]], editor: String = vim) throws {
        var environment = box.shellEnvironment
        environment["EDITOR"] = editor
        environment["TMPDIR"] = box.directory
        environment["TERM"] = "vt100"
        environment["NO_COLOR"] = "1"
        let spec = try JSONSerialization.data(withJSONObject: ["env": environment, "steps": steps])
        let driver = repositoryRoot + "/Tests/TodoCLITests/Fixtures/terminal_session.py"
        let result = try Sandbox.execute(
            try requiredTool("python3"), [driver, String(decoding: spec, as: UTF8.self)], stdin: nil,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(
            result == RunResult(stdout: "ok\n", stderr: "", status: 0),
            "run 'bash .ci/test-terminal-deps' if pexpect or vim is missing")
    }

    var editFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("todo-edit") }) ?? [
            "?"
        ]
    }

    @Test func vimEditsTheTodoAndTheShellGetsItsPromptBack() throws {
        try box.run("add", "buy milk", "--notes", "2 litres")
        try session([
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", "/^notes:\rCnotes: 3 litres\u{1B}:wq\r"],
            ["expect", "Edited #1 \"buy milk\" (notes)"],
            ["prompt", "0"],
            ["line", "echo clean"],
            ["expect", "echo clean\r\nclean\r\n"],
            ["prompt", "0"]
        ])
        #expect(try box.state().todos[0].notes == "3 litres")
        #expect(editFiles == [])
    }

    /// A value todo refuses brings vim back on the person's text with the reason on top, as
    /// git commit does; fixed and saved, the edit applies.
    @Test func aBadValueReopensVimWithTheReasonUntilItIsFixed() throws {
        try box.run("add", "buy milk")
        try session([
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", "/^due:\rCdue: notadate\u{1B}:wq\r"],
            ["expect", "# todo: due: cannot read the date \"notadate\""],
            ["keys", "/^due:\rCdue: 2026-10-05\u{1B}:wq\r"],
            ["expect", "Edited #1 \"buy milk\" (due)"],
            ["prompt", "0"]
        ])
        #expect(try box.state().todos[0].due == .day(CalendarDay(iso: "2026-10-05")!))
        #expect(editFiles == [])
    }

    /// Quitting vim with an error (:cq) when it comes back ends the edit: nothing changes.
    @Test func quittingTheReopenedVimLeavesTheTodoAsItWas() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        try session([
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", "/^priority:\rCpriority: urgent\u{1B}:wq\r"],
            ["expect", "# todo: priority: a priority is H, M or L"],
            ["keys", ":cq\r"],
            ["expect", "todo: the editor '\(Self.vim)' exited with status 1; #1 \"stay\" left as it was"],
            ["prompt", "1"]
        ])
        #expect(box.fileBytes() == before)
        #expect(editFiles == [])
    }

    @Test func ctrlCInVimLeavesTheTodoAsItWas() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        try session([
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", ":1s/stay/go/\r"],
            ["keys", "\u{03}"],
            ["keys", ":q!\r"],
            ["expect", "No changes; #1 \"stay\" left as it was."],
            ["prompt", "0"]
        ])
        #expect(box.fileBytes() == before)
        #expect(editFiles == [])
    }

    @Test func anEditorEndedByCtrlCLeavesTheTodoAndNoFile() throws {
        try box.run("add", "stay")
        let before = box.fileBytes()
        let editor = try box.writeScript("slow", "echo \"editing $1\"; exec sleep 600")
        try session(
            [
                ["line", "todo edit 1"],
                ["expect", "editing \(box.directory)/todo-edit-1-"],
                ["keys", "\u{03}"],
                [
                    "expect",
                    "todo: the editor '\(editor)' was ended by signal 2 (Interrupt); #1 \"stay\" left as it was"
                ],
                ["prompt", "1"]
            ], editor: editor)
        #expect(box.fileBytes() == before)
        #expect(editFiles == [])
    }

    /// Every field written back unchanged by vim reads back the same, however awkward, and
    /// changing one field in vim changes only that one.
    @Test func awkwardValuesRoundTripThroughVim() throws {
        let description = "# a heading, not a comment\nname: not a field\n\n  indented\n\"quoted\""
        let notes = "\u{1B}]0;pwned\u{07} \u{1B}[31mred\u{1B}[0m back\u{08}space\ttab, trailing blank "
        try box.run("add", "#1 priority: taxes", "--description", description, "--notes", notes)
        let original = try box.state().todos[0]
        try session([
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", ":wq\r"],
            ["expect", "No changes; #1 \"#1 priority: taxes\" left as it was."],
            ["prompt", "0"],
            ["line", "todo edit 1"],
            ["expect", "# Editing todo #1"],
            ["keys", ":1s/taxes/tax return/\r/^notes:\rO  # one more line\u{1B}:wq\r"],
            ["expect", "Edited #1 \"#1 priority: tax return\" (name, description)"],
            ["prompt", "0"]
        ])
        let todo = try box.state().todos[0]
        #expect(todo.name == "#1 priority: tax return")
        #expect(todo.description == description + "\n# one more line")
        #expect(todo.notes == original.notes)
        #expect(editFiles == [])
    }
}
