import Fluent
import FluentPostgresDriver
import Foundation

/// Where the write path (`withUserWrite`) runs its statements: on SQLite the writer's own
/// connection (`SQLiteWriteConnection`, inside a group of `WriterQueue`), on PostgreSQL the
/// request's transaction through Fluent (`FluentWriteConnection`). Statements are written for
/// both, with placeholders `$1`, `$2`, ….
protocol WriteConnection: Sendable {
    /// The rows of `query`, each read by the reader of this connection's database.
    func rows<Row>(
        _ query: String, _ binds: [SQLValue], sqlite: (SQLiteColumns) throws -> Row,
        postgres: (PostgresRow) throws -> Row
    ) async throws -> [Row]
}

extension WriteConnection {
    /// Runs `statement`, which returns no rows.
    func run(_ statement: String, _ binds: [SQLValue] = []) async throws {
        _ = try await rows(statement, binds, sqlite: { _ in () }, postgres: { _ in () })
    }

    /// One multi-row INSERT of `rows` (each of `columns`' values, in order), then `suffix`
    /// (an ON CONFLICT clause); nothing when `rows` is empty.
    func insert(into table: String, columns: [String], rows: some Collection<[SQLValue]>, suffix: String = "")
        async throws
    {
        guard !rows.isEmpty else { return }
        let (statement, binds) = SQLValue.insert(into: table, columns: columns, rows: rows, suffix: suffix)
        try await run(statement, binds)
    }
}

/// A Fluent database (a PostgreSQL transaction) as the write path's connection.
struct FluentWriteConnection: WriteConnection {
    let db: any Database

    func rows<Row>(
        _ query: String, _ binds: [SQLValue], sqlite: (SQLiteColumns) throws -> Row,
        postgres: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await SQLValue.rows(db, query, binds, sqlite: sqlite, postgres: postgres)
    }
}
