import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import TodoCore
import TodoWire
import XCTVapor

@testable import TodoServer

/// A database made by the server before attributes (the first migration only, with its data)
/// is brought along by the next start: its todos unchanged, attributes then stored.
final class MigrationTests: ServerTestCase {
    let uuid = UUID()
    let token = TokenModel.generate()

    override func makeSettings() async throws -> ServerSettings {
        let settings = try await TestDatabase.freshSettings()
        try await makeVersion1Database(settings)
        return settings
    }

    /// The schema and rows as version 1 of the server wrote them.
    func makeVersion1Database(_ settings: ServerSettings) async throws {
        try await Self.makeVersion1Database(settings, uuid: uuid, token: token)
    }

    static func makeVersion1Database(_ settings: ServerSettings, uuid: UUID, token: String) async throws {
        let old = try await Application.make(.testing)
        do {
            switch settings.storage {
            case .sqlite(let path): old.databases.use(.sqlite(.file(path)), as: .sqlite)
            case .postgres(let url): try old.databases.use(.postgres(url: url), as: .psql)
            }
            old.migrations.add(CreateSchema())
            try await old.autoMigrate()
            // Rows written as SQL: today's models have columns version 1 lacked.
            let userID = UUID()
            try await old.db.sql().insert(into: "users")
                .columns("id", "name", "last_rev", "next_legacy_id", "created_at_ms")
                .values(SQLBind(userID), SQLBind("alice"), SQLBind(Int64(1)), SQLBind(Int64(2)), SQLBind(Int64(0)))
                .run()
            try await old.db.sql().insert(into: "tokens")
                .columns("id", "user_id", "hash", "created_at_ms")
                .values(SQLBind(UUID()), SQLBind(userID), SQLBind(TokenModel.hash(token)), SQLBind(Int64(0)))
                .run()
            let ms = ISO8601Millis.milliseconds(Make.created)
            try await old.db.sql().insert(into: "todos")
                .columns("id", "user_id", "uuid", "rev", "deleted", "legacy_id", "name", "description",
                         "notes", "completed", "created_at_ms", "updated_at_ms", "completed_at_ms")
                .values(SQLBind(UUID()), SQLBind(userID), SQLBind(uuid), SQLBind(Int64(1)),
                        SQLBind(false), SQLBind(Int64(1)), SQLBind("from version 1"), SQLBind("d"),
                        SQLBind("n"), SQLBind(false), SQLBind(ms), SQLBind(ms), SQLLiteral.null)
                .run()
            try await old.asyncShutdown()
        } catch {
            try? await old.asyncShutdown()
            throw error
        }
    }

    func testTheOldTodoIsKeptAndTakesAttributesAfterTheMigration() async throws {
        try await QuotaTests.assertStoredBytesAddUp(app.db)
        let before = try await changes(token)
        XCTAssertEqual(before.changes.map(\.todo?.name), ["from version 1"])
        XCTAssertEqual(before.changes[0].todo?.notes, "n")
        XCTAssertEqual(before.changes[0].todo?.attributes, WireAttributes())
        var fields = try XCTUnwrap(before.changes[0].todo)
        fields.attributes = WireAttributes([.tags: .tags(["migrated"])])
        let pushed = try await push(token, [PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 1, todo: fields)])
        XCTAssertEqual(pushed.results[0].status, .applied)
        let after = try await changes(token)
        XCTAssertEqual(after.changes[0].todo?.attributes, WireAttributes([.tags: .tags(["migrated"])]))
    }
}

/// `todo-server migrate` as an explicit step: other commands refuse a database it has not
/// brought up to date, and two runs at once apply each migration once.
final class MigrateTests: XCTestCase {
    var apps: [Application] = []
    var settings: ServerSettings!

    override func setUp() async throws {
        settings = try await TestDatabase.freshSettings()
    }

    override func tearDown() async throws {
        for app in apps { try? await app.asyncShutdown() }
        if case .sqlite(let path) = settings?.storage {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    func makeApp() async throws -> Application {
        let app = try await Application.make(.testing)
        apps.append(app)
        try await configure(app, settings: settings)
        return app
    }

    func testOpeningADatabaseBeforeMigratingSaysWhatToRun() async throws {
        let app = try await makeApp()
        do {
            try await openDatabase(app)
            XCTFail("opened a database with no tables")
        } catch {
            // SQLite: no file yet; PostgreSQL: no tables yet.
            XCTAssertTrue("\(error)".hasSuffix(" yet: run todo-server migrate first"), "\(error)")
        }
        try await MigrationTests.makeVersion1Database(settings, uuid: UUID(), token: TokenModel.generate())
        do {
            try await openDatabase(app)
            XCTFail("opened a database of version 1")
        } catch {
            XCTAssertEqual("\(error)", "the database is older than this todo-server (it lacks AddAttributes.v2, AddAccountControls.v3, AddTokenDetails.v4, AddPruning.v5, AddQuota.v6): back it up, then run todo-server migrate")
        }
        let applied = try await migrateDatabase(app, settings: settings)
        XCTAssertEqual(applied, ["AddAttributes.v2", "AddAccountControls.v3", "AddTokenDetails.v4", "AddPruning.v5", "AddQuota.v6"])
        let again = try await migrateDatabase(app, settings: settings)
        XCTAssertEqual(again, [])
        try await openDatabase(app)
    }

    func testTwoMigratesAtOnceApplyEachMigrationOnce() async throws {
        let (one, two) = (try await makeApp(), try await makeApp())
        let settings = self.settings!
        async let first = migrateDatabase(one, settings: settings)
        async let second = migrateDatabase(two, settings: settings)
        let applied = try await [first, second]
        XCTAssertEqual(applied.flatMap { $0 }.sorted(), schemaMigrations.map(\.name).sorted(), "\(applied)")
        try await openDatabase(one)
        try await openDatabase(two)
        XCTAssertEqual(try one.datasetId, try two.datasetId)
        let datasets = try await MetaModel.query(on: one.db).count()
        XCTAssertEqual(datasets, 1)
    }
}
