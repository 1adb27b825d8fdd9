import Foundation
import Testing

/// The real Taskwarrior (Debian's taskwarrior) with its data in a directory of its own, the
/// taskrc lines given (none by default), no confirmations or hooks, on the clock of
/// `timeZone`; it makes recurring instances only when `recurrence` is on.
struct RealTaskwarrior {
    let task: String
    let environment: [String: String]
    let recurrence: Bool
    /// faketime and its time, when `at(_:)` set a clock.
    var faketime: [String] = []

    init(in directory: String, timeZone: String, taskrc: String = "", recurrence: Bool = false) throws {
        task = try requiredTool("task", installer: ".ci/test-scripting-deps")
        let data = directory + "/taskdata"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let rc = taskrc.isEmpty ? "/dev/null" : directory + "/taskrc"
        if !taskrc.isEmpty { try taskrc.write(toFile: rc, atomically: true, encoding: .utf8) }
        environment = [
            "TASKRC": rc, "TASKDATA": data, "HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "TZ": timeZone
        ]
        self.recurrence = recurrence
    }

    /// Runs `task ARGUMENTS`, expecting success.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "") throws -> RunResult {
        let overrides = [
            "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.recurrence=\(recurrence ? "on" : "off")",
            "rc.json.array=on"
        ]
        let command = faketime + [task] + overrides + arguments
        let result = try Sandbox.execute(command[0], Array(command.dropFirst()), stdin: stdin, environment: environment)
        #expect(result.status == 0, "task \(arguments): \(result)")
        return result
    }

    @discardableResult
    func run(_ arguments: String...) throws -> RunResult { try run(arguments) }

    /// The same Taskwarrior on a clock faketime sets to `clock` (`2026-12-10 12:00:00`).
    func at(_ clock: String) throws -> RealTaskwarrior {
        var moved = self
        moved.faketime = [try requiredTool("faketime", installer: ".ci/test-scripting-deps"), clock]
        return moved
    }

    /// `task export`, as JSON objects.
    func export() throws -> [[String: Any]] {
        try #require(try parseJSON(try run("export").stdout) as? [[String: Any]])
    }
}

/// The real todo.txt CLI (Debian's todotxt-cli, `todo-txt`) on a todo.txt in a directory of
/// its own, with a config file naming it; plain output and no prompts, and by default no
/// auto-archive (`options`). With `clock` it runs under faketime at that time.
struct RealTodoTxt {
    let tool: String
    let directory: String
    let environment: [String: String]
    let options: [String]
    /// faketime and its time, when there is a clock.
    let faketime: [String]
    var file: String { directory + "/todo.txt" }
    var done: String { directory + "/done.txt" }
    var config: String { directory + "/config" }

    init(in parent: String, timeZone: String, options: [String] = ["-p", "-a", "-f"], clock: String? = nil) throws {
        tool = try requiredTool("todo-txt", installer: ".ci/test-scripting-deps")
        self.options = options
        faketime = try clock.map { [try requiredTool("faketime", installer: ".ci/test-scripting-deps"), $0] } ?? []
        let directory = parent + "/todotxt"
        self.directory = directory
        environment = ["HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": timeZone]
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        export TODO_DIR=\(Sandbox.shellQuoted(directory))
        export TODO_FILE="$TODO_DIR/todo.txt"
        export DONE_FILE="$TODO_DIR/done.txt"
        export REPORT_FILE="$TODO_DIR/report.txt"

        """.write(toFile: directory + "/config", atomically: true, encoding: .utf8)
    }

    /// Runs `todo-txt -d CONFIG OPTIONS ARGUMENTS`, expecting success.
    @discardableResult
    func run(_ arguments: [String]) throws -> RunResult {
        let command = faketime + [tool, "-d", config] + options + arguments
        let result = try Sandbox.execute(command[0], Array(command.dropFirst()), stdin: "", environment: environment)
        #expect(result.status == 0, "todo-txt \(arguments): \(result)")
        return result
    }

    @discardableResult
    func run(_ arguments: String...) throws -> RunResult { try run(arguments) }

    /// The lines of todo.txt.
    func lines() throws -> [String] { try Self.lines(file) }

    /// The lines of `path`, none when it is not there; blank ones too, as they keep todo.sh's numbers.
    static func lines(_ path: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
