import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import VaporCSQLite

/// The SQLite writer's own connection to the database file, through SQLite's C API (the copy
/// SQLiteNIO builds), with its prepared statements kept for reuse.
///
/// Every statement of a group of writes (`WriterQueue`) runs here, on the writer's thread,
/// with no hand-off: through SQLiteNIO each one went from Swift's concurrency pool to its
/// thread pool and back through an event loop (once per row), and was prepared again each
/// time. One connection also keeps its page cache: SQLite empties a connection's cache when
/// another connection wrote since its last transaction, and the groups alternated between the
/// pool's connections, so each group read its pages back from the file.
///
/// Used by one task at a time (the queue's drain), hence `@unchecked Sendable`.
final class SQLiteWriteConnection: WriteConnection, @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements = SQLiteStatementCache()

    /// Opens the database file at `path`, which must exist (the server migrated it), and sets
    /// the pragmas of `SQLiteTuning.writerPragmas`.
    init(path: String) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE
        let opened = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard opened == SQLITE_OK else {
            let error = SQLiteWriteError(code: opened, message: "cannot open \(path)")
            close()
            throw error
        }
        do {
            for pragma in SQLiteTuning.writerPragmas { try execute("PRAGMA " + pragma) }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Finalizes the statements and closes the connection; nothing may use it after.
    func close() {
        statements.finalizeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    var inTransaction: Bool { handle.map { sqlite_nio_sqlite3_get_autocommit($0) == 0 } ?? false }

    func rows<Row>(
        _ query: String, _ binds: [SQLValue], sqlite: (SQLiteColumns) throws -> Row,
        postgres: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try rowsNow(query, binds, sqlite)
    }

    /// `rows` without suspending: the statement runs on the calling thread.
    func rowsNow<Row>(_ query: String, _ binds: [SQLValue] = [], _ read: (SQLiteColumns) throws -> Row) throws -> [Row]
    {
        guard let handle else {
            throw SQLiteWriteError(code: SQLITE_MISUSE, message: "the writer's connection is closed")
        }
        let statement = try statements.prepared(query, on: handle)
        defer { statement.reset() }
        try statement.bind(binds, on: handle)
        var rows: [Row] = []
        while try statement.step(on: handle) {
            rows.append(try read(SQLiteColumns(row: SQLiteStatementRow(statement: statement))))
        }
        return rows
    }

    /// Runs `statement`, which returns no rows, without suspending.
    func execute(_ statement: String, _ binds: [SQLValue] = []) throws {
        _ = try rowsNow(statement, binds) { _ in () }
    }
}

/// An error SQLite returned to the writer's connection: its extended result code and message.
struct SQLiteWriteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    /// Another connection held the database past the busy timeout (`SQLITE_BUSY`,
    /// `SQLITE_LOCKED` and their extended codes).
    var isLocked: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    var description: String { "SQLite error \(code): \(message)" }

    /// The connection's latest error, for result code `code`.
    init(code: Int32, on handle: OpaquePointer) {
        self.init(code: code, message: sqlite_nio_sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown")
    }

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
