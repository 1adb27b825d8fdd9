#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// One run of a hook script: `input` on its stdin, its stdout and stderr read whole, and an
/// end by its deadline, whatever it does.
///
/// The script runs in a process group of its own with every signal at its default, so that a
/// hook that hangs is killed with everything it started. From the first hook on, todo ignores
/// SIGPIPE (for good: putting it back races with another thread's hook), so that a hook that
/// exits without reading its input costs nothing but that input.
struct HookProcess {
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
        /// Still running at the deadline: killed, with its process group.
        case timedOut
        /// Printed more than `outputLimit` bytes: killed.
        case printedTooMuch
        case couldNotStart(String)
    }

    struct Result {
        var ending: Ending
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    /// What a hook may print, stdout and stderr together: a task is a few kilobytes.
    static let outputLimit = 8 << 20

    var path: String
    var arguments: [String]
    var environment: [String: String]
    var timeout: Double

    func run(input: [UInt8]) -> Result {
        signal(SIGPIPE, SIG_IGN)
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard closingOnExec(&ends) == 0 else {
                for ends in pipes { ends.forEach { close($0) } }
                return Result(ending: .couldNotStart(String(cString: strerror(errno))), stdout: [], stderr: [])
            }
            pipes.append(ends)
        }
        // Ours: the write end of stdin, the read ends of stdout and stderr.
        let (toChild, fromOut, fromErr) = (pipes[0][1], pipes[1][0], pipes[2][0])
        var pid: pid_t = 0
        let deadline = Date().addingTimeInterval(timeout)
        var started = spawn(stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1], &pid)
        // "Text file busy": the script is still open for writing somewhere (an editor saving
        // it, or a child another thread started meanwhile holds a copy); it passes.
        var pause: Int32 = 5
        while started == ETXTBSY, Date() < deadline {
            poll(nil, 0, pause)
            pause = min(pause * 2, 100)
            started = spawn(stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1], &pid)
        }
        for descriptor in [pipes[0][0], pipes[1][1], pipes[2][1]] { close(descriptor) }
        guard started == 0 else {
            for descriptor in [toChild, fromOut, fromErr] { close(descriptor) }
            return Result(ending: .couldNotStart(String(cString: strerror(started))), stdout: [], stderr: [])
        }
        var exchange = Exchange(input: input, toChild: toChild, fromOut: fromOut, fromErr: fromErr)
        let ended = exchange.run(until: deadline)
        exchange.closeAll()
        let ending = ended ?? waitForExit(pid, until: deadline)
        if ending == .timedOut || ending == .printedTooMuch {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
        return Result(ending: ending, stdout: exchange.stdout, stderr: exchange.stderr)
    }

    /// `posix_spawn` of the script in a new process group, signals at their defaults; 0 or an errno.
    private func spawn(stdin: Int32, stdout: Int32, stderr: Int32, _ pid: inout pid_t) -> Int32 {
        Spawn(
            arguments: [path] + arguments, environment: environment, ownProcessGroup: true,
            descriptors: (stdin, stdout, stderr)
        ).start(&pid)
    }

    /// How the process ended, waited for until `deadline` (it has closed its output by now,
    /// and almost always ended too).
    private func waitForExit(_ pid: pid_t, until deadline: Date) -> Ending {
        var status: Int32 = 0
        var pause: Int32 = 1
        while true {
            let found = waitpid(pid, &status, WNOHANG)
            if found == pid { break }
            if found == -1, errno != EINTR { return .couldNotStart(String(cString: strerror(errno))) }
            if Date() >= deadline { return .timedOut }
            poll(nil, 0, pause)
            pause = min(pause * 2, 50)
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}

/// Feeds a child its input and reads its output, all at once, without blocking on any of it.
private struct Exchange {
    var input: [UInt8]
    var written = 0
    var toChild: Int32
    var fromOut: Int32
    var fromErr: Int32
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []

    init(input: [UInt8], toChild: Int32, fromOut: Int32, fromErr: Int32) {
        self.input = input
        self.toChild = toChild
        self.fromOut = fromOut
        self.fromErr = fromErr
        for descriptor in [toChild, fromOut, fromErr] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        if input.isEmpty { closeInput() }
    }

    /// Runs until the child closes its output (nil), or `deadline`, or too much output.
    mutating func run(until deadline: Date) -> HookProcess.Ending? {
        while fromOut >= 0 || fromErr >= 0 {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .timedOut }
            var watched = [
                pollfd(fd: toChild, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: fromOut, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fromErr, events: Int16(POLLIN), revents: 0)
            ]
            let ready = poll(&watched, nfds_t(watched.count), Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0, errno != EINTR { return .couldNotStart(String(cString: strerror(errno))) }
            guard ready > 0 else { continue }
            if watched[0].revents != 0 { feed() }
            if watched[1].revents != 0 { Self.drain(&fromOut, into: &stdout) }
            if watched[2].revents != 0 { Self.drain(&fromErr, into: &stderr) }
            if stdout.count + stderr.count > HookProcess.outputLimit { return .printedTooMuch }
        }
        return nil
    }

    private mutating func feed() {
        let count = input.withUnsafeBytes { write(toChild, $0.baseAddress! + written, $0.count - written) }
        if count > 0 { written += count }
        // Done, or the child will read no more (EPIPE): either way, no more to write.
        if written == input.count || count < 0 && errno != EAGAIN && errno != EINTR { closeInput() }
    }

    private static func drain(_ descriptor: inout Int32, into bytes: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count > 0 {
            bytes += buffer[..<count]
        } else if count == 0 || errno != EAGAIN && errno != EINTR {
            close(descriptor)
            descriptor = -1
        }
    }

    private mutating func closeInput() {
        if toChild >= 0 { close(toChild) }
        toChild = -1
    }

    mutating func closeAll() {
        closeInput()
        for descriptor in [fromOut, fromErr] where descriptor >= 0 { close(descriptor) }
        fromOut = -1
        fromErr = -1
    }
}

#if canImport(Glibc)
    @_silgen_name("pipe2")
    private func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
#endif

/// A pipe whose ends close on exec from the moment they exist: another thread's child (a hook
/// run at the same time) must not inherit them, or this child's stdin and stdout never end.
private func closingOnExec(_ ends: inout [Int32]) -> Int32 {
    #if canImport(Glibc)
        return pipe2(&ends, O_CLOEXEC)
    #else
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    #endif
}
