import Fluent
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import TodoServer

struct DatabaseTests {
    /// With DATABASE_URL set, the suite must really run on PostgreSQL (on a database of this
    /// test's own, on the server DATABASE_URL names), not fall back to SQLite.
    @Test func suiteUsesTheDatabaseTheEnvironmentNames() async throws {
        try await withTestApp { app in
            let dialect = try #require(app.db as? any SQLDatabase).dialect.name
            if let server = TestDatabase.postgresURL {
                #expect(dialect == "postgresql")
                guard case .postgres(let url) = app.settings.storage else {
                    Issue.record("\(app.settings.storage)")
                    return
                }
                let name = try #require(URL(string: url)).lastPathComponent
                #expect(url == (try TestDatabase.url(server, database: name)))
            } else {
                #expect(dialect == "sqlite")
            }
        }
    }

    @Test func datasetIdSurvivesARestartOnTheSameDatabase() async throws {
        try await withTestDatabase { database in
            let settings = ServerSettings(storage: database.storage)
            var before: String?
            var token = ""
            let uuid = UUID()
            try await withTestApp(settings) { app in
                before = try await app.send(.GET, "health").headers.first(name: "X-Todo-Dataset")
                token = try await app.makeUser("alice")
                _ = try await app.push(token, [Make.put(uuid, base: 0, "persisted")])
            }

            // Started again: configured and opened, as `serve` does.
            try await withApplication(configure: { application in
                try await configure(application, settings: settings)
                try await openDatabase(application)
            }) { application in
                let app = TestApp(application, settings: settings)
                let after = try await app.send(.GET, "health").headers.first(name: "X-Todo-Dataset")
                #expect(before != nil)
                #expect(before == after)
                let feed = try await app.changes(token)
                #expect(feed.changes.map(\.uuid) == [uuid])
                #expect(feed.datasetId.uuidString == after)
            }
        }
    }

    @Test func settingsFromEnvironmentDefaultToTheSQLiteFileInTheWorkingDirectory() throws {
        let settings = try ServerSettings.fromEnvironment()
        if let url = TestDatabase.postgresURL {
            #expect(settings.storage == .postgres(url: url))
        } else if let path = ProcessInfo.processInfo.environment["TODO_SERVER_DB"], !path.isEmpty {
            #expect(settings.storage == .sqlite(path: path))
        } else {
            #expect(settings.storage == .sqlite(path: "todo-server.sqlite"))
        }
    }
}
