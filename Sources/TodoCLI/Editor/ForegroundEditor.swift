#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Runs `command "$file"` as git runs $EDITOR: in todo's own process group, which an
/// interactive shell made the terminal's foreground group, so the editor may read and draw on
/// the terminal. A command of plain words (`vim`, `emacs -nw`, `code --wait`) runs directly,
/// any other through /bin/sh. While it runs, todo ignores Ctrl-C and Ctrl-\ (they are the
/// editor's to handle), and a hang-up or SIGTERM removes the file before todo ends. The editor
/// starts with every signal at its default. If a signal ends it, the terminal's modes are put back.
func runEditorInForeground(_ command: String, _ file: String) -> EditorExit {
    let arguments = plainWords(command).map { $0 + [file] } ?? ["/bin/sh", "-c", "\(command) \"$@\"", command, file]
    var terminal = termios()
    let hasTerminal = tcgetattr(STDIN_FILENO, &terminal) == 0
    let restore = guardSignals(whileEditing: file)
    defer { restore() }
    var pid: pid_t = 0
    let started = Spawn(arguments: arguments, searchesPath: true, defaultSignals: editorSignals).start(&pid)
    guard started == 0 else { return .couldNotStart(String(cString: strerror(started))) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { return .couldNotStart(String(cString: strerror(errno))) }
    }
    let signal = status & 0x7F
    guard signal != 0 else { return .exited((status >> 8) & 0xFF) }
    if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &terminal) }
    return .signaled(signal, strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)")
}

/// The words of `command` if the shell would take it as nothing but words: no quotes,
/// variables, globs, redirections or other operators.
func plainWords(_ command: String) -> [String]? {
    let special = Set("|&;<>()$`\\\"'*?[]{}#~=%!\n")
    guard !command.contains(where: special.contains) else { return nil }
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    return words.isEmpty ? nil : words
}

/// The signals todo catches or ignores around an editor, which the editor must get at their defaults.
private let editorSignals = [SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE]

/// The file a hang-up or SIGTERM removes before todo ends; set only while an editor runs.
nonisolated(unsafe) private var fileToRemove: UnsafeMutablePointer<CChar>?

/// Ignores SIGINT and SIGQUIT, and makes SIGHUP and SIGTERM remove `file` first; returns
/// what puts the signals back.
private func guardSignals(whileEditing file: String) -> () -> Void {
    fileToRemove = strdup(file)
    let removeAndEnd: @convention(c) (Int32) -> Void = { signal in
        if let path = fileToRemove { unlink(path) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
    let previous = [
        (SIGINT, Glibc.signal(SIGINT, SIG_IGN)), (SIGQUIT, Glibc.signal(SIGQUIT, SIG_IGN)),
        (SIGHUP, Glibc.signal(SIGHUP, removeAndEnd)), (SIGTERM, Glibc.signal(SIGTERM, removeAndEnd))
    ]
    return {
        for (signal, handler) in previous { Glibc.signal(signal, handler) }
        free(fileToRemove)
        fileToRemove = nil
    }
}
