import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the tests run, started with posix_spawn(2) rather than Foundation's `Process`: on
/// Linux, `Process.run()` copies 256 bytes of every entry of /proc/self/fd, past the end of
/// short ones (swift-corelibs-foundation#5472), and crashed the parallel suite, which holds
/// many descriptors open.
public final class ChildProcess: @unchecked Sendable {
    public let processIdentifier: pid_t
    private let lock = NSLock()
    /// The wait status, once the child ended and was reaped.
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` in `directory` with `environment` only, in a process
    /// group of its own (as `Process` does); `input`, `output` and `error` become its standard
    /// descriptors (nil: it shares the test's). It inherits no other descriptor. Those given stay
    /// the caller's to close, once: the child has copies of its own.
    public init(
        _ executable: URL, _ arguments: [String], directory: URL, environment: [String: String],
        input: Int32? = nil, output: Int32? = nil, error: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, standard) in [(input, Int32(0)), (output, 1), (error, 2)] {
            if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, standard) }
        }
        try Self.check(SpawnExtensions.changeDirectory(&actions, directory.path), "chdir to \(directory.path)")
        try Self.check(SpawnExtensions.closeFrom(&actions, 3), "closefrom")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked, as Foundation's Process starts a child: the test's thread blocks
        // most, and a child that inherited the mask (a tmux server, and `todo ui` in it) would
        // never see SIGCHLD, SIGTSTP or SIGWINCH.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        try Self.check(posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp), executable.path)
        processIdentifier = pid
    }

    /// What a child started for its effect prints to /dev/null rather than among the tests'.
    public enum Silenced { case stdout, stdoutAndStderr }

    /// Starts `executable` as above, in the tests' working directory, `silenced` going to /dev/null.
    public convenience init(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment, input: Int32? = nil,
        silencing silenced: Silenced = .stdout
    ) throws {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { throw TestFailure("/dev/null: \(String(cString: strerror(errno)))") }
        defer { close(null) }
        try self.init(
            URL(fileURLWithPath: executable), arguments,
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), environment: environment,
            input: input, output: null, error: silenced == .stdoutAndStderr ? null : nil)
    }

    private static func check(_ result: Int32, _ what: String) throws {
        guard result != 0 else { return }
        throw TestFailure("posix_spawn: \(what): \(String(cString: strerror(result)))")
    }

    public var isRunning: Bool { reaped() == nil }

    /// Its exit status, or the signal that ended it (as `Process.terminationStatus`).
    public var terminationStatus: Int32 {
        guard let status = reaped() else { return -1 }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    public func terminate() { kill(processIdentifier, SIGTERM) }

    /// The signal that ended it, nil if it exited (or still runs).
    public var signal: Int32? {
        guard let status = reaped(), status & 0x7f != 0 else { return nil }
        return status & 0x7f
    }

    /// Waits, blocking this thread, until it ends.
    public func waitUntilExit() {
        lock.withLock {
            var status: Int32 = 0
            while waitStatus == nil {
                if waitpid(processIdentifier, &status, 0) == processIdentifier {
                    waitStatus = status
                } else if errno != EINTR {
                    break
                }
            }
        }
    }

    /// The wait status, nil while the child runs.
    private func reaped() -> Int32? {
        lock.withLock {
            if waitStatus == nil {
                var status: Int32 = 0
                if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { waitStatus = status }
            }
            return waitStatus
        }
    }

    /// Whether it ended within `timeout` seconds.
    public func exited(within timeout: Double) async -> Bool {
        await eventually(within: timeout, every: .milliseconds(20)) { !isRunning }
    }

    /// What `executable` prints on stdout, run to its end in the working directory.
    public static func output(_ executable: String, _ arguments: [String]) async throws -> String {
        let pipe = Pipe()
        let child = try ChildProcess(
            URL(fileURLWithPath: executable), arguments,
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: ProcessInfo.processInfo.environment, output: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        let data = await offThePool { readToEnd(pipe.fileHandleForReading) }
        _ = await child.exited(within: 60)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Everything `handle` gives until its end.
public func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    while let chunk = readSome(handle), !chunk.isEmpty { data += chunk }
    return data
}

/// What one read(2) of `handle` gives: empty at its end, nil on an error. FileHandle's own
/// reads stop the process when a signal interrupts them (EINTR: another test's child ending);
/// this reads again.
public func readSome(_ handle: FileHandle) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(handle.fileDescriptor, &buffer, buffer.count)
        if count >= 0 { return Data(buffer[0..<count]) }
        if errno != EINTR { return nil }
    }
}

/// posix_spawn's file actions that glibc declares only for _GNU_SOURCE, which Swift's Glibc
/// module is built without: found by name.
private enum SpawnExtensions {
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>

    static func changeDirectory(_ actions: Actions, _ path: String) -> Int32 {
        typealias AddChdir = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
        let add = unsafeBitCast(function("posix_spawn_file_actions_addchdir_np"), to: AddChdir.self)
        return path.withCString { add(actions, $0) }
    }

    static func closeFrom(_ actions: Actions, _ lowest: Int32) -> Int32 {
        typealias AddCloseFrom = @convention(c) (Actions, Int32) -> Int32
        let add = unsafeBitCast(function("posix_spawn_file_actions_addclosefrom_np"), to: AddCloseFrom.self)
        return add(actions, lowest)
    }

    private static func function(_ name: String) -> UnsafeMutableRawPointer {
        #if canImport(Glibc)
            let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else {
            fatalError("\(name) is missing (glibc 2.34 or later has it)")
        }
        return symbol
    }
}
