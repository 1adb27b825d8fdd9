#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// How todo starts another program (an editor, a hook): `posix_spawn` with the signals todo
/// catches or ignores back at their defaults and none blocked, so the child behaves as if a
/// shell had started it.
struct Spawn {
    /// The program and its arguments.
    var arguments: [String]
    /// The program is looked up in PATH (`posix_spawnp`) rather than taken as a path.
    var searchesPath = false
    /// Its environment; nil: todo's own.
    var environment: [String: String]?
    /// Signals put back at their defaults; nil: every one.
    var defaultSignals: [Int32]?
    /// It runs in a process group of its own (that a timeout can kill whole).
    var ownProcessGroup = false
    /// Its stdin, stdout and stderr; nil: todo's own.
    var descriptors: (stdin: Int32, stdout: Int32, stderr: Int32)?

    /// Starts it; 0, or an errno.
    func start(_ pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let descriptors {
            posix_spawn_file_actions_adddup2(&actions, descriptors.stdin, 0)
            posix_spawn_file_actions_adddup2(&actions, descriptors.stdout, 1)
            posix_spawn_file_actions_adddup2(&actions, descriptors.stderr, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        if let defaultSignals {
            sigemptyset(&defaults)
            for signal in defaultSignals { sigaddset(&defaults, signal) }
        } else {
            sigfillset(&defaults)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        return envp.withUnsafeMutableBufferPointer { buffer in
            let env = environment == nil ? environ : buffer.baseAddress
            return searchesPath
                ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, env)
                : posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, env)
        }
    }
}
