import FluentPostgresDriver
import FluentSQLiteDriver
import NIOCore
import NIOPosix

/// Whether an error says the database cannot be reached or used right now (not that a request
/// was wrong): such a request is answered 503 with Retry-After, so that clients and cron jobs
/// try again later instead of reporting a bad answer.
enum DatabaseOutage {
    static func contains(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError: return isOutage(error)
        case let error as SQLiteError: return sqliteOutages.contains(error.reason)
        case is ConnectionPoolTimeoutError, is NIOConnectionError, is IOError, is ChannelError: return true
        case let error as ConnectionPoolError: return error == .shutdown
        default: return false
        }
    }

    /// The connection failed or was closed, or the server said it cannot take work now:
    /// SQLSTATE class 08 (connection exception), 53 (insufficient resources), 57P01-57P03
    /// (shutting down, cannot connect now).
    private static func isOutage(_ error: PSQLError) -> Bool {
        let lost: [PSQLError.Code] = [.connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed]
        if lost.contains(error.code) { return true }
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || state.hasPrefix("53") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// The file cannot be opened, read or written (a disk gone, full or read-only).
    private static let sqliteOutages: Set<SQLiteError.Reason> = [.cantOpen, .ioError, .full, .readOnly]
}
