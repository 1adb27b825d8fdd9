import Fluent
import Foundation
import SQLKit
import Vapor

#if canImport(Glibc)
    import Glibc
#endif

/// The database's schema against this server's migrations (`schemaMigrations`).
enum SchemaStatus: Equatable {
    case current
    /// No table yet, or some migrations not applied: `todo-server migrate` brings it along.
    case behind(missing: [String])
    /// Applied migrations this server does not know: a newer server made it.
    case ahead(unknown: [String])

    static func of(_ db: any Database) async throws -> SchemaStatus {
        let known = schemaMigrationNames
        let applied = try await appliedMigrations(db)
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty { return .ahead(unknown: unknown.sorted()) }
        let missing = known.filter { !applied.contains($0) }
        return missing.isEmpty ? .current : .behind(missing: missing)
    }

    /// The names in Fluent's log of applied migrations; none when there is no log yet.
    private static func appliedMigrations(_ db: any Database) async throws -> Set<String> {
        let sql = try db.sql()
        let exists: Bool
        if sql.dialect.name == "sqlite" {
            exists =
                try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_fluent_migrations'")
                .all().count == 1
        } else {
            exists =
                try await sql.raw(
                    """
                    SELECT 1 FROM information_schema.tables WHERE table_name = '_fluent_migrations' AND table_schema = \
                    current_schema()
                    """
                ).all().count == 1
        }
        guard exists else { return [] }
        let rows = try await sql.raw("SELECT name FROM _fluent_migrations").all()
        return Set(try rows.map { try $0.decode(column: "name", as: String.self) })
    }
}

/// Applies the migrations the database lacks, holding a lock while it does, so that two
/// servers' start scripts running it at once apply each migration once: a PostgreSQL advisory
/// lock, or an flock on the SQLite file. Returns the names applied.
func migrateDatabase(_ app: Application, settings: ServerSettings) async throws -> [String] {
    try await withMigrationLock(app, settings) {
        guard case .behind(let missing) = try await SchemaStatus.of(app.db) else {
            if case .ahead(let unknown) = try await SchemaStatus.of(app.db) {
                throw CommandFailure(
                    """
                    the database has migrations this todo-server does not know (\(unknown.joined(separator: ", "))): a \
                    newer todo-server made it
                    """
                )
            }
            return []
        }
        try await SQLiteTuning.useWAL(on: app.db)
        try await app.autoMigrate()
        return missing
    }
}

/// Runs `body` while no other `migrate` can run on the same database. Waits for the lock at
/// most `lockWait`, polling: an flock would block a thread the async work needs, and
/// `pg_advisory_lock` would wait forever.
private func withMigrationLock<T: Sendable>(
    _ app: Application, _ settings: ServerSettings, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let lockWait: Duration = .seconds(60)
    let deadline = ContinuousClock.now + lockWait
    @Sendable func waitOrGiveUp() async throws {
        guard ContinuousClock.now < deadline else {
            throw CommandFailure(
                "another todo-server migrate has held the database for over \(lockWait); try again later")
        }
        try await Task.sleep(for: .milliseconds(50))
    }
    switch settings.storage {
    case .sqlite(let path):
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandFailure("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 { try await waitOrGiveUp() }
        defer { flock(fd, LOCK_UN) }
        return try await body()
    case .postgres:
        // One session holds the lock (its key is "todo" in ASCII) while the others poll.
        return try await app.db.withConnection { connection in
            let sql = try connection.sql()
            while try await sql.raw("SELECT pg_try_advisory_lock(1953457263) AS locked").first()?
                .decode(column: "locked", as: Bool.self) != true
            {
                try await waitOrGiveUp()
            }
            do {
                let result = try await body()
                try await sql.raw("SELECT pg_advisory_unlock(1953457263)").run()
                return result
            } catch {
                try? await sql.raw("SELECT pg_advisory_unlock(1953457263)").run()
                throw error
            }
        }
    }
}

/// `todo-server migrate`: creates the database's tables, or brings them up to date.
struct MigrateCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    let settings: ServerSettings
    let help = "Create the database's tables, or bring them up to date after an upgrade (run before serve)."

    func run(using context: CommandContext, signature: Signature) async throws {
        let applied = try await migrateDatabase(context.application, settings: settings)
        context.console.output(
            applied.isEmpty
                ? "The database is up to date."
                : "Migrated the database: \(applied.joined(separator: ", ")).")
    }
}
