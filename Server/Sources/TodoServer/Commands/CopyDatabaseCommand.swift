import Fluent
import Foundation
import SQLKit
import Vapor

/// `todo-server copy-database --from SOURCE`: every row of another todo-server database (a
/// SQLite file, or a postgres:// URL) copied into the one the environment names, which must
/// be empty: to move a server from SQLite to PostgreSQL, or back.
///
/// The copy keeps the dataset id, the revisions and the stored push results, so devices go
/// on syncing with the same tokens and cursors, and CalDAV apps see the same ETags. The
/// target is migrated first, then filled in one transaction: a failure leaves it empty.
struct CopyDatabaseCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "from", help: "The database to copy: a SQLite file, or a postgres:// URL.")
        var from: String?
    }

    let settings: ServerSettings
    let help =
        "Copy another todo-server database (a SQLite file or a postgres:// URL) into this one, which must be empty."

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let from = signature.from, !from.isEmpty else {
            throw CommandFailure("name the database to copy: todo-server copy-database --from FILE-OR-POSTGRES-URL")
        }
        let report = try await copyDatabase(into: context.application, settings: settings, from: .init(naming: from)) {
            line in
            FileHandle.standardError.write(Data("copy-database: \(line)\n".utf8))
        }
        context.console.output(report.summary.consoleText())
    }
}

/// What `copyDatabase` copied.
struct CopyReport: Sendable {
    let source: String
    let target: String
    let datasetId: UUID
    /// Each table with its rows, in the order they were copied.
    let tables: [(name: String, rows: Int)]
    let duration: Duration

    var summary: String {
        let rows = tables.reduce(0) { $0 + $1.rows }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let each = tables.map { "\($0.name) \($0.rows)" }.joined(separator: ", ")
        return "Copied \(rows) rows from \(source) to \(target) in \(String(format: "%.1f", seconds)) s, "
            + "dataset id \(datasetId) kept (\(each))."
    }
}

/// Copies every table of the database `source` names into the application's database
/// (`settings.storage`): checks both, migrates the target, then copies in one transaction.
/// `progress` gets a line per table (and one every 100 batches of a long one).
func copyDatabase(
    into app: Application, settings: ServerSettings, from source: ServerSettings.Storage,
    progress: @escaping @Sendable (String) -> Void
) async throws -> CopyReport {
    let start = ContinuousClock.now
    return try await withDatabase(source, on: app) { from in
        let datasetId = try await checkSource(from, source)
        try await checkTarget(app.db, settings.storage, notHolding: datasetId, of: source)
        _ = try await explaining("cannot migrate \(settings.storage.described)") {
            try await migrateDatabase(app, settings: settings)
        }
        let tables = try await tablesToCopy(from: from, to: app.db)
        let counts = try await explaining("nothing was copied") {
            try await copyRows(of: tables, from: from, to: app.db, settings.storage, progress: progress)
        }
        return CopyReport(
            source: source.described, target: settings.storage.described, datasetId: datasetId, tables: counts,
            duration: ContinuousClock.now - start)
    }
}

/// Copies `tables` in a transaction on each side (the source's reads one snapshot): the
/// target's dataset id, which migrate wrote, gives way to the source's. Each table's rows.
private func copyRows(
    of tables: [TableCopy], from source: any Database, to target: any Database, _ storage: ServerSettings.Storage,
    progress: @escaping @Sendable (String) -> Void
) async throws -> [(name: String, rows: Int)] {
    try await source.transaction { from in
        try await CopyTransactions.begin(on: from)
        return try await target.transaction { to in
            // Checked again: a server started on the target since would have written to it.
            try await requireEmpty(to, storage, tables: tables.map(\.table))
            for table in tables.reversed() {
                try await FluentWriteConnection(db: to).run("DELETE FROM \(quoted(table.table))")
            }
            var counts: [(name: String, rows: Int)] = []
            for table in tables {
                let rows = try await table.run(from: from, to: to) { rows in
                    if rows % (100 * table.batchRows) == 0 { progress("\(table.table): \(rows) rows so far") }
                }
                progress("\(table.table): \(rows) row\(rows == 1 ? "" : "s")")
                counts.append((table.table, rows))
            }
            try await CopyTransactions.advanceSequences(on: to)
            return counts
        }
    }
}

/// The source's dataset id, once it is known to be a todo-server database with every
/// migration of this server applied.
private func checkSource(_ db: any Database, _ source: ServerSettings.Storage) async throws -> UUID {
    switch try await explaining("cannot read \(source.described)", { try await SchemaStatus.of(db) }) {
    case .current: break
    case .behind(let missing) where missing.count == schemaMigrationNames.count:
        throw CommandFailure("\(source.described) is not a todo-server database (it has no todo-server tables)")
    case .behind(let missing):
        throw CommandFailure(
            "\(source.described) was made by an older todo-server (it lacks \(missing.joined(separator: ", "))): "
                + "run todo-server migrate on it first (TODO_SERVER_DB or DATABASE_URL naming it), then copy again")
    case .ahead(let unknown):
        throw CommandFailure(
            """
            \(source.described) was made by a newer todo-server (it has \(unknown.joined(separator: ", "))): copy with \
            that version
            """
        )
    }
    guard let datasetId = try await MetaModel.query(on: db).first()?.id else {
        throw CommandFailure("\(source.described) has no dataset id")
    }
    return datasetId
}

/// Refuses a target made by a newer server, one that holds the source's dataset (the source
/// itself, or a copy already made), and one that holds anything but a dataset id.
private func checkTarget(
    _ db: any Database, _ target: ServerSettings.Storage, notHolding datasetId: UUID, of source: ServerSettings.Storage
) async throws {
    // A SQLite file that is not there yet is empty; opening it would create it.
    if case .sqlite(let path) = target, !FileManager.default.fileExists(atPath: path) { return }
    if case .ahead(let unknown) = try await explaining(
        "cannot read \(target.described)", { try await SchemaStatus.of(db) })
    {
        throw CommandFailure(
            "\(target.described) was made by a newer todo-server (it has \(unknown.joined(separator: ", ")))")
    }
    let tables = try await SchemaCatalog.of(db).tables.map(\.name)
    if tables.contains(MetaModel.schema), try await MetaModel.query(on: db).first()?.id == datasetId {
        throw CommandFailure(
            """
            \(target.described) already holds the dataset of \(source.described) (it is that database, or a copy of it)
            """
        )
    }
    try await requireEmpty(db, target, tables: tables)
}

/// Refuses a database with a row in any of `tables` but the dataset id's.
private func requireEmpty(_ db: any Database, _ storage: ServerSettings.Storage, tables: [String]) async throws {
    for table in tables where table != MetaModel.schema {
        if try await db.sql().raw("SELECT 1 AS found FROM \(ident: table) LIMIT 1").first() != nil {
            throw CommandFailure(
                "\(storage.described) is not empty (\(table) has rows): copy into a new, empty database")
        }
    }
}

/// The target's tables, parents first, each with the kind of each column; the source must
/// have the same tables and columns (the same migrations made both).
private func tablesToCopy(from source: any Database, to target: any Database) async throws -> [TableCopy] {
    let sourceTables = try await SchemaCatalog.of(source).tables
    let targetTables = try await SchemaCatalog.of(target).tables
    guard Set(sourceTables.map(\.name)) == Set(targetTables.map(\.name)) else {
        throw CommandFailure(
            "the two databases have different tables: \(sourceTables.map(\.name)) and \(targetTables.map(\.name))")
    }
    return try targetTables.map { table in
        let sourceColumns = sourceTables.first { $0.name == table.name }?.columns ?? []
        guard Set(sourceColumns.map(\.name)) == Set(table.columns.map(\.name)) else {
            throw CommandFailure("\(table.name) has different columns in the two databases")
        }
        return TableCopy(
            table: table.name,
            columns: try table.columns.map { column in
                let sourceType = sourceColumns.first { $0.name == column.name }?.type ?? ""
                return TableCopy.Column(
                    name: column.name,
                    kind: try ColumnKind(column.type, sourceType, column: "\(table.name).\(column.name)"))
            })
    }
}

/// What `body` returns; its errors but `CommandFailure`s told on one line after `what`, with
/// the details `String(describing:)` leaves out of PostgreSQL's errors.
private func explaining<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let failure as CommandFailure {
        throw failure
    } catch {
        throw CommandFailure(
            what + ": " + String(reflecting: error).split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
