import Foundation
@testable import TodoCLI

/// Runs `todo` in this process on a sandbox's files with its clock fixed at noon UTC on
/// Wednesday 2 December 2026 (this week runs from Monday 30 November to Sunday 6 December),
/// so that relative dates and urgency are the same on every run.
final class FixedClock {
    static let now = Date(timeIntervalSince1970: 1_796_212_800)
    let box: Sandbox
    private var made = 0

    init() throws { box = try Sandbox() }

    /// Runs one command line, as a pipe sees it: no terminal, no colour.
    @discardableResult
    func run(_ arguments: String...) -> RunResult { run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) -> RunResult {
        let context = Context(
            arguments: arguments, environment: box.baseEnvironment, now: { Self.now }, timeZone: TimeZone(identifier: "UTC")!,
            newUUID: { [self] in
                made += 1
                return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", made))!
            })
        let output = TodoCLI.run(context)
        return RunResult(stdout: output.stdout, stderr: output.stderr, status: output.status)
    }

    /// The numbers `list ARGUMENTS --ids` prints, one a line.
    func ids(_ arguments: String...) -> String { run(["list"] + arguments + ["--ids"]).stdout }
}
