import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

/// A value bound to a statement as either driver takes it (Fluent's own storage in SQLite:
/// UUIDs as their 16 bytes, `BinaryUUID`, and booleans as integers), and statements run
/// through each driver's own API.
enum SQLValue: Sendable {
    case uuid(UUID)
    case integer(Int64)
    case bool(Bool)
    case text(String)
    /// Bytes stored as they are (a BLOB in SQLite, bytea in PostgreSQL).
    case blob(ByteBuffer)
    case null

    static func optional(_ value: SQLValue?) -> SQLValue { value ?? .null }

    /// `count` placeholders from `$first` on, for an `IN (…)` list: "$2, $3, $4".
    static func placeholders(from first: Int, count: Int) -> String {
        (first..<(first + count)).map { "$\($0)" }.joined(separator: ", ")
    }

    var sqlite: SQLiteData {
        switch self {
        case .uuid(let uuid): uuid.sqliteData ?? .null
        case .integer(let integer): .integer(Int(integer))
        case .bool(let bool): .integer(bool ? 1 : 0)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        case .null: .null
        }
    }

    var postgres: PostgresData {
        switch self {
        case .uuid(let uuid): PostgresData(uuid: uuid)
        case .integer(let integer): PostgresData(int64: integer)
        case .bool(let bool): PostgresData(bool: bool)
        case .text(let text): PostgresData(string: text)
        case .blob(let bytes): PostgresData(type: .bytea, formatCode: .binary, value: bytes)
        case .null: .null
        }
    }

    /// The rows of `query` (placeholders `$1`, `$2`, …), each read by the driver's reader.
    static func rows<Row>(
        _ db: any Database, _ query: String, _ binds: [SQLValue],
        sqlite: (SQLiteColumns) throws -> Row, postgres: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        if let database = db as? any SQLiteDatabase {
            return try await database.query(sqliteText(query), binds.map(\.sqlite)).map {
                try sqlite(SQLiteColumns(row: $0))
            }
        }
        if let database = db as? any PostgresDatabase {
            return try await database.query(query, binds.map(\.postgres)).get().rows.map(postgres)
        }
        throw Abort(.internalServerError, reason: "the server reads SQLite or PostgreSQL only")
    }

    /// `query` with SQLite's placeholders: `?1`, `?2`, … for `$1`, `$2`, …. SQLite takes a
    /// `$N` for a name, looked up among every name before it, which made preparing a push's
    /// INSERT of 1400 binds cost more than running it.
    static func sqliteText(_ query: String) -> String {
        // No statement holds a `$` but its placeholders: values are bound, never spelled out.
        String(decoding: query.utf8.map { $0 == UInt8(ascii: "$") ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}

/// A row that reads its SQLite columns by name: SQLiteNIO's rows, and the rows of the SQLite
/// writer's own statements (`SQLiteStatementRow`).
protocol SQLiteColumnSource {
    func column(_ name: String) -> SQLiteData?
    /// The UUID in column `name` (its 16 bytes, or its text), or nil.
    func uuid(_ name: String) -> UUID?
}

extension SQLiteColumnSource {
    func uuid(_ name: String) -> UUID? {
        column(name).flatMap(UUID.init(sqliteData:))
    }
}

extension SQLiteRow: SQLiteColumnSource {}

/// The columns of a SQLite row as the server wrote them; a column holding anything else is a
/// server error.
struct SQLiteColumns {
    let row: any SQLiteColumnSource

    func integer(_ name: String) throws -> Int64 {
        guard case .integer(let value)? = row.column(name) else { throw Self.unreadable(name) }
        return Int64(value)
    }

    func text(_ name: String) throws -> String {
        guard case .text(let value)? = row.column(name) else { throw Self.unreadable(name) }
        return value
    }

    func blob(_ name: String) throws -> ByteBuffer {
        guard case .blob(let value)? = row.column(name) else { throw Self.unreadable(name) }
        return value
    }

    func uuid(_ name: String) throws -> UUID {
        guard let uuid = row.uuid(name) else { throw Self.unreadable(name) }
        return uuid
    }

    func optional<T>(_ name: String, _ read: (String) throws -> T) throws -> T? {
        if case .null? = row.column(name) { return nil }
        return try read(name)
    }

    static func unreadable(_ column: String) -> Abort {
        Abort(.internalServerError, reason: "a todo's \(column) in the database is not what the server wrote")
    }
}
