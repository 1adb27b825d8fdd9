import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs servers as the unprivileged user people deploy them as. Tests that run as root (CI
/// does) start `todo-server` through `setpriv` as `$TODO_TEST_USER` (default `nobody`), so
/// that what only root may do (a socket option, a file's mode) fails in the suite as it would
/// for them; tests run by anyone else already are that user and start programs as they are.
public enum Unprivileged {
    /// The account servers run as, when the tests are root; nil otherwise.
    public static let account: (name: String, uid: uid_t, gid: gid_t)? = {
        guard geteuid() == 0 else { return nil }
        let name = ProcessInfo.processInfo.environment["TODO_TEST_USER"] ?? "nobody"
        guard let entry = getpwnam(name) else {
            fatalError("the tests run as root but there is no user \(name) to run servers as (TODO_TEST_USER)")
        }
        return (name, entry.pointee.pw_uid, entry.pointee.pw_gid)
    }()

    /// `executable` with `arguments`, as a command that runs it as `account`.
    public static func command(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String])
    {
        guard let account else { return (executable, arguments) }
        let ids = ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--"]
        return ("/usr/bin/setpriv", ids + [reachable(executable)] + arguments)
    }

    /// Gives `path` and everything below it to `account`, as a deployment gives the server
    /// its data directory (the files tests write there included).
    public static func give(_ path: String) {
        guard let account else { return }
        chown(path, account.uid, account.gid)
        guard let items = FileManager.default.enumerator(atPath: path) else { return }
        for case let item as String in items {
            lchown(path + "/" + item, account.uid, account.gid)
        }
    }

    /// `executable`, or a link to it in a folder `account` can reach when a folder above it
    /// is closed to others (a clone in a private directory): for a program that runs it
    /// (`prlimit … PATH`).
    public static func reachable(_ executable: String) -> String {
        guard account != nil else { return executable }
        let parts = executable.split(separator: "/").map(String.init)
        let open = (0..<parts.count).allSatisfy { index in
            var info = stat()
            let path = "/" + parts[0...index].joined(separator: "/")
            return stat(path, &info) == 0 && info.st_mode & 0o001 != 0
        }
        if open { return executable }
        return reachableCopies.withLock { copies in
            if let copy = copies[executable] { return copy }
            let folder = "/tmp/todo-tests-bin-\(getpid())-\(copies.count)"
            mkdir(folder, 0o755)
            chmod(folder, 0o755)
            let copy = folder + "/" + (parts.last ?? "program")
            if link(executable, copy) != 0 { try? FileManager.default.copyItem(atPath: executable, toPath: copy) }
            chmod(copy, 0o755)
            copies[executable] = copy
            return copy
        }
    }

    private static let reachableCopies = LockedCopies()
}

/// The links `Unprivileged.reachable` made, one per executable and test process.
private final class LockedCopies: @unchecked Sendable {
    private let lock = NSLock()
    private var copies: [String: String] = [:]
    func withLock<T>(_ body: (inout [String: String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&copies)
    }
}
