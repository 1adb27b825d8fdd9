import Foundation
import TodoCLI
import TodoTestSupport

/// Runs `todo` in this process, at a fixed clock and time zone, with UUIDs counted from 1,
/// on the state and config files of a `Sandbox`: exact outputs, and no process to start.
final class InProcess {
    let box: Sandbox
    let now: Date
    let zone: TimeZone
    /// The UUIDs the next todos get, before the counted ones.
    var uuids: [UUID] = []
    private var counted = 0

    init(now: Date = FixedClock.noon, zone: String = "UTC") throws {
        box = try Sandbox()
        self.now = now
        self.zone = TimeZone(identifier: zone)!
    }

    var environment: [String: String] {
        ["TODO_FILE": box.file, "TODO_CONFIG": box.directory + "/config.json", "HOME": box.directory]
    }

    @discardableResult
    /// `terminal`: stdout is a terminal (colour, unless NO_COLOR says otherwise).
    func run(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:], terminal: Bool = false) -> RunResult {
        let context = Context(
            arguments: arguments, environment: environment.merging(extra) { $1 }, stdoutIsTerminal: terminal, now: { self.now }, timeZone: zone,
            newUUID: { self.nextUUID() }, readStdin: { Array(stdin.utf8) })
        let output = TodoCLI.run(context)
        return RunResult(stdout: output.stdout, stderr: output.stderr, status: output.status)
    }

    @discardableResult
    func run(_ arguments: String...) -> RunResult { run(arguments) }

    /// The numbers `list --ids` prints for `arguments` (a command and its words).
    func ids(_ arguments: String...) -> [Int] {
        run(arguments + ["--ids"]).lines.compactMap { Int($0) }
    }

    /// What `list ARGUMENTS --ids` prints: the numbers, one a line.
    func listed(_ arguments: String...) -> String { run(["list"] + arguments + ["--ids"]).stdout }

    private func nextUUID() -> UUID {
        if !uuids.isEmpty { return uuids.removeFirst() }
        counted += 1
        return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", counted))!
    }
}
