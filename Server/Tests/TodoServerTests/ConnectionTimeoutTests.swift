import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// A request head must be complete within the header timeout of its first byte, however it
/// trickles in. The idle timeout is long here, so only the header timeout can close these.
struct HeaderTimeoutTests {
    static func settings(_ settings: inout ServerSettings) {
        settings.http = HTTPLimits(idleTimeout: .seconds(600), headerTimeout: .seconds(1))
    }

    @Test func fiftyPartialHeadsAreAllClosed() async throws {
        try await withTestApp(Self.settings) { app in
            app.captureLogs()
            let port = try await app.startServer()
            let sockets = try (0..<50).map { _ in try TestSocket(port: port) }
            for socket in sockets {
                try await socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            }
            let deadline = Date().addingTimeInterval(60)
            for (index, socket) in sockets.enumerated() {
                let (data, closed) = await socket.readUntilClosed(within: deadline.timeIntervalSinceNow)
                #expect(closed == .eof, "connection \(index) still open after 60s")
                #expect(data == Data(), "connection \(index) got an answer to half a request")
            }
            #expect(
                app.logs.all.filter { $0.message.contains("request head incomplete for 1s") }.count == 50,
                "\(app.logs.text)")
            let health = try await RawHTTP.request(port: port, method: "GET", path: "/health")
            #expect(health?.status == 200, "the server still answers")
        }
    }

    @Test func aHeadTricklingInIsClosedAllTheSame() async throws {
        try await withTestApp(Self.settings) { app in
            let port = try await app.startServer()
            let socket = try TestSocket(port: port)
            let head = Array(
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "a", count: 5000))".utf8)
            let deadline = Date().addingTimeInterval(60)
            // One blocking loop: a close falling between a read and the next send makes that
            // send draw a reset instead of the end of file, so that gap stays a loop iteration.
            let closed = await offThePool { () -> TestSocket.Closed? in
                var closed: TestSocket.Closed?
                for byte in head where closed == nil && Date() < deadline {
                    try? socket.blockingSend([byte])
                    closed = socket.blockingReadUntilClosed(within: 0.05).closed
                }
                return closed
            }
            #expect(closed == .eof, "a byte every 50ms kept the connection open for 60s")
        }
    }

    @Test func aCompleteRequestOnAKeptAliveConnectionIsAnswered() async throws {
        try await withTestApp(Self.settings) { app in
            let port = try await app.startServer()
            let socket = try TestSocket(port: port)
            for _ in 0..<3 {
                try await socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let answer = await socket.readResponse(within: 60)
                #expect(answer?.status == 200)
                #expect(answer?.header("Connection") == "keep-alive")
            }
        }
    }
}

/// With nothing under way, a connection may stay quiet for the idle timeout, no longer; a
/// request body may stall for as long. The header timeout is long here.
struct IdleTimeoutTests {
    static func settings(_ settings: inout ServerSettings) {
        settings.http = HTTPLimits(idleTimeout: .seconds(1), headerTimeout: .seconds(600))
    }

    @Test func quietConnectionsAreClosed() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let port = try await app.startServer()
            let silent = try TestSocket(port: port)
            let keptAlive = try TestSocket(port: port)
            try await keptAlive.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let stalled = try TestSocket(port: port)
            try await stalled.send(
                "POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Length: 100\r\n\r\n{\"oper"
            )

            let deadline = Date().addingTimeInterval(60)
            #expect(await silent.readUntilClosed(within: deadline.timeIntervalSinceNow).closed == .eof)
            let afterAnswer = await keptAlive.readUntilClosed(within: deadline.timeIntervalSinceNow)
            #expect(String(decoding: afterAnswer.data, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
            #expect(afterAnswer.closed == .eof)
            let body = await stalled.readUntilClosed(within: deadline.timeIntervalSinceNow)
            #expect(body.closed == .eof)
            #expect(body.data == Data())
        }
    }
}
