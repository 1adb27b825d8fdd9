import Fluent
import Foundation
import Testing
import TodoTestSupport
import TodoWire
import VaporTesting

@testable import TodoServer

/// Answers a client has not read count against a server-wide budget, so that many slow readers
/// cannot take the server's memory.
struct AnswerMemoryTests {
    @Test func theBudgetComesFromTheEnvironment() throws {
        #expect(try HTTPLimits.fromEnvironment { _ in nil }.maxAnswerMemory == 256 << 20)
        let set = try HTTPLimits.fromEnvironment { $0 == "TODO_SERVER_MAX_ANSWER_MEMORY_MB" ? "64" : nil }
        #expect(set.maxAnswerMemory == 64 << 20)
        for bad in ["0", "-1", "lots", "2000000"] {
            #expect(throws: SettingsError.self, "\(bad)") {
                try HTTPLimits.fromEnvironment { $0 == "TODO_SERVER_MAX_ANSWER_MEMORY_MB" ? bad : nil }
            }
        }
    }

    /// 600 todos of 10 KB: a calendar-query with their calendar-data is a 6 MB answer, more
    /// than loopback buffers take from a client that reads nothing.
    static let todos = 600

    @Test func anAnswerBeyondTheBudgetIs503UntilTheUnreadOneGoes() async throws {
        try await withTestApp({ settings in
            settings.http = HTTPLimits(headerTimeout: .seconds(600))
            settings.http.maxAnswerMemory = 1 << 20
        }) { app in
            let token = try await app.makeUser("alice")
            let operations = (0..<Self.todos).map { index in
                PushOperation(
                    opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
                    todo: Make.fields("\(index)", notes: String(repeating: "x", count: 10_000)))
            }
            _ = try await app.push(token, operations)
            let port = try await app.startServer()
            let server = try #require(app.application.server as? TodoHTTPServer)
            let query = """
                <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>\
                <C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/>\
                </C:comp-filter></C:filter></C:calendar-query>
                """
            let request =
                "REPORT \(CalDAVController.list("alice")) HTTP/1.1\r\nHost: 127.0.0.1\r\nDepth: 1\r\n"
                + "Authorization: Basic \(Data("alice:\(token)".utf8).base64EncodedString())\r\n"
                + "Content-Type: application/xml\r\nContent-Length: \(query.utf8.count)\r\n\r\n\(query)"

            // One answer larger than the whole budget goes when it is the only one; its client
            // reads none of it.
            var unread: TestSocket? = try TestSocket(port: port, receiveBuffer: 4096)
            try await unread?.send(request)
            #expect(await eventually { server.answerBytesHeld > 5_000_000 }, "\(server.answerBytesHeld) bytes held")
            let metrics = try #require(try await RawHTTP.request(port: port, method: "GET", path: "/metrics")).text
            let held = metrics.split(separator: "\n").first {
                $0.hasPrefix(#"todo_memory_held_bytes{kind="unread_answers"}"#)
            }
            #expect(
                held.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) } ?? 0 > 5_000_000, "\(metrics)")
            #expect(
                try await RawHTTP.request(port: port, method: "GET", path: "/health")?.status == 200,
                "a small answer always goes")
            let refused = try TestSocket(port: port)
            try await refused.send(request)
            let busy = await refused.readResponse(within: 60)
            #expect(busy?.status == 503, "\(busy.map { String($0.text.prefix(300)) } ?? "no answer")")
            #expect(busy?.header("Retry-After") == "5")
            #expect(busy?.text.contains("not read yet") ?? false)

            unread = nil
            #expect(await eventually { server.answerBytesHeld == 0 }, "\(server.answerBytesHeld) bytes still held")
            let reader = try TestSocket(port: port)
            try await reader.send(request)
            let answer = try #require(await reader.readResponse(within: 60))
            #expect(answer.status == 207)
            #expect(answer.body.count > 6_000_000)
            #expect(
                await eventually { server.answerBytesHeld == 0 },
                "\(server.answerBytesHeld) bytes held after the answer was read")
        }
    }
}

/// CalDAV answers about a whole list (REPORTs, depth-1 PROPFINDs of the list) count at four
/// times their user's stored bytes while they are made, against the same limit.
struct AnswerBuildsTests {
    /// While the budget is taken, every answer about the whole list is 503; a PROPFIND of the
    /// list alone (depth 0) is not.
    @Test func reportsAndListingsWaitForRoom() async throws {
        try await withTestApp({ $0.http.maxAnswerMemory = 1 << 20 }) { app in
            let token = try await app.makeUser("alice")
            // 300 KB stored: counted at more than a small answer's 1 MiB.
            _ = try await app.push(
                token,
                (0..<30).map { index in
                    PushOperation(
                        opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
                        todo: Make.fields("\(index)", notes: String(repeating: "x", count: 10_000)))
                })
            let basic = "Basic " + Data("alice:\(token)".utf8).base64EncodedString()
            let query =
                #"<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/>"#
                + #"</D:prop></C:calendar-query>"#
            let propfind = #"<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>"#
            func send(_ method: HTTPMethod, depth: String, _ body: String) async throws -> TestResponse {
                try await app.send(
                    method, "dav/alice/tasks/", headers: ["Authorization": basic, "Depth": depth], body: body)
            }
            try await AnswerBuilds.of(app.application).making(2 << 20) {
                try app.expectError(try await send(.REPORT, depth: "1", query), .serviceUnavailable)
                try app.expectError(try await send(.PROPFIND, depth: "1", propfind), .serviceUnavailable)
                #expect(try await send(.PROPFIND, depth: "0", propfind).status == .multiStatus)
            }
            #expect(try await send(.REPORT, depth: "1", query).status == .multiStatus)
            #expect(try await send(.PROPFIND, depth: "1", propfind).status == .multiStatus)
        }
    }

    @Test func aReportThatDoesNotFitBesideOthersIs503() async throws {
        let builds = AnswerBuilds(limit: 4 << 20)
        try await builds.making(5 << 20) {
            #expect(builds.held == 5 << 20, "alone, a REPORT larger than the limit is made")
            let refused = await #expect(throws: Abort.self) { try await builds.making(2 << 20) {} }
            #expect(refused?.status == .serviceUnavailable)
            #expect(refused?.headers.first(name: "Retry-After") == "5")
            try await builds.making(AnswerBuilds.small) {
                #expect(builds.held == 6 << 20, "a small one is always made")
            }
        }
        #expect(builds.held == 0)
        try await builds.making(2 << 20) {
            try await builds.making(2 << 20) { #expect(builds.held == 4 << 20, "two that fit are made at once") }
        }
        await #expect(throws: CancellationError.self) { try await builds.making(2 << 20) { throw CancellationError() } }
        #expect(builds.held == 0, "given back however the REPORT ended")
    }

    @Test func aReportIsCountedAtFourTimesItsUsersStoredBytes() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let operations = (0..<20).map { index in
                PushOperation(
                    opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
                    todo: Make.fields("\(index)", notes: String(repeating: "x", count: 10_000)))
            }
            _ = try await app.push(token, operations)
            let user = try #require(try await UserModel.query(on: app.db).filter(\.$name == "alice").first())
            #expect(user.storedBytes > 200_000)
            let authenticated = AuthenticatedUser(
                id: try user.requireID(), name: "alice", storedBytes: user.storedBytes)
            #expect(AnswerBuilds.estimate(authenticated) == Int(user.storedBytes) * 4 + 65536)
        }
    }
}
