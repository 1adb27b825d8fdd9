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
        var types = [PostgresDataType?](repeating: nil, count: columns.count)
        for row in rows {
            guard row.count == columns.count else { return nil }
            for (column, value) in row.enumerated() {
                guard let type = value.postgresType else { continue }
                if types[column] == nil {
                    types[column] = type
                } else if types[column] != type {
                    return nil
                }
            }
        }
        let binds = types.indices.compactMap { column in
            types[column].map { type in PostgresData(array: rows.map { $0[column].postgres }, elementType: type) }
        }
        guard !binds.isEmpty else { return nil }
        let shape = InsertShape.unnest(
            table: table, columns: columns, nullColumns: types.map { $0 == nil }, suffix: suffix)
        return (statements.withLockedValue { $0.statement(for: shape) }, binds)
    }

    /// The PostgreSQL type `postgres` binds this value as; nil for null.
    private var postgresType: PostgresDataType? {
        switch self {
        case .uuid: .uuid
        case .integer: .int8
        case .bool: .bool
        case .text: .text
        case .blob: .bytea
        case .null: nil
        }
    }

    /// The texts of the INSERTs made so far: a push of 100 todos wrote its 1400 placeholders
    /// again each time.
    private static let statements = NIOLockedValueBox(InsertStatements())
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
