import TodoWire
import XCTVapor

@testable import TodoServer

/// The HTTP layer over a real socket, with bytes no well-behaved client sends: what it cannot
/// take is answered (400, 431) and logged as such, never dropped or called a 500.
final class HTTPFrontTests: ServerTestCase {
    var token = ""
    var port = 0

    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(legacyUser: "book")
    }

    override func setUp() async throws {
        try await super.setUp()
        captureLogs()
        token = try await makeUser("book")
        port = try await startServer()
    }

    /// Sends `bytes` on a new connection and reads until the server closes it.
    func exchange(_ bytes: [UInt8]) throws -> (response: RealServer.Response?, closed: TestSocket.Closed?) {
        let socket = try TestSocket(port: port)
        try socket.send(bytes)
        let (data, closed) = socket.readUntilClosed(within: 30)
        return (RealServer.parse(data), closed)
    }

    func chunkedPush(_ chunks: String) -> [UInt8] {
        Array(("POST /v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + chunks).utf8)
    }

    func assertJSONError(
        _ response: RealServer.Response?, _ status: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let response = try XCTUnwrap(response, "no answer", file: file, line: line)
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        let error = try WireJSON.decoder.decode(ErrorResponse.self, from: response.body)
        XCTAssertTrue(error.error, file: file, line: line)
        XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
        XCTAssertNotNil(response.header("X-Todo-Dataset"), file: file, line: line)
    }

    func testMalformedChunkedBodiesAre400InTheAnswerAndInTheLog() throws {
        let empty = #"{"operations":[]}"#
        let valid = String(empty.utf8.count, radix: 16) + "\r\n" + empty + "\r\n0\r\n\r\n"
        let good = try exchange(chunkedPush(valid))
        XCTAssertEqual(good.response?.status, 200, good.response?.text ?? "no answer")

        for chunks in [
            "zz\r\n\(empty)\r\n0\r\n\r\n",  // chunk size not hexadecimal
            "3\r\n\(empty)\r\n0\r\n\r\n",  // chunk longer than its size
            "\(String(empty.utf8.count, radix: 16))\r\n\(empty)XX0\r\n\r\n",  // no CRLF after the data
        ] {
            let (response, closed) = try exchange(chunkedPush(chunks))
            try assertJSONError(response, 400)
            XCTAssertEqual(closed, .eof)
        }
        let lines = logs.all
        XCTAssertEqual(lines.filter { $0.message.contains("POST /v1/push 400") }.count, 3, logs.text)
        XCTAssertFalse(lines.contains { $0.message.contains(" 500") || $0.level >= .error }, logs.text)
    }

    /// Every field of the legacy API at its documented limit, in one request: the header block
    /// (about 132 KiB) is above NIO's default 80 KiB, below the server's limit.
    func testLegacyFieldsAtTheirDocumentedLimitsFitInOneRequest() throws {
        let name = String(repeating: "é", count: FieldProblem.maxNameBytes / 2)
        let description = String(repeating: "d", count: FieldProblem.maxTextBytes)
        let notes = String(repeating: "ñ", count: FieldProblem.maxTextBytes / 2)
        let response = try XCTUnwrap(try RealServer.http(
            port: port, method: "POST", path: "/postTodo",
            headers: ["Cookie: test=123", "id: 1", "name: \(name)", "description: \(description)",
                      "notes: \(notes)", "completed: no"].map(RealServer.header),
            body: "{}"))
        XCTAssertEqual(response.status, 200, String(response.text.prefix(300)))

        struct Todo: Decodable { let name: String; let description: String; let notes: String }
        let read = try XCTUnwrap(try RealServer.http(
            port: port, method: "GET", path: "/todo", headers: [RealServer.header("id: 1")]))
        let todo = try XCTUnwrap(try JSONDecoder().decode([Todo].self, from: read.body).first)
        XCTAssertEqual(todo.name, name)
        XCTAssertEqual(todo.description, description)
        XCTAssertEqual(todo.notes, notes)

        // One byte over a field's limit is that field's error, not a header-size error.
        let over = try RealServer.http(
            port: port, method: "POST", path: "/postTodo",
            headers: ["id: 2", "name: n", "notes: \(notes)x"].map(RealServer.header), body: "{}")
        try assertJSONError(over, 400)
        XCTAssertTrue(over?.text.contains("notes is longer") == true, over?.text ?? "")
    }

    func testHeaderBlocksAboveTheLimitAre431NotAReset() throws {
        let pad = String(repeating: "p", count: 60 * 1024)
        let headers = (1...5).map { "X-Pad-\($0): \(pad)" }.joined(separator: "\r\n")
        XCTAssertGreaterThan(5 * pad.utf8.count, HTTPLimits.defaultMaxHeaderBytes)
        let many = try exchange(Array("GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n\r\n".utf8))
        try assertJSONError(many.response, 431)
        XCTAssertEqual(many.closed, .eof)

        let one = String(repeating: "q", count: HTTPLimits.defaultMaxHeaderBytes)
        let single = try exchange(Array("GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(one)\r\n\r\n".utf8))
        try assertJSONError(single.response, 431)
        XCTAssertEqual(single.closed, .eof)

        XCTAssertEqual(logs.all.filter { $0.message.contains(" 431 ") }.count, 2, logs.text)
        let after = try RealServer.http(port: port, method: "GET", path: "/todos")
        XCTAssertEqual(after?.status, 200)
    }

    /// The book's `-H "completed : yes"` is not a valid header line: a 400 with a reason, and
    /// nothing changes.
    func testInvalidHeaderLineIs400() throws {
        let (response, closed) = try exchange(Array(
            "POST /updateTodo HTTP/1.1\r\nHost: 127.0.0.1\r\nid: 3\r\ncompleted : yes\r\n\r\n".utf8))
        try assertJSONError(response, 400)
        XCTAssertTrue(response?.text.contains("malformed HTTP request") == true, response?.text ?? "")
        XCTAssertEqual(closed, .eof)
        XCTAssertTrue(logs.all.contains { $0.message.contains("- - 400") }, logs.text)
    }
}
