import Foundation
import NIOCore
import Testing
import TodoTestSupport
import TodoWire
import VaporTesting

@testable import TodoServer

/// What a client may make the server hold or wait for: bodies only once the head passed
/// every check, a bounded amount of them, chunked framing no larger than the data, bodies at a
/// minimum rate, answers read, a bounded number of connections.
struct HTTPLimitsTests {
    /// Runs `test` on an app whose bodies may take 1 MiB of memory and whose clients 6
    /// connections each, its log kept; with alice's token.
    func withLimits(idle: TimeAmount = .seconds(1), _ test: (TestApp, _ token: String) async throws -> Void)
        async throws
    {
        try await withTestApp({ settings in
            settings.http = HTTPLimits(idleTimeout: idle, headerTimeout: .seconds(600))
            settings.http.maxBodyMemory = 1 << 20
            settings.http.maxConnectionsPerClient = 6
        }) { app in
            app.captureLogs()
            try await test(app, try await app.makeUser("alice"))
        }
    }

    @Test func aRefusedHeadIsAnsweredBeforeItsBodyIsSent() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            let socket = try TestSocket(port: port)
            try await socket.send(pushHead(token: nil, length: 8_000_000))
            let answer = await socket.readResponse(within: 30)
            #expect(answer?.status == 401, "answered with the body unsent")
            #expect(answer?.header("Connection") == "close")

            let wrong = try TestSocket(port: port)
            try await wrong.send(pushHead(token: "nope", length: 100, extra: "Expect: 100-continue\r\n"))
            let refused = await wrong.readResponse(within: 30)
            #expect(refused?.status == 401, "no 100 Continue for a head that is refused")
        }
    }

    @Test func hundredContinueOnlyOnceTheHeadIsAccepted() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            let body = #"{"operations":[]}"#
            let socket = try TestSocket(port: port)
            try await socket.send(pushHead(token: token, length: body.utf8.count, extra: "Expect: 100-continue\r\n"))
            let interim = await socket.readResponse(within: 30)
            #expect(interim?.status == 100)
            try await socket.send(body)
            let final = await socket.readResponse(within: 30)
            #expect(final?.status == 200, "\(final?.text ?? "no answer")")
        }
    }

    @Test func bodiesInMemoryAreBoundedServerWide() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            let first = try TestSocket(port: port)
            // Sent once the server reads the first body, so that the second head comes after.
            try await first.send(pushHead(token: token, length: 900_000, extra: "Expect: 100-continue\r\n"))
            #expect(await first.readResponse(within: 30)?.status == 100)
            try await first.send(String(repeating: " ", count: 700_000))
            let second = try TestSocket(port: port)
            try await second.send(pushHead(token: token, length: 900_000))
            // The first body holds 700 KB of the 1 MiB; the second cannot have its 900 KB.
            try? await second.send(String(repeating: " ", count: 700_000))
            let busy = await second.readResponse(within: 30)
            #expect(busy?.status == 503, "\(busy?.text ?? "no answer")")
            #expect(busy?.header("Retry-After") == "5")
            // The first finishes; its bytes are given back, and a third body fits again.
            try await first.send(String(repeating: " ", count: 200_000))
            #expect(await first.readResponse(within: 30)?.status == 400, "a body of blanks is not JSON")
            let third = try TestSocket(port: port)
            let body = #"{"operations":[]}"#
            try await third.send(pushHead(token: token, length: body.utf8.count) + body)
            #expect(await third.readResponse(within: 30)?.status == 200)
        }
    }

    /// Every body is given back once its request is over, however it ended: answered on a
    /// connection kept open, answered with an error, its client gone mid-body, its answers
    /// left unread until the idle timeout, refused for the memory it would take. (The body gate once held its
    /// exchange, body and all, for good: 50 clients of 0.8 MB bodies left 45 MiB each time.)
    @Test func bodiesAreGivenBackWhenTheirRequestsEnd() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            let server = try #require(app.application.server as? TodoHTTPServer)
            let empty = #"{"operations":[]}"#
            let kept = try TestSocket(port: port)
            for _ in 0..<3 {
                try await kept.send(pushHead(token: token, length: empty.utf8.count) + empty)
                #expect(await kept.readResponse(within: 30)?.status == 200)
            }
            let blanks = try TestSocket(port: port)
            try await blanks.send(pushHead(token: token, length: 300_000) + String(repeating: " ", count: 300_000))
            #expect(await blanks.readResponse(within: 30)?.status == 400)
            do {
                let gone = try TestSocket(port: port)
                try await gone.send(
                    pushHead(token: token, length: 100_000) + "{" + String(repeating: " ", count: 50_000))
                #expect(await eventually { server.bodyBytesHeld >= 50_000 }, "the body was not read")
            }
            #expect(await app.waitForLog("client left mid-body"), "\(app.logs.text)")
            let unread = try TestSocket(port: port)
            try await unread.send(
                String(repeating: pushHead(token: token, length: empty.utf8.count) + empty, count: 50))
            #expect(await unread.readUntilClosed(within: 60).closed != nil, "not closed at the idle timeout")
            let large = try TestSocket(port: port)
            try? await large.send(pushHead(token: token, length: 1_500_000) + String(repeating: " ", count: 1_100_000))
            #expect(await large.readResponse(within: 30)?.status == 503, "more than the 1 MiB bodies may hold")
            #expect(
                await eventually { server.bodyBytesHeld == 0 }, "\(server.bodyBytesHeld) bytes of bodies still held")
        }
    }

    @Test func chunkedFramingMayNotOutweighTheBody() async throws {
        // An idle timeout of 30 s, not 1: on a loaded machine the 200 KB of framing could take
        // over a second to arrive, and the connection closed idle has no answer to read.
        try await withLimits(idle: .seconds(30)) { app, token in
            let port = try await app.startServer()
            let head =
                "POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n"
            let extensions = try TestSocket(port: port)
            try await extensions.send(head + "1;" + String(repeating: "a", count: 200_000))
            #expect(await extensions.readResponse(within: 30)?.status == 400)

            let tiny = try TestSocket(port: port)
            try await tiny.send(head + String(repeating: "1\r\n \r\n", count: 40_000))
            let answer = await tiny.readResponse(within: 30)
            #expect(answer?.status == 400)
            #expect(answer?.text.contains("chunked framing") ?? false, "\(answer?.text ?? "")")
        }
    }

    /// One byte now and then no longer keeps a body alive: it gets the idle timeout plus a
    /// second per 500 bytes.
    @Test func aTricklingBodyIsClosed() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            let socket = try TestSocket(port: port)
            try await socket.send(pushHead(token: token, length: 1000) + "{")
            let deadline = Date().addingTimeInterval(60)
            var closed = false
            while !closed, Date() < deadline {
                if (try? await socket.send(" ")) == nil {
                    closed = true
                } else {
                    closed = await socket.readUntilClosed(within: 0.2).closed != nil
                }
            }
            #expect(closed, "still open after 60 s")
            #expect(await app.waitForLog("request body too slow"), "\(app.logs.text)")
        }
    }

    /// The six stay open however slowly a busy machine answers them (a 1 s idle timeout
    /// closed them before the seventh came, and the limit was never met).
    @Test func connectionsFromOneAddressAreBounded() async throws {
        try await withLimits(idle: .seconds(120)) { app, token in
            let port = try await app.startServer()
            let open = try (0..<6).map { _ in try TestSocket(port: port) }
            for socket in open { try await socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
            for socket in open { #expect(await socket.readResponse(within: 30)?.status == 200) }
            let extra = try TestSocket(port: port)
            let (data, closed) = await extra.readUntilClosed(within: 30)
            #expect(closed == .eof)
            #expect(data == Data())
            #expect(await app.waitForLog("6 connections open from this address"), "\(app.logs.text)")
        }
    }

    /// A client leaving mid-head or mid-body made no request: no 400 in the log.
    @Test func aClientLeavingMidRequestLogsNoAnswer() async throws {
        try await withLimits { app, token in
            let port = try await app.startServer()
            do {
                let socket = try TestSocket(port: port)
                try await socket.send("GET /health HTTP/1.1\r\nHost: 127.")
            }
            do {
                let socket = try TestSocket(port: port)
                try await socket.send(pushHead(token: token, length: 100) + "{")
                #expect(await app.waitForLog("POST /v1/push"))  // the body was asked for
            }
            #expect(await app.waitForLog("client left mid-body"), "\(app.logs.text)")
            #expect(!(app.logs.all.contains { $0.message.contains(" 400 ") }), "\(app.logs.text)")
        }
    }
}

/// The server takes at most `maxConnections` at once; the next waits in the backlog until
/// one closes.
struct ConnectionCapTests {
    static func settings(_ settings: inout ServerSettings) {
        settings.http = HTTPLimits(headerTimeout: .seconds(600))
        settings.http.maxConnections = 3
    }

    @Test func theNextConnectionWaitsForOneToClose() async throws {
        try await withTestApp(Self.settings) { app in
            let port = try await app.startServer()
            var open = try (0..<3).map { _ in try TestSocket(port: port) }
            for socket in open { try await socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
            for socket in open { #expect(await socket.readResponse(within: 30)?.status == 200) }
            let waiting = try TestSocket(port: port)
            try await waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await waiting.readResponse(within: 1) == nil, "answered while the server was full")
            open.removeFirst()
            #expect(await waiting.readResponse(within: 30)?.status == 200)
        }
    }

    /// A refused request's connection closes when the client closes it, not at the end of the
    /// linger (the header timeout, 600 s here): the server reads on to see the close.
    @Test func refusedConnectionsCloseWithTheClient() async throws {
        try await withTestApp(Self.settings) { app in
            let port = try await app.startServer()
            var refused = try (0..<3).map { _ in try TestSocket(port: port) }
            for socket in refused {
                try await socket.send("POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
                #expect(await socket.readResponse(within: 30)?.status == 401)
            }
            refused.removeAll()
            let next = try TestSocket(port: port)
            try await next.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await next.readResponse(within: 30)?.status == 200)
        }
    }
}

/// A client that pipelines requests and reads none of the answers.
struct UnreadAnswersTests {
    /// Runs `test` on an app whose idle timeout is a second, its log kept; with alice's token.
    func withQuickIdle(_ test: (TestApp, _ token: String) async throws -> Void) async throws {
        try await withTestApp({ $0.http = HTTPLimits(idleTimeout: .seconds(1), headerTimeout: .seconds(600)) }) { app in
            app.captureLogs()
            try await test(app, try await app.makeUser("alice"))
        }
    }

    /// Pipelined requests whose answers are never read: the server stops at the first answer
    /// the socket will not take, and closes the connection after the idle timeout.
    @Test func answersLeftUnreadStopTheConnection() async throws {
        try await withQuickIdle { app, token in
            let port = try await app.startServer()
            let operations = (0..<400).map { Make.put(UUID(), base: 0, String(repeating: "x", count: 2000) + "\($0)") }
            let push = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: operations)), as: UTF8.self)
            let pusher = try TestSocket(port: port)
            try await pusher.send(pushHead(token: token, length: push.utf8.count) + push)
            #expect(await pusher.readResponse(within: 60)?.status == 200)

            let socket = try TestSocket(port: port)
            let request =
                "GET /v1/changes?since=0&limit=1000 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Authorization: Bearer \(token)\r\n\r\n"
            try await socket.send(String(repeating: request, count: 200))
            #expect(await app.waitForLog("answers left unread"), "\(app.logs.text)")
            let answered = app.logs.all.filter { $0.message.contains("GET /v1/changes 200") }.count
            #expect(answered < 20, "answers were made for a client that read none")
        }
    }
}

/// The head of a push of `length` bytes, with `token` (none if nil) and `extra` header lines.
private func pushHead(token: String?, length: Int, extra: String = "") -> String {
    "POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
        + "Content-Type: application/json\r\nContent-Length: \(length)\r\n\(extra)\r\n"
}
