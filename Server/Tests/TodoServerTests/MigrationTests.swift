import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Testing
import TodoCore
import TodoWire
import VaporTesting

@testable import TodoServer

/// A database made by the server before attributes (the first migration only, with its data)
/// is brought along by the next start: its todos unchanged, attributes then stored.
struct MigrationTests {
    let uuid = UUID()
    let token = TokenModel.generate()
    let opId = UUID()

    /// The schema and rows as version 1 of the server wrote them, with alice's todo `uuid`,
    /// her `token`, and the stored result of her operation `opId` (applied, with no record).
    static func makeVersion1Database(_ settings: ServerSettings, uuid: UUID, token: String, opId: UUID = UUID())
        async throws
    {
        let old = try await makeApplication()
        do {
            switch settings.storage {
            case .sqlite(let path): old.databases.use(.sqlite(.file(path)), as: .sqlite)
            case .postgres(let url): try old.databases.use(.postgres(url: url), as: .psql)
            }
            old.migrations.add(CreateSchema(clock: ServerClock()))
            try await old.autoMigrate()
            // Rows written as SQL: today's models have columns version 1 lacked. UUIDs as
            // version 1 stored them: text on SQLite.
            let isSQLite = SQLiteTuning.isSQLite(old.db)
            func stored(_ uuid: UUID) -> SQLBind { isSQLite ? SQLBind(uuid.uuidString) : SQLBind(uuid) }
            let userID = UUID()
            try await old.db.sql().insert(into: "users")
                .columns("id", "name", "last_rev", "next_legacy_id", "created_at_ms")
                .values(stored(userID), SQLBind("alice"), SQLBind(Int64(1)), SQLBind(Int64(2)), SQLBind(Int64(0)))
                .run()
            try await old.db.sql().insert(into: "tokens")
                .columns("id", "user_id", "hash", "created_at_ms")
                .values(stored(UUID()), stored(userID), SQLBind(TokenModel.hash(token)), SQLBind(Int64(0)))
                .run()
            let ms = ISO8601Millis.milliseconds(Make.created)
            try await old.db.sql().insert(into: "todos")
                .columns(
                    "id", "user_id", "uuid", "rev", "deleted", "legacy_id", "name", "description",
                    "notes", "completed", "created_at_ms", "updated_at_ms", "completed_at_ms"
                )
                .values(
                    stored(UUID()), stored(userID), stored(uuid), SQLBind(Int64(1)),
                    SQLBind(false), SQLBind(Int64(1)), SQLBind("from version 1"), SQLBind("d"),
                    SQLBind("n"), SQLBind(false), SQLBind(ms), SQLBind(ms), SQLLiteral.null
                )
                .run()
            let result = String(
                decoding: try WireJSON.encoder.encode(PushResult(opId: opId, status: .applied, record: nil)),
                as: UTF8.self)
            try await old.db.sql().insert(into: "operations")
                .columns("id", "user_id", "op_id", "result", "created_at_ms")
                .values(stored(UUID()), stored(userID), stored(opId), SQLBind(result), SQLBind(ms))
                .run()
            try await old.asyncShutdown()
        } catch {
            try? await old.asyncShutdown()
            throw error
        }
    }

    /// Runs `test` on an app started on a database of version 1 (`makeVersion1Database`).
    func withVersion1App(_ test: (TestApp) async throws -> Void) async throws {
        try await withTestDatabase { database in
            let settings = ServerSettings(storage: database.storage)
            try await Self.makeVersion1Database(settings, uuid: uuid, token: token, opId: opId)
            try await withTestApp(settings, test)
        }
    }

    @Test func theOldTodoIsKeptAndTakesAttributesAfterTheMigration() async throws {
        try await withVersion1App { app in
            try await Self.expectBinaryUUIDs(app.db)
            try await QuotaTests.expectStoredBytesAddUp(app.db)
            let before = try await app.changes(token)
            #expect(before.changes.map(\.todo?.name) == ["from version 1"])
            #expect(before.changes[0].todo?.notes == "n")
            #expect(before.changes[0].todo?.attributes == WireAttributes())
            var fields = try #require(before.changes[0].todo)
            fields.attributes = WireAttributes([.tags: .tags(["migrated"])])
            let pushed = try await app.push(
                token, [PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 1, todo: fields)])
            #expect(pushed.results[0].status == .applied)
            let replayed = try await app.push(
                token, [PushOperation(opId: opId, kind: .put, uuid: uuid, baseRev: 0, todo: fields)])
            #expect(
                replayed.results == [PushResult(opId: opId, status: .applied, record: nil)],
                "the stored result, found by its opId")
            let after = try await app.changes(token)
            #expect(after.changes[0].todo?.attributes == WireAttributes([.tags: .tags(["migrated"])]))
        }
    }
}

extension MigrationTests {
    /// On SQLite, every UUID column holds 16-byte blobs only (`BinaryUUIDs`), and none is
    /// empty: the migration converted what version 1 stored as text. Nothing on PostgreSQL.
    static func expectBinaryUUIDs(_ db: any Database) async throws {
        guard SQLiteTuning.isSQLite(db) else { return }
        for (table, columns) in BinaryUUIDs.columns {
            for column in columns {
                let rows = try await db.sql().raw(
                    """
                    SELECT COUNT(*) AS rows, SUM(typeof(\(ident: column)) = 'blob' AND length(\(ident: column)) = 16) \
                    AS binary FROM \(ident: table)
                    """
                ).all()
                let row = try #require(rows.first)
                let (count, binary) = (
                    try row.decode(column: "rows", as: Int.self), try row.decode(column: "binary", as: Int.self)
                )
                #expect(count > 0 && binary == count, "\(table).\(column): \(binary) of \(count) rows binary")
            }
        }
    }
}

/// `todo-server migrate` as an explicit step: other commands refuse a database it has not
/// brought up to date, and two runs at once apply each migration once.
struct MigrateTests {
    /// Runs `test` with `count` apps configured for one new database, none of them migrated;
    /// shuts them down afterwards.
    func withApps(_ count: Int, _ test: ([Application], ServerSettings) async throws -> Void) async throws {
        try await withTestDatabase { database in
            let settings = ServerSettings(storage: database.storage)
            var apps: [Application] = []
            do {
                for _ in 0..<count {
                    apps.append(try await makeApplication())
                    try await configure(apps[apps.count - 1], settings: settings)
                }
                try await test(apps, settings)
            } catch {
                for app in apps { try? await app.asyncShutdown() }
                throw error
            }
            for app in apps { try await app.asyncShutdown() }
        }
    }

    @Test func openingADatabaseBeforeMigratingSaysWhatToRun() async throws {
        try await withApps(1) { apps, settings in
            let app = apps[0]
            do {
                try await openDatabase(app)
                Issue.record("opened a database with no tables")
            } catch {
                // SQLite: no file yet; PostgreSQL: no tables yet.
                #expect("\(error)".hasSuffix(" yet: run todo-server migrate first"), "\(error)")
            }
            try await MigrationTests.makeVersion1Database(settings, uuid: UUID(), token: TokenModel.generate())
            do {
                try await openDatabase(app)
                Issue.record("opened a database of version 1")
            } catch {
                #expect(
                    "\(error)"
                        == """
                        the database is older than this todo-server (it lacks AddAttributes.v2, AddAccountControls.v3, \
                        AddTokenDetails.v4, AddPruning.v5, AddQuota.v6, BinaryUUIDs.v7, AddCalDAVObjects.v8, \
                        AddTaskChampion.v9, AddPrunedRecords.v10, AddPrunedOperations.v11, AddTodoOpIds.v12): back \
                        it up, then run todo-server migrate
                        """
                )
            }
            let applied = try await migrateDatabase(app, settings: settings)
            #expect(
                applied == [
                    "AddAttributes.v2", "AddAccountControls.v3", "AddTokenDetails.v4", "AddPruning.v5", "AddQuota.v6",
                    "BinaryUUIDs.v7", "AddCalDAVObjects.v8", "AddTaskChampion.v9", "AddPrunedRecords.v10",
                    "AddPrunedOperations.v11", "AddTodoOpIds.v12"
                ])
            let again = try await migrateDatabase(app, settings: settings)
            #expect(again == [])
            try await openDatabase(app)
        }
    }

    /// The migrations write the time of the application's clock: the dataset id's creation.
    @Test func migratingWritesTheTimeOfTheApplicationsClock() async throws {
        try await withApps(1) { apps, settings in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            apps[0].serverClock.set { start }
            _ = try await migrateDatabase(apps[0], settings: settings)
            let meta = try #require(try await MetaModel.query(on: apps[0].db).first())
            #expect(meta.createdAtMs == ISO8601Millis.milliseconds(start))
        }
    }

    @Test func twoMigratesAtOnceApplyEachMigrationOnce() async throws {
        try await withApps(2) { apps, settings in
            let (one, two) = (apps[0], apps[1])
            async let first = migrateDatabase(one, settings: settings)
            async let second = migrateDatabase(two, settings: settings)
            let applied = try await [first, second]
            #expect(applied.flatMap { $0 }.sorted() == schemaMigrationNames.sorted(), "\(applied)")
            try await openDatabase(one)
            try await openDatabase(two)
            #expect(try one.datasetId == (try two.datasetId))
            let datasets = try await MetaModel.query(on: one.db).count()
            #expect(datasets == 1)
        }
    }
}
