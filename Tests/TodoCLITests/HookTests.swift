import Foundation
import Testing
import TodoCLI
import TodoTestSupport

/// Taskwarrior's hook tests (`test/hooks.on-*.test.py`, `test/hooks.env.test.py` at
/// af8c5d58c), translated: the same hook scripts (Fixtures/taskwarrior-hooks), run by todo.
/// Where Taskwarrior counts a hook's runs from a log, these count its FEEDBACK lines.
@Suite struct TaskwarriorHookTests {
    /// hooks.on-add.test.py: test_onadd_builtin_accept
    @Test func onAddAccept() throws {
        let box = try Sandbox(hooks: "on-add-accept")
        #expect(try box.run("add", "foo") == RunResult(stdout: "1\n", stderr: "FEEDBACK\n", status: 0))
        #expect(try box.state().todos.map(\.name) == ["foo"])
    }

    /// hooks.on-add.test.py: test_onadd_builtin_accept_modify
    @Test func onAddModify() throws {
        let box = try Sandbox(hooks: "on-add-modify")
        #expect(try box.run("add", "teh", "foo") == RunResult(stdout: "1\n", stderr: "FEEDBACK\n", status: 0))
        #expect(try box.state().todos.map(\.name) == ["the foo"])
    }

    /// hooks.on-add.test.py: test_onadd_builtin_reject, and misbehave1 (exits 1 unread)
    @Test(arguments: ["on-add-reject", "on-add-misbehave1"])
    func onAddRefuses(_ hook: String) throws {
        let box = try Sandbox(hooks: hook)
        #expect(
            try box.run("add", "foo")
                == RunResult(
                    stdout: "", stderr: "FEEDBACK\ntodo: hook \(hook) failed (exit status 1); nothing changed\n",
                    status: 1))
        #expect(box.fileBytes() == nil)
    }

    /// hooks.on-add.test.py: test_onadd_builtin_misbehave2 to 6, each with Taskwarrior's reason.
    @Test(arguments: [
        ("on-add-misbehave2", "printed 0 tasks, where an on-add hook prints the task it read, changed or not"),
        ("on-add-misbehave3", "printed 2 tasks, where an on-add hook prints the task it read, changed or not"),
        ("on-add-misbehave4", "printed the task of another UUID (bad for UUID): a hook prints the task it read"),
        ("on-add-misbehave5", "printed a line that is not a JSON task: {\"}"),
        ("on-add-misbehave6", "printed a task without a \"uuid\" string")
    ])
    func onAddMisbehaves(_ hook: String, _ reason: String) throws {
        let box = try Sandbox(hooks: hook)
        let result = try box.run("add", "foo")
        let feedback = hook == "on-add-misbehave2" ? "" : "FEEDBACK\n"
        #expect(
            result.withUUIDs
                == RunResult(
                    stdout: "", stderr: "\(feedback)todo: hook \(hook) \(reason); nothing changed\n", status: 1))
        #expect(box.fileBytes() == nil)
    }

    /// hooks.on-modify.test.py: test_onmodify_builtin_accept
    @Test func onModifyAccept() throws {
        let box = try Sandbox(hooks: "on-modify-accept")
        try box.run("add", "foo")
        #expect(try box.run("1", "modify", "+tag").stderr == "FEEDBACK\n")
        let todo = try #require(try box.state().todos.first)
        #expect(todo.name == "foo" && todo.tags == ["tag"])
    }

    /// hooks.on-modify.test.py: test_onmodify_builtin_reject and misbehave2 to 6.
    @Test(arguments: [
        ("on-modify-reject", "failed (exit status 1)"),
        ("on-modify-misbehave2", "printed 0 tasks, where an on-modify hook prints the task it read, changed or not"),
        ("on-modify-misbehave3", "printed 2 tasks, where an on-modify hook prints the task it read, changed or not"),
        ("on-modify-misbehave4", "printed the task of another UUID (bad for UUID): a hook prints the task it read"),
        ("on-modify-misbehave5", "printed a line that is not a JSON task: {\"}"),
        ("on-modify-misbehave6", "printed a task without a \"uuid\" string")
    ])
    func onModifyRefuses(_ hook: String, _ reason: String) throws {
        let box = try Sandbox(hooks: hook)
        try box.run("add", "foo")
        let before = box.fileBytes()
        let result = try box.run("1", "modify", "+tag")
        #expect(
            result.withUUIDs
                == RunResult(stdout: "", stderr: "FEEDBACK\ntodo: hook \(hook) \(reason); nothing changed\n", status: 1)
        )
        #expect(box.fileBytes() == before)
    }

    /// hooks.on-modify.test.py: test_onmodify_revert_changes: absolutely no change.
    @Test func onModifyRevert() throws {
        let box = try Sandbox(hooks: "on-modify-revert")
        try box.run("add", "foo")
        let before = box.fileBytes()
        #expect(try box.run("1", "modify", "bar").status == 0)
        #expect(box.fileBytes() == before)
    }

    /// hooks.on-exit.test.py: test_onexit_builtin_good and _gets_changed_tasks
    @Test func onExitGood() throws {
        let box = try Sandbox(hooks: "on-exit-good")
        #expect(try box.run("list") == RunResult(stdout: "", stderr: "FEEDBACK\n", status: 0))
        #expect(try box.run("add", "foo") == RunResult(stdout: "1\n", stderr: "CHANGED TASK\nFEEDBACK\n", status: 0))
    }

    /// hooks.on-exit.test.py: test_onexit_builtin_bad: the change stays, todo exits 1.
    @Test func onExitBad() throws {
        let box = try Sandbox(hooks: "on-exit-bad")
        #expect(
            try box.run("add", "foo")
                == RunResult(
                    stdout: "1\n",
                    stderr:
                        "CHANGED TASK\nFEEDBACK\ntodo: hook on-exit-bad failed (exit status 1); the change is saved\n",
                    status: 1))
        #expect(try box.state().todos.map(\.name) == ["foo"])
    }

    /// hooks.on-exit.test.py: test_onexit_builtin_misbehave1 (reads nothing) and 2 (prints a task).
    @Test func onExitMisbehaves() throws {
        let quiet = try Sandbox(hooks: "on-exit-misbehave1")
        #expect(try quiet.run("add", "foo") == RunResult(stdout: "1\n", stderr: "FEEDBACK\n", status: 0))
        let json = try Sandbox(hooks: "on-exit-misbehave2")
        #expect(
            try json.run("add", "foo")
                == RunResult(
                    stdout: "1\n",
                    stderr:
                        """
                        FEEDBACK\ntodo: hook on-exit-misbehave2 printed 1 task, where an on-exit hook prints none; the \
                        change is saved\n
                        """,
                    status: 1))
    }

    /// hooks.on-launch.test.py: good, bad (the command does not run), misbehave1 (kills
    /// itself) and misbehave2 (prints a task).
    @Test func onLaunch() throws {
        #expect(
            try Sandbox(hooks: "on-launch-good").run("add", "foo")
                == RunResult(stdout: "1\n", stderr: "FEEDBACK\n", status: 0))
        let bad = try Sandbox(hooks: "on-launch-bad")
        #expect(
            try bad.run("add", "foo")
                == RunResult(
                    stdout: "",
                    stderr: "FEEDBACK\ntodo: hook on-launch-bad failed (exit status 1); the command did not run\n",
                    status: 1))
        #expect(bad.fileBytes() == nil)
        let killed = try Sandbox(hooks: "on-launch-misbehave1")
        #expect(
            try killed.run("list")
                == RunResult(
                    stdout: "",
                    stderr:
                        "FEEDBACK\ntodo: hook on-launch-misbehave1 was ended by signal 9; the command did not run\n",
                    status: 1))
        let json = try Sandbox(hooks: "on-launch-misbehave2")
        #expect(
            try json.run("list")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        FEEDBACK\ntodo: hook on-launch-misbehave2 printed 1 task, where an on-launch hook prints none; \
                        the command did not run\n
                        """,
                    status: 1))
    }

    /// hooks.env.test.py: test_onlaunch_builtin_env: Taskwarrior's six arguments.
    @Test func arguments() throws {
        let box = try Sandbox(hooks: "on-launch-good-env")
        let result = try box.run("list", "+home")
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                api:2
                args:todo list +home
                command:list
                rc:\(box.directory)/.config/todo/config.json
                data:\(box.directory)
                version:\(CommandTable.version)
                todo: no todo matches +home

                """)
    }

    /// hooks.env.test.py: test_onlaunch_builtin_env_diag
    @Test func diagnostics() throws {
        let box = try Sandbox(hooks: "on-launch-good-env")
        let result = try box.run("diagnostics")
        #expect(result.stderr == "" && result.status == 0)
        #expect(result.stdout.contains(try Regex(#"on-launch-good-env\s+\(executable\)"#)))
    }
}

extension Sandbox {
    /// A sandbox whose hooks folder (the default one, beside the config file) holds copies of
    /// Taskwarrior's test hooks `names`.
    convenience init(hooks names: String..., launch: Launch = .inProcess) throws {
        try self.init(launch)
        for name in names {
            let source = repositoryRoot + "/Tests/TodoCLITests/Fixtures/taskwarrior-hooks/" + name
            try addHook(name, try String(contentsOfFile: source, encoding: .utf8))
        }
    }

    var hooksFolder: String { directory + "/.config/todo/hooks" }

    /// Writes an executable hook `name` with `body` into the hooks folder.
    @discardableResult
    func addHook(_ name: String, _ body: String, executable: Bool = true) throws -> String {
        try FileManager.default.createDirectory(atPath: hooksFolder, withIntermediateDirectories: true)
        let path = hooksFolder + "/" + name
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
        return path
    }
}

extension RunResult {
    /// With each UUID written as `UUID`, for output that names a new todo's.
    var withUUIDs: RunResult {
        let uuid = try! Regex("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
        return RunResult(
            stdout: stdout.replacing(uuid, with: "UUID"), stderr: stderr.replacing(uuid, with: "UUID"), status: status)
    }
}

/// What todo adds to Taskwarrior's hook API: where hooks live and how they are turned off,
/// order, bounds, which changes run them, and hooks that run todo themselves.
@Suite struct HookTests {
    /// Hooks of one event run in name order, each reading what the one before printed.
    @Test func chainInNameOrder() throws {
        let box = try Sandbox()
        for (name, suffix) in [("on-add.2", "b"), ("on-add.1", "a")] {
            try box.addHook(
                name,
                """
                #!/bin/sh\nread task\necho "$task" | sed \
                's/"description":"\\([^"]*\\)"/"description":"\\1-\(suffix)"/'\necho \(name)\n
                """
            )
        }
        #expect(try box.run("add", "x") == RunResult(stdout: "1\n", stderr: "on-add.1\non-add.2\n", status: 0))
        #expect(try box.state().todos.map(\.name) == ["x-a-b"])
    }

    /// A file without its run bit does not run, and diagnostics says why; nor does a file
    /// whose name starts with no event.
    @Test func onlyExecutableHooksOfAnEventRun() throws {
        let box = try Sandbox()
        try box.addHook("on-add-off", "#!/bin/sh\nexit 1\n", executable: false)
        try box.addHook("after-add", "#!/bin/sh\nexit 1\n")
        #expect(try box.run("add", "x").status == 0)
        let result = try box.run("diagnostics")
        #expect(
            result.stdout.contains(
                "after-add  (not run: its name starts with no event (on-launch, on-add, on-modify, on-exit))\n"))
        #expect(result.stdout.contains("on-add-off (not run: not executable (chmod +x))\n"))
    }

    /// TODO_HOOKS=off, rc.hooks=off and `todo config hooks off` each keep hooks from running.
    @Test func turnedOff() throws {
        let box = try Sandbox(hooks: "on-add-reject")
        #expect(try box.run(["add", "a"], environment: ["TODO_HOOKS": "off"]).status == 0)
        #expect(try box.run("rc.hooks=off", "add", "b").status == 0)
        #expect(try box.run("config", "hooks", "off").status == 0)
        #expect(try box.run("add", "c").status == 0)
        #expect(
            try box.run("config", "hooks", "maybe").stderr
                == "todo: hooks must be on or off (also yes/no, true/false, 1/0), not \"maybe\"\n")
        #expect(try box.run("config", "hooks", "on").status == 0)
        #expect(try box.run("add", "d").status == 1)
        #expect(try box.state().todos.map(\.name) == ["a", "b", "c"])
    }

    /// hooks.location points at another folder, such as Taskwarrior's ~/.task/hooks.
    @Test func location() throws {
        let box = try Sandbox()
        let folder = box.directory + "/.task/hooks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "#!/bin/sh\nread task\necho \"$task\"\necho from-task-folder\n".write(
            toFile: folder + "/on-add.log", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/on-add.log")
        #expect(try box.run("add", "x").stderr == "")
        #expect(
            try box.run("config", "hooks.location", "task/hooks").stderr
                == "todo: hooks.location must be an absolute path, not \"task/hooks\"\n")
        #expect(try box.run("config", "hooks.location", folder).status == 0)
        #expect(try box.run("add", "y").stderr == "from-task-folder\n")
    }

    /// A hung hook is killed, with what it started, at hooks.timeout; nothing is written.
    @Test func hungHookIsKilled() async throws {
        let box = try Sandbox()
        let pidFile = box.directory + "/child.pid"
        try box.addHook("on-add-hang", "#!/bin/sh\nsleep 300 &\necho $! > \(pidFile)\nwait\n")
        // Long enough for a busy machine to start the shell and its child.
        let result = try box.run("rc.hooks.timeout=3", "add", "x")
        #expect(
            result
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: hook on-add-hang did not finish within 3 s (hooks.timeout) and was killed; nothing \
                        changed\n
                        """,
                    status: 1))
        #expect(box.fileBytes() == nil)
        let child = try #require(
            Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await eventually(within: 10) { !processIsRunning(child) }, "the hook's own child \(child) still runs")
    }

    /// Feedback reaches the terminal with its control characters made visible.
    @Test func feedbackHasNoControlCharacters() throws {
        let box = try Sandbox()
        try box.addHook(
            "on-launch-colour", "#!/bin/sh\nprintf '\\033[31mred\\033]0;title\\007\\n'\necho 'to stderr' >&2\n")
        #expect(
            try box.run("list")
                == RunResult(stdout: "", stderr: "\\x1b[31mred\\x1b]0;title\\x07\nto stderr\n", status: 0))
    }

    /// Every local change runs on-modify with Taskwarrior's task before and after: done
    /// completes it (status and end), delete deletes it, undo and start change it.
    @Test func eventsOfEachChange() throws {
        let box = try Sandbox()
        let log = box.directory + "/hook.log"
        try box.addHook("on-add.log", "#!/bin/sh\nread task\necho \"$task\"\necho \"add $task\" >> \(log)\n")
        try box.addHook(
            "on-modify.log", "#!/bin/sh\nread before\nread after\necho \"$after\"\necho \"modify $after\" >> \(log)\n")
        try box.run("add", "pay", "rent", "+bills")
        try box.run("1", "start")
        try box.run("done", "1")
        try box.run("undo")
        try box.run("rm", "1")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let tasks = try lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), try #require(try parseJSON(String(parts[1])) as? [String: Any]))
        }
        #expect(tasks.map(\.0) == ["add", "modify", "modify", "modify", "modify"])
        #expect(tasks.map { $0.1["status"] as? String } == ["pending", "pending", "completed", "pending", "deleted"])
        #expect(tasks.map { $0.1["start"] != nil } == [false, true, false, true, true])
        #expect(tasks.map { $0.1["end"] != nil } == [false, false, true, false, true])
        #expect(
            tasks.allSatisfy { $0.1["description"] as? String == "pay rent" && $0.1["tags"] as? [String] == ["bills"] })
    }

    /// A hook may run todo itself: hooks hold no lock. A change of its own to another todo is
    /// kept beside the command's.
    @Test func hookRunsTodo() throws {
        let box = try Sandbox()
        try box.run("add", "write report")
        try box.addHook(
            "on-modify.log",
            "#!/bin/sh\nread before\nread after\necho \"$after\"\nTODO_HOOKS=off todo add logged a change\n")
        var environment = box.shellEnvironment
        environment["TODO_HOOKS"] = nil
        #expect(
            try box.run(["1", "done"], environment: environment)
                == RunResult(stdout: "Completed #1 \"write report\"\n", stderr: "2\n", status: 0))
        #expect(
            try box.state().todos.map { "\($0.id) \($0.name) \($0.completed)" } == [
                "1 write report true", "2 logged a change false"
            ])
    }

    /// A hook that changes the very todo being changed makes the command fail, saving nothing
    /// of its own, rather than overwrite the hook's change.
    @Test func todoChangedWhileHooksRan() throws {
        let box = try Sandbox()
        try box.run("add", "write report")
        try box.addHook(
            "on-modify.log",
            """
            #!/bin/sh\nread before\nread after\necho "$after"\nTODO_HOOKS=off todo 1 annotate from the hook >/dev/null\n
            """
        )
        let result = try box.run(["1", "modify", "+work"], environment: box.shellEnvironment)
        #expect(
            result
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: #1 changed while the hooks ran (another todo command?); nothing changed: run the command \
                        again\n
                        """,
                    status: 1))
        let todo = try #require(try box.state().todos.first)
        #expect(todo.tags.isEmpty && todo.annotations.map(\.text) == ["from the hook"])
    }

    /// What an on-modify hook changes is one step with the change: undo takes both back.
    @Test func hookChangesAreOneUndoStep() throws {
        let box = try Sandbox()
        try box.run("add", "x")
        try box.addHook(
            "on-modify.tag",
            "#!/bin/sh\nread before\nread after\necho \"$after\" | sed 's/}$/,\"tags\":[\"hooked\"]}/'\n")
        try box.run("1", "modify", "pri:H")
        let todo = try #require(try box.state().todos.first)
        #expect(todo.tags == ["hooked"] && todo.priority == .high)
        try box.run("rc.hooks=off", "undo")
        let undone = try #require(try box.state().todos.first)
        #expect(undone.tags.isEmpty && undone.priority == nil)
    }

    /// A hook cannot delete a todo or bring one back: it refuses a change by failing.
    @Test func hooksCannotDelete() throws {
        let box = try Sandbox()
        try box.run("add", "x")
        try box.addHook(
            "on-modify.delete",
            """
            #!/bin/sh\nread before\nread after\necho "$after" | sed 's/"status":"pending"/"status":"deleted"/'\n
            """
        )
        #expect(
            try box.run("1", "modify", "+a")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: hook on-modify.delete printed the status deleted for a pending todo: todo does not \
                        delete from a hook; a hook refuses a change by exiting non-zero; nothing changed\n
                        """,
                    status: 1))
    }
}

/// Timewarrior's own hook, from Debian's timewarrior package, unchanged: `todo start` starts
/// tracking, `todo stop` and `todo done` stop it, as with `task`.
@Suite struct TimewarriorHookTests {
    @Test func startStopAndDone() throws {
        let hook = "/usr/share/doc/timewarrior/ext/on-modify.timewarrior"
        let timew = try requiredTool("timew", installer: ".ci/test-scripting-deps")
        let faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        let box = try Sandbox()
        try box.addHook("on-modify.timewarrior", try String(contentsOfFile: hook, encoding: .utf8))
        let database = box.directory + "/timewarrior"
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
        var environment = box.baseEnvironment
        environment["TIMEWARRIORDB"] = database
        func todo(at time: String, _ arguments: String...) throws -> RunResult {
            try Sandbox.execute(
                faketime, ["-f", "@2026-12-02 " + time, Sandbox.binary] + arguments, stdin: nil,
                environment: environment)
        }
        #expect(try todo(at: "09:00:00", "add", "write", "report", "+work", "project:acme").status == 0)
        #expect(try todo(at: "09:00:00", "add", "review", "+work").status == 0)
        #expect(try todo(at: "10:00:00", "1", "start").status == 0)
        #expect(try todo(at: "10:30:00", "1", "stop").status == 0)
        #expect(try todo(at: "11:00:00", "2", "start").status == 0)
        #expect(try todo(at: "11:45:00", "2", "done").status == 0)
        let export = try Sandbox.execute(timew, ["export"], stdin: nil, environment: environment)
        let intervals = try #require(try parseJSON(export.stdout) as? [[String: Any]])
        #expect(
            intervals.map { "\($0["start"] ?? "") \($0["end"] ?? "") \(($0["tags"] as? [String]) ?? [])" } == [
                "20261202T100000Z 20261202T103000Z [\"acme\", \"work\", \"write report\"]",
                "20261202T110000Z 20261202T114500Z [\"review\", \"work\"]"
            ])
    }
}

/// Whether a process `pid` runs (a zombie waiting for its parent does not).
func processIsRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    let state = stat.split(separator: ")").last?.split(separator: " ").first
    return state != "Z"
}
