#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// The terminal `todo ui` draws on: raw mode and the alternate screen while it runs, and the
/// terminal as it found it (echo, canonical mode, cursor, main screen) whenever it stops
/// showing: on quit, Ctrl-Z and SIGTSTP (until `fg`), SIGINT, SIGTERM, SIGHUP, and a crash.
/// Signals reach the loop through a pipe (`signals`), so a handler does nothing but write a byte;
/// only a crash restores the terminal from the handler itself, with async-signal-safe calls.
final class UITerminal {
    /// Readable when a signal came: one byte, its number, each.
    let signals: Int32
    private(set) var isShowing = false

    /// The signals the loop handles: a resize, job control, and the ones that end it.
    static let handled = [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP]
    /// The signals a crash raises: the terminal is restored, then the signal does what it would have.
    static let crashes = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Takes the terminal on stdin and stdout; nil when either is no terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &savedTerminal) == 0 else {
            return nil
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        _ = leavePointer
        signals = ends[0]
        signalPipe = ends[1]
        for signal in Self.handled { Glibc.signal(signal, noteSignal) }
        for signal in Self.crashes { Glibc.signal(signal, restoreAndCrash) }
        // A parent may have left them blocked (a process started from a thread that blocks
        // signals): then a resize, Ctrl-Z or SIGTERM would never arrive.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in Self.handled + Self.crashes { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The size of the terminal, or 80×24 when it will not say.
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Raw mode (keys one by one, no echo, Ctrl-C and Ctrl-Z as keys), the alternate screen,
    /// the cursor hidden. Keys typed meanwhile are kept (after `fg`, a SIGCONT).
    func show() {
        var raw = savedTerminal
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
        writeAll(Self.enter, to: STDOUT_FILENO)
        isShowing = true
        terminalIsRaw = 1
    }

    /// The terminal as it was found: modes, main screen, cursor.
    func restore() {
        guard isShowing else { return }
        terminalIsRaw = 0
        writeAll(Self.leave, to: STDOUT_FILENO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
        isShowing = false
    }

    /// Stops the process group as Ctrl-Z stops any (as vim does: the shell waits on the whole
    /// job), the terminal restored until `fg` continues it.
    func suspend() {
        restore()
        Glibc.signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        // Continued.
        Glibc.signal(SIGTSTP, noteSignal)
        show()
    }

    /// The handlers as they were, once the terminal is restored for good.
    func close() {
        restore()
        for signal in Self.handled + Self.crashes { Glibc.signal(signal, SIG_DFL) }
        Glibc.close(signals)
        Glibc.close(signalPipe)
    }

    /// The signals that came since the last call, in order.
    func takeSignals() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var taken: [Int32] = []
        while true {
            let count = read(signals, &bytes, bytes.count)
            guard count > 0 else { return taken }
            taken += bytes.prefix(count).map(Int32.init)
        }
    }

    /// Draws `lines` over the whole screen, each line cleared after its text.
    func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        frame += "\u{1B}[J"
        writeAll(frame, to: STDOUT_FILENO)
    }

    /// The alternate screen, cleared, the cursor hidden.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Attributes reset, the cursor shown, the main screen back.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}

/// The terminal's modes as found, for `restore` and for a crash.
nonisolated(unsafe) private var savedTerminal = termios()
/// The write end of `UITerminal.signals`.
nonisolated(unsafe) private var signalPipe: Int32 = -1
/// 1 while the terminal is in raw mode on the alternate screen: what a crash must undo.
nonisolated(unsafe) private var terminalIsRaw: sig_atomic_t = 0
/// `UITerminal.leave`, ready for a signal handler.
private let leaveBytes: [UInt8] = Array(UITerminal.leave.utf8)
nonisolated(unsafe) private let leavePointer: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: leaveBytes.count)
    pointer.initialize(from: leaveBytes, count: leaveBytes.count)
    return pointer
}()
private let leaveCount = leaveBytes.count

private let noteSignal: @convention(c) (Int32) -> Void = { signal in
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipe, &byte, 1)
}

private let restoreAndCrash: @convention(c) (Int32) -> Void = { signal in
    if terminalIsRaw == 1 {
        _ = write(STDOUT_FILENO, leavePointer, leaveCount)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
        terminalIsRaw = 0
    }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
