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

    /// One INSERT of `rows` (each of `columns`' values, in order), then `suffix` (an ON
    /// CONFLICT clause); nothing when `rows` is empty.
    func insert<Rows: Collection<[SQLValue]>>(into table: String, columns: [String], rows: Rows, suffix: String)
        async throws

    /// Whether `insert` binds an array per column rather than a value per value (PostgreSQL).
    var bindsArrays: Bool { get }
}

extension WriteConnection {
    /// Runs `statement`, which returns no rows.
    func run(_ statement: String, _ binds: [SQLValue] = []) async throws {
        _ = try await rows(statement, binds, sqlite: { _ in () }, postgres: { _ in () })
    }

    /// `insert` as one multi-row INSERT … VALUES, which both databases take.
    func insertValues<Rows: Collection<[SQLValue]>>(
        into table: String, columns: [String], rows: Rows, suffix: String
    ) async throws {
        guard !rows.isEmpty else { return }
        let (statement, binds) = SQLValue.insert(into: table, columns: columns, rows: rows, suffix: suffix)
        try await run(statement, binds)
    }

    var bindsArrays: Bool { false }

    func insert<Rows: Collection<[SQLValue]>>(into table: String, columns: [String], rows: Rows, suffix: String)
        async throws
    {
        try await insertValues(into: table, columns: columns, rows: rows, suffix: suffix)
    }
}

/// A Fluent database (a PostgreSQL transaction) as the write path's connection.
struct FluentWriteConnection: WriteConnection {
    let db: any Database

    var bindsArrays: Bool { db is any PostgresDatabase }

    func rows<Row>(
        _ query: String, _ binds: [SQLValue], sqlite: (SQLiteColumns) throws -> Row,
        postgres: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await SQLValue.rows(db, query, binds, sqlite: sqlite, postgres: postgres)
    }

    /// On PostgreSQL one INSERT … SELECT from `unnest` of an array per column: a binding per
    /// column instead of per value, which PostgreSQL parses and plans in a fraction of the
    /// time (a first push of 10,000 todos spent a quarter of the database's work on its
    /// 7,000-value statements). Else, or for a column mixing kinds of value, `insertValues`.
    func insert<Rows: Collection<[SQLValue]>>(into table: String, columns: [String], rows: Rows, suffix: String)
        async throws
    {
        guard !rows.isEmpty else { return }
        if let postgres = db as? any PostgresDatabase,
            let (statement, binds) = SQLValue.unnestInsert(into: table, columns: columns, rows: rows, suffix: suffix)
        {
            _ = try await postgres.query(statement, binds).get()
            return
        }
        try await insertValues(into: table, columns: columns, rows: rows, suffix: suffix)
    }
}
