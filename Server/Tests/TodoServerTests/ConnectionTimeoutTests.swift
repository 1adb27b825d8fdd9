import TodoWire
import XCTVapor

@testable import TodoServer

/// A request head must be complete within the header timeout of its first byte, however it
/// trickles in. The idle timeout is long here, so only the header timeout can close these.
final class HeaderTimeoutTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(
            http: HTTPLimits(idleTimeout: .seconds(600), headerTimeout: .seconds(1)))
    }

    func testFiftyPartialHeadsAreAllClosed() async throws {
        captureLogs()
        let port = try await startServer()
        let sockets = try (0..<50).map { _ in try TestSocket(port: port) }
        for socket in sockets {
            try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        }
        let deadline = Date().addingTimeInterval(60)
        for (index, socket) in sockets.enumerated() {
            let (data, closed) = socket.readUntilClosed(within: deadline.timeIntervalSinceNow)
            XCTAssertEqual(closed, .eof, "connection \(index) still open after 60s")
            XCTAssertEqual(data, Data(), "connection \(index) got an answer to half a request")
        }
        XCTAssertEqual(
            logs.all.filter { $0.message.contains("request head incomplete for 1s") }.count, 50, logs.text)
        let health = try RealServer.http(port: port, method: "GET", path: "/health")
        XCTAssertEqual(health?.status, 200, "the server still answers")
    }

    func testAHeadTricklingInIsClosedAllTheSame() async throws {
        let port = try await startServer()
        let socket = try TestSocket(port: port)
        let head = Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "a", count: 5000))".utf8)
        let deadline = Date().addingTimeInterval(60)
        var closed: TestSocket.Closed?
        for byte in head where closed == nil && Date() < deadline {
            try? socket.send([byte])
            closed = socket.readUntilClosed(within: 0.05).closed
        }
        XCTAssertEqual(closed, .eof, "a byte every 50ms kept the connection open for 60s")
    }

    func testACompleteRequestOnAKeptAliveConnectionIsAnswered() async throws {
        let port = try await startServer()
        let socket = try TestSocket(port: port)
        for _ in 0..<3 {
            try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = socket.readResponse(within: 60)
            XCTAssertEqual(answer?.status, 200)
            XCTAssertEqual(answer?.header("Connection"), "keep-alive")
        }
    }
}

/// With nothing under way, a connection may stay quiet for the idle timeout, no longer; a
/// request body may stall for as long. The header timeout is long here.
final class IdleTimeoutTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(
            http: HTTPLimits(idleTimeout: .seconds(1), headerTimeout: .seconds(600)))
    }

    func testQuietConnectionsAreClosed() async throws {
        let token = try await makeUser("alice")
        let port = try await startServer()
        let silent = try TestSocket(port: port)
        let keptAlive = try TestSocket(port: port)
        try keptAlive.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let stalled = try TestSocket(port: port)
        try stalled.send("POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: 100\r\n\r\n{\"oper")

        let deadline = Date().addingTimeInterval(60)
        XCTAssertEqual(silent.readUntilClosed(within: deadline.timeIntervalSinceNow).closed, .eof)
        let afterAnswer = keptAlive.readUntilClosed(within: deadline.timeIntervalSinceNow)
        XCTAssertTrue(String(decoding: afterAnswer.data, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
        XCTAssertEqual(afterAnswer.closed, .eof)
        let body = stalled.readUntilClosed(within: deadline.timeIntervalSinceNow)
        XCTAssertEqual(body.closed, .eof)
        XCTAssertEqual(body.data, Data())
    }
}
