import FluentPostgresDriver
import NIOConcurrencyHelpers

/// The write path's multi-row INSERTs (`WriteConnection.insert`): the statement text, made
/// once per shape, and its binds.
extension SQLValue {
    /// One multi-row INSERT … VALUES of `rows` (each of `columns`' values, in order), then
    /// `suffix` (an ON CONFLICT clause): the statement and its binds, one per value.
    static func insert(
        into table: String, columns: [String], rows: some Collection<[SQLValue]>, suffix: String = ""
    ) -> (statement: String, binds: [SQLValue]) {
        var binds: [SQLValue] = []
        binds.reserveCapacity(rows.count * columns.count)
        for row in rows { binds.append(contentsOf: row) }
        let shape = InsertShape.values(table: table, columns: columns, rows: rows.count, suffix: suffix)
        return (statements.withLockedValue { $0.statement(for: shape) }, binds)
    }

    /// The same INSERT for PostgreSQL as an INSERT … SELECT from `unnest` of one array per
    /// column, and its binds, one per column; nil when a column holds values of two kinds, or
    /// a row is not as wide as `columns`. A column holding nothing but nulls is written as
    /// NULL, which takes the column's type (an array of nulls would need one).
    static func unnestInsert(
        into table: String, columns: [String], rows: some Collection<[SQLValue]>, suffix: String = ""
    ) -> (statement: String, binds: [PostgresData])? {
        // An array: `rows` comes through the existential `WriteConnection`, unspecialized, and
        // a generic walk of it looked up type metadata for every value.
        let rows = Array(rows)
        var types = [PostgresArrayType?](repeating: nil, count: columns.count)
        for row in rows {
            guard row.count == columns.count else { return nil }
            for (column, value) in row.enumerated() {
                guard let type = value.postgresArrayType else { continue }
                if types[column] == nil {
                    types[column] = type
                } else if types[column] != type {
                    return nil
                }
            }
        }
        let binds = types.indices.compactMap { column in
            types[column].map { type in postgresArray(column, of: rows, type) }
        }
        guard !binds.isEmpty else { return nil }
        let shape = InsertShape.unnest(
            table: table, columns: columns, nullColumns: types.map { $0 == nil }, suffix: suffix)
        return (statements.withLockedValue { $0.statement(for: shape) }, binds)
    }

    /// Column `column` of `rows` as a PostgreSQL array of `type`, in the binary form `PostgresData(array:elementType:)`
    /// writes, but each value written straight into one buffer sized first: a buffer per value
    /// (`postgres`) cost an INSERT of 1,000 todos 15,000 allocations, and their copying.
    static func postgresArray(_ column: Int, of rows: [[SQLValue]], _ type: PostgresArrayType) -> PostgresData {
        var size = 20
        for row in rows { size += 4 + row[column].binarySize }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        // Dimensions (none when empty), a flag PostgreSQL ignores, the element type; then the
        // one dimension's length and lower bound.
        buffer.writeInteger(rows.isEmpty ? 0 : 1, as: UInt32.self)
        buffer.writeInteger(0, as: UInt32.self)
        buffer.writeInteger(type.element.rawValue)
        if !rows.isEmpty {
            buffer.writeInteger(UInt32(rows.count))
            buffer.writeInteger(1, as: UInt32.self)
            for row in rows { row[column].writeBinary(to: &buffer) }
        }
        return PostgresData(type: type.array, typeModifier: nil, formatCode: .binary, value: buffer)
    }

    /// The bytes `writeBinary` writes after the length.
    private var binarySize: Int {
        switch self {
        case .uuid: 16
        case .integer: 8
        case .bool: 1
        case .text(let text): text.utf8.count
        case .blob(let bytes): bytes.readableBytes
        case .null: 0
        }
    }

    /// The value's length, then its binary form as `postgres` holds it (-1 for null).
    private func writeBinary(to buffer: inout ByteBuffer) {
        switch self {
        case .uuid(let uuid):
            buffer.writeInteger(16, as: UInt32.self)
            withUnsafeBytes(of: uuid.uuid) { _ = buffer.writeBytes($0) }
        case .integer(let integer):
            buffer.writeInteger(8, as: UInt32.self)
            buffer.writeInteger(integer)
        case .bool(let bool):
            buffer.writeInteger(1, as: UInt32.self)
            buffer.writeInteger(bool ? 1 : 0, as: UInt8.self)
        case .text(let text):
            buffer.writeInteger(UInt32(text.utf8.count))
            buffer.writeString(text)
        case .blob(let bytes):
            buffer.writeInteger(UInt32(bytes.readableBytes))
            buffer.writeImmutableBuffer(bytes)
        case .null:
            buffer.writeInteger(-1, as: Int32.self)
        }
    }

    /// The PostgreSQL type `postgres` binds this value as, and the type of an array of them;
    /// nil for null.
    private var postgresArrayType: PostgresArrayType? {
        switch self {
        case .uuid: PostgresArrayType(element: .uuid, array: .uuidArray)
        case .integer: PostgresArrayType(element: .int8, array: .int8Array)
        case .bool: PostgresArrayType(element: .bool, array: .boolArray)
        case .text: PostgresArrayType(element: .text, array: .textArray)
        case .blob: PostgresArrayType(element: .bytea, array: .byteaArray)
        case .null: nil
        }
    }

    /// The texts of the INSERTs made so far: a push of 100 todos wrote its 1400 placeholders
    /// again each time.
    private static let statements = NIOLockedValueBox(InsertStatements())
}

/// The type of an array's elements, and of the array.
struct PostgresArrayType: Equatable {
    var element: PostgresDataType
    var array: PostgresDataType
}

/// What an INSERT's text depends on.
private enum InsertShape: Hashable {
    case values(table: String, columns: [String], rows: Int, suffix: String)
    case unnest(table: String, columns: [String], nullColumns: [Bool], suffix: String)

    var text: String {
        switch self {
        case .values(let table, let columns, let rows, let suffix):
            var statement = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            for row in 0..<rows {
                statement += row == 0 ? "(" : ", ("
                for column in columns.indices {
                    statement += (column == 0 ? "$" : ", $") + String(row * columns.count + column + 1)
                }
                statement += ")"
            }
            return statement + suffix
        case .unnest(let table, let columns, let nullColumns, let suffix):
            // INSERT INTO t (a, b, c) SELECT u.c0, NULL, u.c2 FROM unnest($1, $2) AS u(c0, c2)
            let bound = columns.indices.filter { !nullColumns[$0] }
            let select = columns.indices.map { nullColumns[$0] ? "NULL" : "u.c\($0)" }
            let arrays = bound.indices.map { "$\($0 + 1)" }
            return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT "
                + "\(select.joined(separator: ", ")) FROM unnest(\(arrays.joined(separator: ", "))) "
                + "AS u(\(bound.map { "c\($0)" }.joined(separator: ", ")))" + suffix
        }
    }
}

/// INSERT texts by shape, at most `capacity` of them (then all are dropped).
private struct InsertStatements {
    static let capacity = 256
    private var texts: [InsertShape: String] = [:]

    mutating func statement(for shape: InsertShape) -> String {
        if let text = texts[shape] { return text }
        if texts.count >= Self.capacity { texts = [:] }
        let text = shape.text
        texts[shape] = text
        return text
    }
}
