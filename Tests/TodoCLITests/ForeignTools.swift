import Foundation
import Testing

/// The real Taskwarrior (Debian's taskwarrior) with its data in a directory of its own, no
/// taskrc, no confirmations or hooks, on the clock of `timeZone`.
struct RealTaskwarrior {
    let task: String
    let environment: [String: String]

    init(in directory: String, timeZone: String) throws {
        task = try requiredTool("task", installer: ".ci/test-scripting-deps")
        let data = directory + "/taskdata"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        environment = ["TASKRC": "/dev/null", "TASKDATA": data, "HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": timeZone]
    }

    /// Runs `task ARGUMENTS`, expecting success.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "") throws -> RunResult {
        let overrides = ["rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.recurrence=off", "rc.json.array=on"]
        let result = try Sandbox.execute(task, overrides + arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "task \(arguments): \(result)")
        return result
    }

    @discardableResult
    func run(_ arguments: String...) throws -> RunResult { try run(arguments) }

    /// `task export`, as JSON objects.
    func export() throws -> [[String: Any]] {
        try #require(try parseJSON(try run("export").stdout) as? [[String: Any]])
    }
}
