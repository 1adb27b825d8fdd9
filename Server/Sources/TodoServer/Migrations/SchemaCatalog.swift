import Fluent
import SQLKit

/// The tables the migrations made in a database, as its own catalog lists them: parents
/// before the tables whose foreign keys name them, each with its columns. Fluent's log of
/// migrations is left out. `copy-database` copies these tables, so a table that a new
/// migration adds is copied without a second list to keep up to date.
struct SchemaCatalog: Equatable {
    struct Table: Equatable {
        let name: String
        var columns: [Column]
    }

    struct Column: Equatable {
        let name: String
        /// The type the catalog gives, lowercased: on SQLite the declared one (`uuid`,
        /// `integer` for integers and booleans alike, `text`), on PostgreSQL `uuid`, `bigint`,
        /// `boolean`, `text`.
        let type: String
    }

    let tables: [Table]

    static func of(_ db: any Database) async throws -> SchemaCatalog {
        let sql = try db.sql()
        let sqlite = sql.dialect.name == "sqlite"
        var tables: [Table] = []
        for row in try await sql.raw(sqlite ? sqliteColumns : postgresColumns).all() {
            let table = try row.decode(column: "table_name", as: String.self)
            let column = Column(
                name: try row.decode(column: "column_name", as: String.self),
                type: try row.decode(column: "data_type", as: String.self).lowercased())
            if tables.last?.name == table {
                tables[tables.count - 1].columns.append(column)
            } else {
                tables.append(Table(name: table, columns: [column]))
            }
        }
        let keys = try await sql.raw(sqlite ? sqliteKeys : postgresKeys).all().map { row in
            (
                child: try row.decode(column: "child", as: String.self),
                parent: try row.decode(column: "parent", as: String.self)
            )
        }
        return SchemaCatalog(tables: try parentsFirst(tables, keys))
    }

    /// `tables` (in name order) with each after the tables its foreign keys name.
    private static func parentsFirst(_ tables: [Table], _ keys: [(child: String, parent: String)]) throws -> [Table] {
        var left = tables
        var placed: [Table] = []
        while !left.isEmpty {
            let placedNames = Set(placed.map(\.name))
            guard
                let next = left.firstIndex(where: { table in
                    keys.allSatisfy {
                        $0.child != table.name || $0.parent == table.name || placedNames.contains($0.parent)
                    }
                })
            else {
                throw CommandFailure(
                    """
                    the foreign keys of \(left.map(\.name).joined(separator: ", ")) name each other: no order to copy \
                    them in
                    """
                )
            }
            placed.append(left.remove(at: next))
        }
        return placed
    }

    private static let sqliteColumns: SQLQueryString = """
        SELECT m.name AS table_name, c.name AS column_name, c.type AS data_type
        FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS c
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name <> \(bind: MigrationLog.schema)
        ORDER BY m.name, c.cid
        """

    private static let sqliteKeys: SQLQueryString = """
        SELECT m.name AS child, k."table" AS parent
        FROM sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS k WHERE m.type = 'table'
        """

    private static let postgresColumns: SQLQueryString = """
        SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, c.data_type::text AS data_type
        FROM information_schema.columns AS c JOIN information_schema.tables AS t
            ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema = current_schema() \
        AND c.table_name <> \(bind: MigrationLog.schema)
        ORDER BY c.table_name, c.ordinal_position
        """

    private static let postgresKeys: SQLQueryString = """
        SELECT child.relname::text AS child, parent.relname::text AS parent
        FROM pg_constraint AS k JOIN pg_class AS child ON child.oid = k.conrelid JOIN pg_class AS parent \
        ON parent.oid = k.confrelid
        WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace
        """
}
