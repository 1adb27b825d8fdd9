import Fluent
import SQLKit
import XCTVapor

@testable import TodoServer

final class DatabaseTests: ServerTestCase {
    /// With DATABASE_URL set, the suite must really run on PostgreSQL, not fall back to SQLite.
    func testSuiteUsesTheDatabaseTheEnvironmentNames() throws {
        let dialect = try XCTUnwrap(app.db as? any SQLDatabase).dialect.name
        if TestDatabase.postgresURL != nil {
            XCTAssertEqual(dialect, "postgresql")
            XCTAssertEqual(settings.storage, .postgres(url: TestDatabase.postgresURL!))
        } else {
            XCTAssertEqual(dialect, "sqlite")
        }
    }

    func testDatasetIdSurvivesARestartOnTheSameDatabase() async throws {
        let before = try await send(.GET, "health").headers.first(name: "X-Todo-Dataset")
        let token = try await makeUser("alice")
        let uuid = UUID()
        _ = try await push(token, [Make.put(uuid, base: 0, "persisted")])
        try await app.asyncShutdown()

        app = try await Application.make(.testing)
        try await configure(app, settings: settings)
        try await openDatabase(app)
        let after = try await send(.GET, "health").headers.first(name: "X-Todo-Dataset")
        XCTAssertNotNil(before)
        XCTAssertEqual(before, after)
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.map(\.uuid), [uuid])
        XCTAssertEqual(feed.datasetId.uuidString, after)
    }

    func testSettingsFromEnvironmentDefaultToTheSQLiteFileInTheWorkingDirectory() throws {
        let settings = try ServerSettings.fromEnvironment()
        if let url = TestDatabase.postgresURL {
            XCTAssertEqual(settings.storage, .postgres(url: url))
        } else if let path = ProcessInfo.processInfo.environment["TODO_SERVER_DB"], !path.isEmpty {
            XCTAssertEqual(settings.storage, .sqlite(path: path))
        } else {
            XCTAssertEqual(settings.storage, .sqlite(path: "todo-server.sqlite"))
        }
    }
}
