#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// An exclusive `flock` on a lock file beside the state file, held until `release()` or deinit.
public final class FileLock {
    private var descriptor: Int32

    /// Waits at most `timeout` seconds for other processes to let go.
    public init(path: String, timeout: Double) throws(StoreError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: errnoText()) }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 1_000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            // release(), not close(descriptor): deinit runs as well when init throws here (every
            // property is set), and would close the number again, by then maybe another thread's file.
            guard code == EWOULDBLOCK || code == EINTR else {
                release()
                throw .unwritable(path: path, reason: "cannot lock: \(errnoText(code))")
            }
            guard Date() < deadline else {
                release()
                throw .lockTimeout(path: path, seconds: timeout)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
