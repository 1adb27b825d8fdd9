#if canImport(Glibc)
    import Glibc
#endif
import Foundation

extension Context {
    /// The real process: its arguments, environment, terminal, clock and editor.
    public static func live() -> Context {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        return Context(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: stdoutIsTerminal,
            terminalWidth: stdoutIsTerminal ? terminalColumns() : nil,
            now: { Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded() / 1000) },
            timeZone: TimeZone.current,
            newUUID: UUID.random,
            runEditor: runEditorInForeground,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            readStdin: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
            network: .helper,
            terminalHeight: stdoutIsTerminal ? terminalRows() : nil)
    }
}

private func terminalColumns() -> Int? {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
}

private func terminalRows() -> Int? {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
    return ProcessInfo.processInfo.environment["LINES"].flatMap(Int.init)
}

/// Writes everything to a file descriptor; a closed pipe ends the write quietly.
public func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }
}
