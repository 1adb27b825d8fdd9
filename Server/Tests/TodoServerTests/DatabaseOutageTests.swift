import FluentPostgresDriver
import Testing
import VaporTesting

@testable import TodoServer

/// Issue 39: a database that cannot be reached is an outage, answered 503 with Retry-After
/// (clients and cron jobs try again later), never a 500 that reads as a bad answer.
struct DatabaseOutageTests {
    @Test func aDatabaseThatCannotBeReachedIs503WithRetryAfter() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let databases = app.application.databases
            let working: DatabaseID
            switch app.settings.storage {
            case .sqlite: working = .sqlite
            case .postgres: working = .psql
            }
            // A PostgreSQL server nobody runs: every connection is refused, as when it is down.
            let gone = "postgres://todo:todo@127.0.0.1:\(try freePort())/todo?tlsmode=disable"
            try databases.use(.postgres(url: gone), as: DatabaseID(string: "gone"), isDefault: true)
            defer { databases.default(to: working) }
            let v1 = try await app.send(.GET, "v1/changes?since=0", headers: auth(token))
            try app.expectError(v1, .serviceUnavailable)
            #expect(v1.headers.first(name: .retryAfter) == "5")
            #expect(v1.body.string.contains("the database is unavailable; try again shortly"), "\(v1.body.string)")
            let basic: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
            let dav = try await app.send(.PROPFIND, "dav/", headers: basic)
            #expect(dav.status == .serviceUnavailable, "\(dav.body.string)")
            #expect(dav.headers.first(name: .retryAfter) == "5")
        }
    }

    @Test func onlyOutagesAreOutages() {
        #expect(DatabaseOutage.contains(ConnectionPoolTimeoutError.connectionRequestTimeout))
        #expect(DatabaseOutage.contains(IOError(errnoCode: ECONNREFUSED, reason: "connect")))
        #expect(!DatabaseOutage.contains(Abort(.badRequest)))
        #expect(!DatabaseOutage.contains(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))))
    }
}
