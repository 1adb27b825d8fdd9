import Foundation

/// A state file that could not be read, locked or written. The file is left as it was.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case lockTimeout(path: String, seconds: Double)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read state file \(path): \(reason)"
        case .corrupt(let path, let reason):
            "state file \(path) is damaged: \(reason); it was left untouched (fix it or move it away)"
        case .lockTimeout(let path, let seconds):
            "another todo process has held the lock on \(path) for \(formatSeconds(seconds)) s; try again"
        case .unwritable(let path, let reason): "cannot write state file \(path): \(reason)"
        }
    }
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}

func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
