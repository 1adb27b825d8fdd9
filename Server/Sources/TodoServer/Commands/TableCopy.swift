import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

/// One table's rows copied from one database to another (`copy-database`), in batches: a
/// batch read, then written with one INSERT, so memory holds one batch whatever the table's
/// size. Values go through `SQLValue`, as each driver stores them: a UUID is 16 bytes on
/// SQLite and a uuid on PostgreSQL, a boolean an integer on SQLite.
struct TableCopy: Sendable {
    struct Column: Sendable {
        let name: String
        let kind: ColumnKind
    }

    let table: String
    let columns: [Column]

    /// Rows per batch: 1000, fewer for a table so wide that 1000 rows would pass SQLite's
    /// limit of 32766 binds a statement.
    var batchRows: Int { max(1, min(1000, 32766 / max(1, columns.count))) }

    /// Copies every row of the table; calls `progress` with the rows copied so far after each
    /// batch, and returns their number. Both databases must be in a transaction: the source's
    /// batches must come from one snapshot (on PostgreSQL, the cursor lives in it).
    func run(from source: any Database, to target: any Database, progress: (Int) -> Void) async throws -> Int {
        let into = FluentWriteConnection(db: target)
        var copied = 0
        try await eachBatch(of: source) { rows in
            try await into.insert(into: quoted(table), columns: columns.map { quoted($0.name) }, rows: rows, suffix: "")
            copied += rows.count
            progress(copied)
        }
        return copied
    }

    private var selectList: String { columns.map { quoted($0.name) }.joined(separator: ", ") }

    /// The source's rows, a batch at a time: on SQLite in rowid order (each batch starts after
    /// the last rowid of the one before), on PostgreSQL through a cursor.
    private func eachBatch(of source: any Database, _ body: ([[SQLValue]]) async throws -> Void) async throws {
        if let sqlite = source as? any SQLiteDatabase {
            var after = Int64.min
            while true {
                let rows = try await sqlite.query(
                    """
                    SELECT rowid AS copy_rowid, \(selectList) FROM \(quoted(table)) WHERE rowid > ?1 ORDER BY rowid \
                    LIMIT \(batchRows)
                    """,
                    [.integer(Int(after))])
                guard let last = rows.last, case .integer(let rowid)? = last.column("copy_rowid") else { return }
                after = Int64(rowid)
                try await body(rows.map { row in try columns.map { try value(of: $0, in: row) } })
            }
        } else if let postgres = source as? any PostgresDatabase {
            _ = try await postgres.query(
                "DECLARE copy_rows NO SCROLL CURSOR FOR SELECT \(selectList) FROM \(quoted(table))", []
            ).get()
            while true {
                let rows = try await postgres.query("FETCH FORWARD \(batchRows) FROM copy_rows", []).get().rows
                guard !rows.isEmpty else { break }
                try await body(
                    rows.map { row in try zip(columns, row).map { column, cell in try value(of: column, in: cell) } })
            }
            _ = try await postgres.query("CLOSE copy_rows", []).get()
        } else {
            throw CommandFailure("copy-database reads SQLite or PostgreSQL only")
        }
    }

    private func value(of column: Column, in row: SQLiteRow) throws -> SQLValue {
        let data = row.column(column.name) ?? .null
        guard let value = column.kind.value(data) else {
            throw CommandFailure("\(table).\(column.name) holds \(data), not a \(column.kind)")
        }
        return value
    }

    private func value(of column: Column, in cell: PostgresCell) throws -> SQLValue {
        do {
            return try column.kind.value(cell)
        } catch {
            throw CommandFailure("\(table).\(column.name) holds a \(cell.dataType), not a \(column.kind)")
        }
    }
}

/// An identifier quoted for either database (the catalog's names hold no quote).
func quoted(_ name: String) -> String { "\"" + name + "\"" }

/// What a column holds, in the terms both databases share (`SQLValue`'s).
enum ColumnKind: Sendable, CustomStringConvertible {
    case uuid, integer, bool, text, blob

    /// The kind of a column whose catalog types (`SchemaCatalog.Column.type`) are `one` in one
    /// database and `other` in the other: SQLite declares a boolean as integer, PostgreSQL
    /// says boolean, and the boolean wins.
    init(_ one: String, _ other: String, column: String) throws {
        guard let first = Self(type: one), let second = Self(type: other) else {
            throw CommandFailure("copy-database does not know the type of \(column) (\(one), \(other))")
        }
        switch (first, second) {
        case (.integer, .bool), (.bool, .integer): self = .bool
        case (.uuid, .uuid), (.integer, .integer), (.bool, .bool), (.text, .text), (.blob, .blob): self = first
        case (.uuid, _), (.integer, _), (.bool, _), (.text, _), (.blob, _):
            throw CommandFailure("\(column) is \(one) in one database and \(other) in the other")
        }
    }

    private init?(type: String) {
        switch type {
        case "uuid": self = .uuid
        case "integer", "bigint": self = .integer
        case "boolean": self = .bool
        case "text": self = .text
        // SQLite declares bytes BLOB, PostgreSQL bytea (Fluent's `.data`).
        case "blob", "bytea": self = .blob
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .uuid: "uuid"
        case .integer: "integer"
        case .bool: "boolean"
        case .text: "text"
        case .blob: "bytes"
        }
    }

    /// A SQLite value of this kind, or nil if it is not one.
    func value(_ data: SQLiteData) -> SQLValue? {
        if case .null = data { return .null }
        switch self {
        case .uuid:
            return UUID(sqliteData: data).map(SQLValue.uuid)
        case .integer:
            guard case .integer(let value) = data else { return nil }
            return .integer(Int64(value))
        case .bool:
            guard case .integer(let value) = data else { return nil }
            return .bool(value != 0)
        case .text:
            guard case .text(let value) = data else { return nil }
            return .text(value)
        case .blob:
            guard case .blob(let value) = data else { return nil }
            return .blob(value)
        }
    }

    /// A PostgreSQL value of this kind; throws if it is not one.
    func value(_ cell: PostgresCell) throws -> SQLValue {
        switch self {
        case .uuid: try cell.decode(UUID?.self).map(SQLValue.uuid) ?? .null
        case .integer: try cell.decode(Int64?.self).map(SQLValue.integer) ?? .null
        case .bool: try cell.decode(Bool?.self).map(SQLValue.bool) ?? .null
        case .text: try cell.decode(String?.self).map(SQLValue.text) ?? .null
        case .blob: try cell.decode(ByteBuffer?.self).map(SQLValue.blob) ?? .null
        }
    }
}

/// What the copy's transactions (`copyDatabase`) do beyond BEGIN and COMMIT, which only
/// PostgreSQL needs.
enum CopyTransactions {
    /// Reads the source as of one moment: SQLite's transactions do, PostgreSQL's need asking.
    static func begin(on source: any Database) async throws {
        guard !SQLiteTuning.isSQLite(source) else { return }
        try await source.sql().raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").run()
    }

    /// On PostgreSQL, makes each sequence behind a column (serial, identity) go on after the
    /// copied rows. The tables have none today (every key is a UUID); a later one might.
    static func advanceSequences(on target: any Database) async throws {
        guard !SQLiteTuning.isSQLite(target) else { return }
        let sql = try target.sql()
        let columns = try await sql.raw(
            """
            SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
            """
        ).all()
        for row in columns {
            let table = try row.decode(column: "table_name", as: String.self)
            let column = try row.decode(column: "column_name", as: String.self)
            try await sql.raw(
                """
                SELECT setval(pg_get_serial_sequence(\(bind: quoted(table)), \(bind: column)), \
                COALESCE(MAX(\(ident: column)), 0) + 1, false) \
                FROM \(ident: table)
                """
            ).run()
        }
    }
}
