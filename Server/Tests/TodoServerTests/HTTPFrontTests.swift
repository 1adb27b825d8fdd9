import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// The HTTP layer over a real socket, with bytes no well-behaved client sends: what it cannot
/// take is answered (400, 431) and logged as such, never dropped or called a 500.
struct HTTPFrontTests {
    /// Runs `test` on an app with the legacy routes on (for book, whose token it gets), its log
    /// kept, serving on a loopback port.
    func withServing(_ test: (TestApp, _ port: Int, _ token: String) async throws -> Void) async throws {
        try await withLegacyApp { app, token in
            app.captureLogs()
            try await test(app, try await app.startServer(), token)
        }
    }

    /// Sends `bytes` on a new connection and reads until the server closes it.
    func exchange(_ port: Int, _ bytes: [UInt8]) async throws -> (
        response: RawHTTP.Response?, closed: TestSocket.Closed?
    ) {
        let socket = try TestSocket(port: port)
        try await socket.send(bytes)
        let (data, closed) = await socket.readUntilClosed(within: 30)
        return (RawHTTP.parse(data), closed)
    }

    func chunkedPush(_ token: String, _ chunks: String) -> [UInt8] {
        Array(
            ("POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + chunks).utf8)
    }

    func expectJSONError(
        _ response: RawHTTP.Response?, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let response = try #require(response, "no answer", sourceLocation: sourceLocation)
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        let error = try WireJSON.decoder.decode(ErrorResponse.self, from: response.body)
        #expect(error.error, sourceLocation: sourceLocation)
        #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
        #expect(response.header("X-Todo-Dataset") != nil, sourceLocation: sourceLocation)
    }

    @Test func malformedChunkedBodiesAre400InTheAnswerAndInTheLog() async throws {
        try await withServing { app, port, token in
            let empty = #"{"operations":[]}"#
            let valid = String(empty.utf8.count, radix: 16) + "\r\n" + empty + "\r\n0\r\n\r\n"
            let good = try await exchange(port, chunkedPush(token, valid))
            #expect(good.response?.status == 200, "\(good.response?.text ?? "no answer")")

            for chunks in [
                "zz\r\n\(empty)\r\n0\r\n\r\n",  // chunk size not hexadecimal
                "3\r\n\(empty)\r\n0\r\n\r\n",  // chunk longer than its size
                "\(String(empty.utf8.count, radix: 16))\r\n\(empty)XX0\r\n\r\n"  // no CRLF after the data
            ] {
                let (response, closed) = try await exchange(port, chunkedPush(token, chunks))
                try expectJSONError(response, 400)
                #expect(closed == .eof)
            }
            let lines = app.logs.all
            #expect(lines.filter { $0.message.contains("POST /v1/push 400") }.count == 3, "\(app.logs.text)")
            #expect(!(lines.contains { $0.message.contains(" 500") || $0.level >= .error }), "\(app.logs.text)")
        }
    }

    /// Every field of the legacy API at its documented limit, in one request: the header block
    /// (about 132 KiB) is above NIO's default 80 KiB, below the server's limit.
    @Test func legacyFieldsAtTheirDocumentedLimitsFitInOneRequest() async throws {
        try await withServing { app, port, token in
            let name = String(repeating: "é", count: FieldProblem.maxNameBytes / 2)
            let description = String(repeating: "d", count: FieldProblem.maxTextBytes)
            let notes = String(repeating: "ñ", count: FieldProblem.maxTextBytes / 2)
            let response = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: "/postTodo",
                    headers: [
                        "Cookie: test=123", "id: 1", "name: \(name)", "description: \(description)",
                        "notes: \(notes)", "completed: no"
                    ].map(RawHTTP.header),
                    body: "{}"))
            #expect(response.status == 200, "\(String(response.text.prefix(300)))")

            struct Todo: Decodable { let name: String; let description: String; let notes: String }
            let read = try #require(
                try await RawHTTP.request(
                    port: port, method: "GET", path: "/todo", headers: [RawHTTP.header("id: 1")]))
            let todo = try #require(try JSONDecoder().decode([Todo].self, from: read.body).first)
            #expect(todo.name == name)
            #expect(todo.description == description)
            #expect(todo.notes == notes)

            // One byte over a field's limit is that field's error, not a header-size error.
            let over = try await RawHTTP.request(
                port: port, method: "POST", path: "/postTodo",
                headers: ["id: 2", "name: n", "notes: \(notes)x"].map(RawHTTP.header), body: "{}")
            try expectJSONError(over, 400)
            #expect(over?.text.contains("notes is longer") == true, "\(over?.text ?? "")")
        }
    }

    @Test func headerBlocksAboveTheLimitAre431NotAReset() async throws {
        try await withServing { app, port, token in
            let pad = String(repeating: "p", count: 60 * 1024)
            let headers = (1...5).map { "X-Pad-\($0): \(pad)" }.joined(separator: "\r\n")
            #expect(5 * pad.utf8.count > HTTPLimits.defaultMaxHeaderBytes)
            let many = try await exchange(
                port, Array("GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n\r\n".utf8))
            try expectJSONError(many.response, 431)
            #expect(many.closed == .eof)

            let one = String(repeating: "q", count: HTTPLimits.defaultMaxHeaderBytes)
            let single = try await exchange(
                port, Array("GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(one)\r\n\r\n".utf8))
            try expectJSONError(single.response, 431)
            #expect(single.closed == .eof)

            #expect(app.logs.all.filter { $0.message.contains(" 431 ") }.count == 2, "\(app.logs.text)")
            let after = try await RawHTTP.request(port: port, method: "GET", path: "/todos")
            #expect(after?.status == 200)
        }
    }

    /// The book's `-H "completed : yes"` is not a valid header line: a 400 with a reason, and
    /// nothing changes.
    @Test func invalidHeaderLineIs400() async throws {
        try await withServing { app, port, token in
            let (response, closed) = try await exchange(
                port,
                Array(
                    "POST /updateTodo HTTP/1.1\r\nHost: 127.0.0.1\r\nid: 3\r\ncompleted : yes\r\n\r\n".utf8))
            try expectJSONError(response, 400)
            #expect(response?.text.contains("malformed HTTP request") == true, "\(response?.text ?? "")")
            #expect(closed == .eof)
            #expect(app.logs.all.contains { $0.message.contains("- - 400") }, "\(app.logs.text)")
        }
    }
}
