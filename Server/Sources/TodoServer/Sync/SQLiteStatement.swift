import FluentSQLiteDriver
import Foundation
import VaporCSQLite

/// The writer connection's prepared statements, by their text, for reuse: a push prepared
/// the same half-dozen statements each time, and preparing its INSERT of 1400 binds cost as
/// much as running it. Bounded: past `capacity` different texts (each batch size has its own
/// IN list and VALUES), all are finalized and preparing starts over.
struct SQLiteStatementCache {
    static let capacity = 64

    private var statements: [String: SQLitePreparedStatement] = [:]

    /// The statement of `query` (placeholders `$1`, `$2`, …), prepared once on `handle`.
    mutating func prepared(_ query: String, on handle: OpaquePointer) throws -> SQLitePreparedStatement {
        if let statement = statements[query] { return statement }
        if statements.count >= Self.capacity { finalizeAll() }
        let statement = try SQLitePreparedStatement(SQLValue.sqliteText(query), on: handle)
        statements[query] = statement
        return statement
    }

    mutating func finalizeAll() {
        for statement in statements.values { statement.finalize() }
        statements = [:]
    }
}

/// One prepared statement of the writer's connection, with its columns' names.
final class SQLitePreparedStatement {
    private(set) var pointer: OpaquePointer?
    /// Each result column's index, by name.
    let columns: [String: Int32]

    init(_ text: String, on handle: OpaquePointer) throws {
        let prepared = sqlite_nio_sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard prepared == SQLITE_OK, let pointer else { throw SQLiteWriteError(code: prepared, on: handle) }
        var columns: [String: Int32] = [:]
        for index in 0..<sqlite_nio_sqlite3_column_count(pointer) {
            if let name = sqlite_nio_sqlite3_column_name(pointer, index) { columns[String(cString: name)] = index }
        }
        self.columns = columns
    }

    func finalize() {
        sqlite_nio_sqlite3_finalize(pointer)
        pointer = nil
    }

    /// Binds `values` to the placeholders, in order, as `SQLValue.sqlite` does; SQLite copies
    /// what is bound (transient).
    func bind(_ values: [SQLValue], on handle: OpaquePointer) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let bound: Int32 =
                switch value {
                case .uuid(let uuid):
                    withUnsafeBytes(of: uuid.uuid) {
                        sqlite_nio_sqlite3_bind_blob(pointer, index, $0.baseAddress, 16, transient)
                    }
                case .integer(let integer): sqlite_nio_sqlite3_bind_int64(pointer, index, integer)
                case .bool(let bool): sqlite_nio_sqlite3_bind_int64(pointer, index, bool ? 1 : 0)
                case .text(let text): Self.bind(text, at: index, of: pointer)
                case .blob(let bytes):
                    bytes.withUnsafeReadableBytes {
                        sqlite_nio_sqlite3_bind_blob64(
                            pointer, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count),
                            transient)
                    }
                case .null: sqlite_nio_sqlite3_bind_null(pointer, index)
                }
            guard bound == SQLITE_OK else { throw SQLiteWriteError(code: bound, on: handle) }
        }
    }

    private static func bind(_ text: String, at index: Int32, of pointer: OpaquePointer?) -> Int32 {
        var text = text
        return text.withUTF8 { utf8 in
            sqlite_nio_sqlite3_bind_text64(
                pointer, index, chars(utf8.baseAddress), UInt64(utf8.count), transient, UInt8(SQLITE_UTF8))
        }
    }

    /// Steps to the next row: true when there is one, false when the statement is done.
    func step(on handle: OpaquePointer) throws -> Bool {
        let stepped = sqlite_nio_sqlite3_step(pointer)
        if stepped == SQLITE_ROW { return true }
        guard stepped == SQLITE_DONE else { throw SQLiteWriteError(code: stepped, on: handle) }
        return false
    }

    /// Makes the statement ready to run again (its binds are replaced at the next run).
    func reset() {
        sqlite_nio_sqlite3_reset(pointer)
    }
}

/// SQLite's `SQLITE_TRANSIENT`: it copies what is bound.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// UTF-8 bytes as the `const char *` SQLite takes.
private func chars(_ bytes: UnsafePointer<UInt8>?) -> UnsafePointer<CChar>? {
    bytes.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
}

/// The current row of a statement of the writer's connection, read in place.
struct SQLiteStatementRow: SQLiteColumnSource {
    let statement: SQLitePreparedStatement

    func column(_ name: String) -> SQLiteData? {
        guard let index = statement.columns[name], let pointer = statement.pointer else { return nil }
        switch sqlite_nio_sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(pointer, index)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(pointer, index))
        case SQLITE_NULL: return .null
        case SQLITE_TEXT:
            let count = Int(sqlite_nio_sqlite3_column_bytes(pointer, index))
            guard let text = sqlite_nio_sqlite3_column_text(pointer, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(pointer, index))
            let bytes = UnsafeRawBufferPointer(start: sqlite_nio_sqlite3_column_blob(pointer, index), count: count)
            return .blob(ByteBuffer(bytes: bytes))
        default:
            return nil
        }
    }

    /// Reads a UUID's 16 bytes in place; text through `column`.
    func uuid(_ name: String) -> UUID? {
        guard let index = statement.columns[name], let pointer = statement.pointer else { return nil }
        guard sqlite_nio_sqlite3_column_type(pointer, index) == SQLITE_BLOB else {
            return column(name).flatMap(UUID.init(sqliteData:))
        }
        let count = Int(sqlite_nio_sqlite3_column_bytes(pointer, index))
        return UUID(bytes: UnsafeRawBufferPointer(start: sqlite_nio_sqlite3_column_blob(pointer, index), count: count))
    }
}
