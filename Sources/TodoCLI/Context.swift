import Foundation
import TodoCore
import TodoSync

/// Everything `todo` takes from the outside world, so tests can supply their own.
public struct Context {
    public var arguments: [String]
    public var environment: [String: String]
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    /// Columns of the terminal stdout is on; nil when unknown or not a terminal.
    public var terminalWidth: Int?
    /// Rows of the terminal stdout is on; nil when unknown or not a terminal.
    public var terminalHeight: Int?
    public var now: () -> Date
    /// The zone of the clock people read: dates for people are shown in it.
    public var timeZone: TimeZone
    public var newUUID: () -> UUID
    /// Runs a shell command line with `file` as its argument, in the foreground of this terminal.
    public var runEditor: (_ command: String, _ file: String) -> EditorExit
    public var stderrIsTerminal: Bool
    /// All of stdin; read only by commands given '-' and by batch.
    public var readStdin: () -> [UInt8]
    /// How `sync` reaches the server.
    public var network: Network = .unavailable
    /// How `sync` reaches a TaskChampion server (`sync.server.url`); nil where it cannot
    /// (`todo`, which hands sync over to `todo-sync`).
    public var replicaNetwork: ((ReplicaSettings) throws(SyncError) -> any ReplicaTransport)?
    /// The process ends with the command (`todo`, not `todo ui`): what it read is then left
    /// for the exit to free, as freeing 10,000 todos one by one takes a list a twentieth of its time.
    public var exitsAfterCommand = false
    /// Settings given for this command only (`rc.KEY=VALUE`), over the config file's.
    var configOverrides: [String: String] = [:]
    /// The words that gave them (and `rc:PATH`), taken out of `arguments`.
    var overrideWords: [String] = []
    /// The config file as first read for this command, shared by every reader of it.
    let configCache = ConfigCache()
    /// Prints a warning at once on stderr: something a person should know that is no error.
    public var warn: @Sendable (String) -> Void = { message in
        writeAll(Context.warningLine(message), to: STDERR_FILENO)
    }

    /// A warning as `warn` prints it: `todo: warning: MESSAGE` and a newline.
    public static func warningLine(_ message: String) -> String { "todo: warning: \(message)\n" }

    public init(
        arguments: [String], environment: [String: String], stdinIsTerminal: Bool = false,
        stdoutIsTerminal: Bool = false, terminalWidth: Int? = nil,
        now: @escaping () -> Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        newUUID: @escaping () -> UUID = UUID.init,
        runEditor: @escaping (String, String) -> EditorExit = { _, _ in .couldNotStart("no terminal") },
        stderrIsTerminal: Bool = false, readStdin: @escaping () -> [UInt8] = { [] },
        network: Network = .unavailable, terminalHeight: Int? = nil
    ) {
        self.arguments = arguments
        self.environment = environment
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.terminalWidth = terminalWidth
        self.now = now
        self.timeZone = timeZone
        self.newUUID = newUUID
        self.runEditor = runEditor
        self.stderrIsTerminal = stderrIsTerminal
        self.readStdin = readStdin
        self.network = network
        self.terminalHeight = terminalHeight
    }
}

extension Context {
    /// The config file, with this command's overrides (`rc.KEY=VALUE`).
    func configFile() throws(SyncError) -> ConfigFile {
        var file = try ConfigFile(environment: environment)
        file.overrides = configOverrides
        return file
    }

    /// The attributes the config file declares (`todo config uda.NAME.type`).
    func udaSchema() throws -> UDASchema {
        try configFile().udaSchema()
    }

    /// The config file's values, read once for the settings a command needs; nil when there
    /// is no telling where the file is (no HOME), and so no settings.
    func config() throws -> ConfigValues? {
        if let cached = configCache.values { return cached }
        guard let file = try? configFile() else { return nil }
        let values = try file.snapshot()
        configCache.values = values
        return values
    }

    /// Whether a server to sync with is set (TODO_SERVER or `todo config server` in `config`):
    /// only then does the list mark changes not yet synced.
    func syncIsConfigured(_ config: ConfigValues?) -> Bool {
        ConfigKey.server.value(environment: environment, stored: config?.values ?? [:])?.isEmpty == false
    }

    /// The attributes `config` declares, read only when one of `keys` (of attribute words,
    /// filter terms, sort keys) could name one; none otherwise.
    static func udaSchema(ifAnyOf keys: [String], in config: ConfigValues?) throws -> UDASchema {
        keys.contains(where: UDA.isName) ? try config?.udaSchema() ?? .none : .none
    }
}

/// The config file's values once read: one read a command, however many settings it reads.
final class ConfigCache {
    var values: ConfigValues?
}

/// How `sync` reaches the server.
public enum Network {
    /// Opens a connection itself (the `todo-sync` executable, which links the HTTP client).
    case connect((SyncSettings) throws(SyncError) -> any SyncTransport)
    /// Hands the whole command line over to `todo-sync` beside this executable (`todo`,
    /// which does not link the client).
    case helper
    case unavailable
}

/// What a command prints, and its exit status.
public struct Output: Equatable {
    public var stdout = ""
    public var stderr = ""
    public var status: Int32 = 0
    /// Messages for people ("Completed #1 …"): printed after stdout unless --quiet.
    var info = ""

    public init(stdout: String = "", stderr: String = "", status: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
    }

    static func info(_ text: String) -> Output {
        var output = Output()
        output.info = text
        return output
    }

    mutating func line(_ text: String) {
        stdout += text
        stdout += "\n"
    }
}

/// Exit statuses, as documented in `todo help exit-status`, the man page and the README.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2

    public static let unreachable: Int32 = 3
    public static let unauthorized: Int32 = 4
    public static let badResponse: Int32 = 5

    public static let table: [(Int32, String)] = [
        (success, "success"),
        (
            failure,
            """
            the command could not be done: unknown id, nothing to undo, unreadable or locked state file, a file to \
            import that cannot be read, sync not configured; or words with no command (todo frobnicate) matched no todo
            """
        ),
        (
            usage,
            """
            usage error: unknown command or option, missing or malformed argument, a malformed batch line or --format \
            template
            """
        ),
        (
            unreachable,
            """
            sync: the server could not be reached, did not answer in time, or is unavailable (HTTP 502, 503, 504): try \
            again later
            """
        ),
        (unauthorized, "sync: the server refused the token"),
        (
            badResponse,
            "sync: the server's answer was not the sync API (another bad status, malformed or unexpected body)"
        )
    ]
}

/// A command that could not be done, with the status to exit with.
struct CommandError: Error {
    var message: String
    var status: Int32 = ExitStatus.failure
}
