import Foundation
import Testing
import TodoCLI
import TodoTestSupport

/// Runs `todo` on `context` in this process; its warnings, which the binary writes to stderr
/// at once, come before what the command prints there, as they would.
func runInProcess(_ context: Context) -> RunResult {
    let warnings = Warnings()
    var context = context
    context.warn = { warnings.append(Context.warningLine($0)) }
    let output = TodoCLI.run(context)
    return RunResult(stdout: output.stdout, stderr: warnings.text + output.stderr, status: output.status)
}

extension Context {
    /// What the binary reads from its process, given instead: a pipe for stdin, stdout and
    /// stderr, the live clock and UUIDs, and the zone `environment`'s TZ names (else the
    /// system's). Nothing is read from this process's own environment or terminal.
    static func asTheBinary(_ arguments: [String], environment: [String: String], stdin: String) -> Context {
        var context = Context.live()
        context.arguments = arguments
        context.environment = environment
        context.stdinIsTerminal = false
        context.stdoutIsTerminal = false
        context.stderrIsTerminal = false
        context.terminalWidth = nil
        context.terminalHeight = nil
        context.timeZone = environment["TZ"].flatMap(TimeZone.init(identifier:)) ?? systemZone
        context.readStdin = { Array(stdin.utf8) }
        context.network = .unavailable
        context.runEditor = { command, _ in
            Issue.record("todo started the editor '\(command)' in process: give the test a Sandbox(.binary)")
            return .couldNotStart("no terminal")
        }
        return context
    }

    /// The zone a process without TZ reads: /etc/localtime's.
    private static let systemZone: TimeZone = {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")) ?? ""
        let name = link.components(separatedBy: "zoneinfo/").last ?? ""
        return TimeZone(identifier: name) ?? TimeZone(identifier: "UTC")!
    }()
}

/// The live clock as one sandbox's in-process runs read it: each run starts on a later
/// millisecond than the last the run before it read, as the binary's start-up makes sure (todos
/// added one after the other are never made at the same time).
final class RunClock {
    private var last = Date.distantPast

    /// `live`, once it reads later than anything read before.
    func next(_ live: @escaping () -> Date) -> () -> Date {
        while live() <= last { sched_yield() }
        return { [self] in
            let now = live()
            last = max(last, now)
            return now
        }
    }
}

/// The warnings of one in-process run, in the order they came.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines = ""
    func append(_ line: String) { lock.withLock { lines += line } }
    var text: String { lock.withLock { lines } }
}

/// Runs `todo` in this process, at a fixed clock and time zone, with UUIDs counted from 1,
/// on the state and config files of a `Sandbox`: exact outputs, and no process to start.
final class InProcess {
    let box: Sandbox
    var now: Date
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
    /// `terminal`: stdout is a terminal (colour, unless NO_COLOR says otherwise), `width` columns wide.
    func run(
        _ arguments: [String], stdin: String = "", environment extra: [String: String] = [:], terminal: Bool = false,
        width: Int? = nil
    ) -> RunResult {
        runInProcess(
            Context(
                arguments: arguments, environment: environment.merging(extra) { $1 }, stdoutIsTerminal: terminal,
                terminalWidth: width, now: { self.now }, timeZone: zone,
                newUUID: { self.nextUUID() }, readStdin: { Array(stdin.utf8) }))
    }

    @discardableResult
    func run(_ arguments: String...) -> RunResult { run(arguments) }

    /// The numbers `list --ids` prints for `arguments` (a command and its words).
    func ids(_ arguments: String...) -> [Int] {
        run(arguments + ["--ids"]).lines.compactMap { Int($0) }
    }

    /// What `list ARGUMENTS --ids` prints: the numbers, one a line.
    func listed(_ arguments: String...) -> String { run(["list"] + arguments + ["--ids"]).stdout }

    /// `text` (`2026-11-25 12:00:00`) on the clock of `zone`, as faketime reads it for the
    /// tools a test compares todo with.
    static func moment(_ text: String, in zone: String) -> Date {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: zone)!
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return format.date(from: text)!
    }

    private func nextUUID() -> UUID {
        if !uuids.isEmpty { return uuids.removeFirst() }
        counted += 1
        return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", counted))!
    }
}
