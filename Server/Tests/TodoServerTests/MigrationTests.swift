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
        let old = try await Application.make(.testing)
        do {
            switch settings.storage {
            case .sqlite(let path): old.databases.use(.sqlite(.file(path)), as: .sqlite)
            case .postgres(let url): try old.databases.use(.postgres(url: url), as: .psql)
            }
            old.migrations.add(CreateSchema())
            try await old.autoMigrate()
            let user = UserModel(name: "alice")
            user.lastRev = 1
            user.nextLegacyId = 2
            try await user.create(on: old.db)
            try await TokenModel(userID: user.requireID(), hash: TokenModel.hash(token)).create(on: old.db)
            let ms = ISO8601Millis.milliseconds(Make.created)
            try await old.db.sql().insert(into: "todos")
                .columns("id", "user_id", "uuid", "rev", "deleted", "legacy_id", "name", "description",
                         "notes", "completed", "created_at_ms", "updated_at_ms", "completed_at_ms")
                .values(SQLBind(UUID()), SQLBind(try user.requireID()), SQLBind(uuid), SQLBind(Int64(1)),
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
