import Fluent
import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// The server takes the time from its injected clock (`ServerClock`), as the CLI's reducer
/// takes it from its context: set, it moves tokens' expiry, the failed-login window, the
/// times a request stamps on a todo and `prune`'s horizon.
struct ServerClockTests {
    @Test func tokensExpireOnTheServersClock() async throws {
        try await withTestApp { app in
            let start = Make.created
            ServerClock.of(app.application).set { start }
            let token = try await app.makeUser("alice")
            let row = try #require(try await TokenModel.query(on: app.db).first())
            row.expiresAtMs = ISO8601Millis.milliseconds(start.addingTimeInterval(86_400))
            try await row.update(on: app.db)
            #expect(try await app.send(.GET, "v1/changes?since=0", headers: auth(token)).status == .ok)
            ServerClock.of(app.application).set { start.addingTimeInterval(86_401) }
            let expired = try await app.send(.GET, "v1/changes?since=0", headers: auth(token))
            try app.expectError(expired, .unauthorized)
            #expect(expired.body.string.contains("this token has expired"), "\(expired.body.string)")
        }
    }

    @Test func theFailedLoginWindowEndsOnTheServersClock() async throws {
        try await withTestApp { app in
            let start = Make.created
            ServerClock.of(app.application).set { start }
            let guess: HTTPHeaders = ["Authorization": "Bearer todo_stale"]
            for _ in 0..<AuthFailureLimiter.credentialLimit {
                try app.expectError(try await app.send(.GET, "v1/changes", headers: guess), .unauthorized)
            }
            try app.expectError(try await app.send(.GET, "v1/changes", headers: guess), .tooManyRequests)
            ServerClock.of(app.application).set { start.addingTimeInterval(AuthFailureLimiter.window) }
            try app.expectError(try await app.send(.GET, "v1/changes", headers: guess), .unauthorized)
        }
    }

    /// A CalDAV PUT of a VTODO that says no times (no CREATED, DTSTAMP or LAST-MODIFIED) is
    /// created and changed at the one instant of the request on the server's clock.
    @Test func aCalDAVPutIsStampedWithTheServersTime() async throws {
        try await withTestApp { app in
            let start = Date(timeIntervalSince1970: 1_800_000_000.25)
            ServerClock.of(app.application).set { start }
            let token = try await app.makeUser("alice")
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:clock-1",
                "SUMMARY:Water plants",
                "END:VTODO", "END:VCALENDAR", ""
            ].joined(separator: "\r\n")
            let headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
            let put = try await app.send(.PUT, "dav/alice/tasks/clock-1.ics", headers: headers, body: text)
            #expect(put.status == .created, "\(put.body.string)")
            ServerClock.of(app.application).set { start.addingTimeInterval(3_600) }
            let todo = try #require(try await app.changes(token).changes.first?.todo)
            #expect(todo.createdAt == start)
            #expect(todo.updatedAt == start)
        }
    }

    /// `todo-server prune` counts its horizon back from the server's clock: a tombstone made
    /// at the fixed time stays until that clock is past it by the days kept.
    @Test func pruneCountsItsHorizonFromTheServersClock() async throws {
        try await withTestApp { app in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let clock = app.application.serverClock
            clock.set { start }
            let token = try await app.makeUser("alice")
            let gone = UUID()
            _ = try await app.push(token, [Make.put(gone, base: 0, "to delete")])
            _ = try await app.push(token, [Make.delete(gone, base: 1)])
            func tombstones(afterPruningAt days: Double) async throws -> Int {
                clock.set { start.addingTimeInterval(days * 86_400) }
                var context = CommandContext(
                    console: Terminal(), input: CommandInput(arguments: ["todo-server", "--older-than", "90"]))
                context.application = app.application
                try await PruneCommand().run(using: &context)
                return try await TodoModel.query(on: app.db).filter(\.$deleted == true).count()
            }
            #expect(try await tombstones(afterPruningAt: 89.9) == 1)
            #expect(try await tombstones(afterPruningAt: 90.1) == 0)
        }
    }

    /// What reads the system's clock other than through `ServerClock`.
    static let systemClockReads = ["Date()", "Date.now", "Date(timeIntervalSinceNow", "Date.init()", "NSDate()"]

    /// No code of the server reads the system's clock but `ServerClock`.
    @Test func onlyTheServerClockReadsTheSystemsClock() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files where !file.hasSuffix("ServerClock.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for read in Self.systemClockReads {
                #expect(
                    !text.contains(read),
                    "\(file) reads the system's clock (\(read)): take the time from request.now or application.now")
            }
        }
    }
}
