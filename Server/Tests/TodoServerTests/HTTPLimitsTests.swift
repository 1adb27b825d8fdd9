import TodoWire
import XCTVapor

@testable import TodoServer

/// What a client may make the server hold or wait for: bodies only once the head passed
/// every check, a bounded amount of them, chunked framing no larger than the data, bodies at a
/// minimum rate, answers read, a bounded number of connections.
final class HTTPLimitsTests: ServerTestCase {
    var token = ""

    override func makeSettings() async throws -> ServerSettings {
        var limits = HTTPLimits(idleTimeout: .seconds(1), headerTimeout: .seconds(600))
        limits.maxBodyMemory = 1 << 20
        limits.maxConnectionsPerClient = 6
        return try await TestDatabase.freshSettings(http: limits)
    }

    override func setUp() async throws {
        try await super.setUp()
        captureLogs()
        token = try await makeUser("alice")
    }

    func testARefusedHeadIsAnsweredBeforeItsBodyIsSent() async throws {
        let port = try await startServer()
        let socket = try TestSocket(port: port)
        try socket.send(pushHead(token: nil, length: 8_000_000))
        let answer = socket.readResponse(within: 30)
        XCTAssertEqual(answer?.status, 401, "answered with the body unsent")
        XCTAssertEqual(answer?.header("Connection"), "close")

        let wrong = try TestSocket(port: port)
        try wrong.send(pushHead(token: "nope", length: 100, extra: "Expect: 100-continue\r\n"))
        let refused = wrong.readResponse(within: 30)
        XCTAssertEqual(refused?.status, 401, "no 100 Continue for a head that is refused")
    }

    func test100ContinueOnlyOnceTheHeadIsAccepted() async throws {
        let port = try await startServer()
        let body = #"{"operations":[]}"#
        let socket = try TestSocket(port: port)
        try socket.send(pushHead(token: token, length: body.utf8.count, extra: "Expect: 100-continue\r\n"))
        let interim = socket.readResponse(within: 30)
        XCTAssertEqual(interim?.status, 100)
        try socket.send(body)
        let final = socket.readResponse(within: 30)
        XCTAssertEqual(final?.status, 200, final?.text ?? "no answer")
    }

    func testBodiesInMemoryAreBoundedServerWide() async throws {
        let port = try await startServer()
        let first = try TestSocket(port: port)
        try first.send(pushHead(token: token, length: 900_000) + String(repeating: " ", count: 700_000))
        let second = try TestSocket(port: port)
        try second.send(pushHead(token: token, length: 900_000))
        // The first body holds 700 KB of the 1 MiB; the second cannot have its 900 KB.
        try? second.send(String(repeating: " ", count: 700_000))
        let busy = second.readResponse(within: 30)
        XCTAssertEqual(busy?.status, 503, busy?.text ?? "no answer")
        XCTAssertEqual(busy?.header("Retry-After"), "5")
        // The first finishes; its bytes are given back, and a third body fits again.
        try first.send(String(repeating: " ", count: 200_000))
        XCTAssertEqual(first.readResponse(within: 30)?.status, 400, "a body of blanks is not JSON")
        let third = try TestSocket(port: port)
        let body = #"{"operations":[]}"#
        try third.send(pushHead(token: token, length: body.utf8.count) + body)
        XCTAssertEqual(third.readResponse(within: 30)?.status, 200)
    }

    func testChunkedFramingMayNotOutweighTheBody() async throws {
        let port = try await startServer()
        let head = "POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\n\r\n"
        let extensions = try TestSocket(port: port)
        try extensions.send(head + "1;" + String(repeating: "a", count: 200_000))
        XCTAssertEqual(extensions.readResponse(within: 30)?.status, 400)

        let tiny = try TestSocket(port: port)
        try tiny.send(head + String(repeating: "1\r\n \r\n", count: 40_000))
        let answer = tiny.readResponse(within: 30)
        XCTAssertEqual(answer?.status, 400)
        XCTAssertTrue(answer?.text.contains("chunked framing") ?? false, answer?.text ?? "")
    }

    /// One byte now and then no longer keeps a body alive: it gets the idle timeout plus a
    /// second per 500 bytes.
    func testATricklingBodyIsClosed() async throws {
        let port = try await startServer()
        let socket = try TestSocket(port: port)
        try socket.send(pushHead(token: token, length: 1000) + "{")
        let deadline = Date().addingTimeInterval(60)
        var closed = false
        while !closed, Date() < deadline {
            closed = (try? socket.send(" ")) == nil || socket.readUntilClosed(within: 0.2).closed != nil
        }
        XCTAssertTrue(closed, "still open after 60 s")
        XCTAssertTrue(waitForLog("request body too slow"), logs.text)
    }

    func testConnectionsFromOneAddressAreBounded() async throws {
        let port = try await startServer()
        let open = try (0..<6).map { _ in try TestSocket(port: port) }
        for socket in open { try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        for socket in open { XCTAssertEqual(socket.readResponse(within: 30)?.status, 200) }
        let extra = try TestSocket(port: port)
        let (data, closed) = extra.readUntilClosed(within: 30)
        XCTAssertEqual(closed, .eof)
        XCTAssertEqual(data, Data())
        XCTAssertTrue(waitForLog("6 connections open from this address"), logs.text)
    }

    /// A client leaving mid-head or mid-body made no request: no 400 in the log.
    func testAClientLeavingMidRequestLogsNoAnswer() async throws {
        let port = try await startServer()
        do {
            let socket = try TestSocket(port: port)
            try socket.send("GET /health HTTP/1.1\r\nHost: 127.")
        }
        do {
            let socket = try TestSocket(port: port)
            try socket.send(pushHead(token: token, length: 100) + "{")
            XCTAssertTrue(waitForLog("POST /v1/push"))  // the body was asked for
        }
        XCTAssertTrue(waitForLog("client left mid-body"), logs.text)
        XCTAssertFalse(logs.all.contains { $0.message.contains(" 400 ") }, logs.text)
    }
}

/// The server takes at most `maxConnections` at once; the next waits in the backlog until
/// one closes.
final class ConnectionCapTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        var limits = HTTPLimits(headerTimeout: .seconds(600))
        limits.maxConnections = 3
        return try await TestDatabase.freshSettings(http: limits)
    }

    func testTheNextConnectionWaitsForOneToClose() async throws {
        let port = try await startServer()
        var open = try (0..<3).map { _ in try TestSocket(port: port) }
        for socket in open { try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        for socket in open { XCTAssertEqual(socket.readResponse(within: 30)?.status, 200) }
        let waiting = try TestSocket(port: port)
        try waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertNil(waiting.readResponse(within: 1), "answered while the server was full")
        open.removeFirst()
        XCTAssertEqual(waiting.readResponse(within: 30)?.status, 200)
    }

    /// A refused request's connection closes when the client closes it, not at the end of the
    /// linger (the header timeout, 600 s here): the server reads on to see the close.
    func testRefusedConnectionsCloseWithTheClient() async throws {
        let port = try await startServer()
        var refused = try (0..<3).map { _ in try TestSocket(port: port) }
        for socket in refused {
            try socket.send("POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
            XCTAssertEqual(socket.readResponse(within: 30)?.status, 401)
        }
        refused.removeAll()
        let next = try TestSocket(port: port)
        try next.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(next.readResponse(within: 30)?.status, 200)
    }
}

/// A client that pipelines requests and reads none of the answers.
final class UnreadAnswersTests: ServerTestCase {
    var token = ""

    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(http: HTTPLimits(idleTimeout: .seconds(1), headerTimeout: .seconds(600)))
    }

    override func setUp() async throws {
        try await super.setUp()
        captureLogs()
        token = try await makeUser("alice")
    }

    /// Pipelined requests whose answers are never read: the server stops at the first answer
    /// the socket will not take, and closes the connection after the idle timeout.
    func testAnswersLeftUnreadStopTheConnection() async throws {
        let port = try await startServer()
        let operations = (0..<400).map { Make.put(UUID(), base: 0, String(repeating: "x", count: 2000) + "\($0)") }
        let push = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: operations)), as: UTF8.self)
        let pusher = try TestSocket(port: port)
        try pusher.send(pushHead(token: token, length: push.utf8.count) + push)
        XCTAssertEqual(pusher.readResponse(within: 60)?.status, 200)

        let socket = try TestSocket(port: port)
        let request = "GET /v1/changes?since=0&limit=1000 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
        try socket.send(String(repeating: request, count: 200))
        XCTAssertTrue(waitForLog("answers left unread"), logs.text)
        let answered = logs.all.filter { $0.message.contains("GET /v1/changes 200") }.count
        XCTAssertLessThan(answered, 20, "answers were made for a client that read none")
    }

}

extension ServerTestCase {
    func pushHead(token: String?, length: Int, extra: String = "") -> String {
        "POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
            + "Content-Type: application/json\r\nContent-Length: \(length)\r\n\(extra)\r\n"
    }

    /// Waits until the log has a line containing `text` (at most 30 s).
    func waitForLog(_ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if logs.all.contains(where: { $0.message.contains(text) }) { return true }
            usleep(10_000)
        }
        return false
    }
}
