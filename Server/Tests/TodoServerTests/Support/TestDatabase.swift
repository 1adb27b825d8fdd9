import FluentPostgresDriver
import Foundation

@testable import TodoServer

/// One test's own database, so that tests run in parallel: a new SQLite file in the temporary
/// folder or, with DATABASE_URL set (`.ci/test-server` sets it), a new database on that
/// PostgreSQL server, whose user may create databases (CREATEDB).
struct TestDatabase: Sendable {
    let storage: ServerSettings.Storage
    /// The PostgreSQL database's name; nil on SQLite.
    private let postgresName: String?

    /// DATABASE_URL: the PostgreSQL server to test on (and the database this suite connects to
    /// when it creates and drops its own), or nil for SQLite.
    static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// `url` with the database `name` instead of the one it names.
    static func url(_ url: String, database name: String) throws -> String {
        guard var components = URLComponents(string: url) else {
            throw TestFailure("DATABASE_URL is not a URL: \(url)")
        }
        components.path = "/" + name
        guard let changed = components.string else { throw TestFailure("no URL for database \(name) on \(url)") }
        return changed
    }

    /// Which database a test runs on.
    enum Kind {
        /// PostgreSQL when DATABASE_URL is set, else SQLite: most tests run on both.
        case configured
        /// SQLite whatever DATABASE_URL says, for what only SQLite has (its writer queue).
        case sqlite
    }

    /// The PostgreSQL server a test of `kind` makes its database on; nil for SQLite.
    static func postgresServer(for kind: Kind) -> String? { kind == .configured ? postgresURL : nil }

    fileprivate static func make(_ kind: Kind) async throws -> TestDatabase {
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        guard let server = postgresServer(for: kind) else {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-server-test-\(id).sqlite")
                .path
            return TestDatabase(storage: .sqlite(path: path), postgresName: nil)
        }
        let name = "todo_test_\(id)"
        do {
            try await run("CREATE DATABASE \(name)", on: server)
        } catch {
            throw TestFailure(
                "cannot create a database for this test on DATABASE_URL's server (its user must have CREATEDB): "
                    + "\(String(reflecting: error))"
            )
        }
        return TestDatabase(storage: .postgres(url: try url(server, database: name)), postgresName: name)
    }

    /// Deletes the database (on SQLite, its file and the journal beside it).
    fileprivate func drop() async {
        switch storage {
        case .sqlite(let path):
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        case .postgres:
            guard let postgresName, let server = Self.postgresURL else { return }
            try? await Self.run("DROP DATABASE IF EXISTS \(postgresName) WITH (FORCE)", on: server)
        }
    }

    /// Runs `sql` on a connection of its own to the database `url` names.
    private static func run(_ sql: String, on url: String) async throws {
        let logger = Logger(label: "test-database")
        let connection = try await PostgresConnection.connect(
            configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, id: 0, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

/// Runs `body` with a new `TestDatabase` and drops it afterwards, whatever `body` did. On
/// PostgreSQL, waits until fewer than `PostgresSlots.count` tests hold a database.
func withTestDatabase<T>(
    _ kind: TestDatabase.Kind = .configured, _ body: (TestDatabase) async throws -> T
) async throws -> T {
    let slots = TestDatabase.postgresServer(for: kind) == nil ? nil : PostgresSlots.shared
    await slots?.take()
    let result: T
    do {
        let database = try await TestDatabase.make(kind)
        do {
            result = try await body(database)
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    } catch {
        await slots?.giveBack()
        throw error
    }
    await slots?.giveBack()
    return result
}

/// How many tests may hold a PostgreSQL database at once: so many that their apps' pools
/// (Configure.swift: 4 connections per event loop) stay within 80 of PostgreSQL's default 100
/// connections.
actor PostgresSlots {
    static let shared = PostgresSlots(count: 80 / (4 * TestApp.eventLoops + 1))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func giveBack() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
