import NIOHTTP1
import TodoWire
import XCTVapor

@testable import TodoServer

/// RFC 9112's rules for targets, Host and framing, over a real socket: what a proxy in front
/// may pass on unchanged must mean here what it meant to the proxy.
final class HTTPRulesTests: ServerTestCase {
    var port = 0

    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(legacyUser: "book")
    }

    override func setUp() async throws {
        try await super.setUp()
        captureLogs()
        _ = try await makeUser("book")
        port = try await startServer()
    }

    /// Sends `text` on a new connection and reads until the server closes it.
    func exchange(_ text: String) throws -> (answers: [RealServer.Response], closed: TestSocket.Closed?) {
        let socket = try TestSocket(port: port)
        try socket.send(text)
        let (data, closed) = socket.readUntilClosed(within: 30)
        return (Self.answers(in: data), closed)
    }

    /// Every whole answer in `data`, in order.
    static func answers(in data: Data) -> [RealServer.Response] {
        var rest = data
        var answers: [RealServer.Response] = []
        while let answer = RealServer.parse(rest) {
            let length = Int(answer.header("Content-Length") ?? "0") ?? 0
            let headLength = rest.range(of: Data("\r\n\r\n".utf8))!.upperBound - rest.startIndex
            answers.append(RealServer.Response(status: answer.status, head: answer.head, body: answer.body.prefix(length)))
            rest = Data(rest.dropFirst(headLength + length))
        }
        return answers
    }

    func testEmptyAndDotSegmentsNeverNameAnotherRoute() throws {
        // `//v1/metrics` once read as authority "v1" and path "/metrics".
        for target in ["//v1/metrics", "//metrics", "/v1//changes", "/v1/./changes", "/v1/../metrics", "/v1/%2e%2e/metrics"] {
            let (answers, _) = try exchange("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(answers.map(\.status), [404], target)
            XCTAssertFalse(answers.first?.text.contains("todo_server") ?? true, target)
        }
        XCTAssertTrue(logs.all.contains { $0.message.contains("GET //v1/metrics 404") }, logs.text)
        XCTAssertFalse(logs.all.contains { $0.message.contains("GET /metrics") }, "logged as another path")
        let trailing = try exchange("GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(trailing.answers.map(\.status), [200])
    }

    func testOneHostExactly() throws {
        let none = try exchange("GET /health HTTP/1.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(none.answers.map(\.status), [400])
        XCTAssertTrue(none.answers.first?.text.contains("needs a Host header") ?? false)
        XCTAssertEqual(none.closed, .eof)

        let two = try exchange("GET /todos HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n")
        XCTAssertEqual(two.answers.map(\.status), [400])
        XCTAssertTrue(two.answers.first?.text.contains("more than one Host") ?? false)

        let bad = try exchange("GET /health HTTP/1.1\r\nHost: a b\r\n\r\n")
        XCTAssertEqual(bad.answers.map(\.status), [400])

        let old = try exchange("GET /health HTTP/1.0\r\n\r\n")
        XCTAssertEqual(old.answers.map(\.status), [200], "HTTP/1.0 needs no Host")
    }

    /// The legacy routes answer loopback only; an absolute-form target's authority is the host
    /// the request names, whatever Host says.
    func testTheAuthorityOfAnAbsoluteTargetWinsOverHost() throws {
        let local = try exchange("GET http://localhost/todos HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(local.answers.map(\.status), [200], local.answers.first?.text ?? "")
        let evil = try exchange("GET http://evil.example/todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(evil.answers.map(\.status), [403], evil.answers.first?.text ?? "")
        let other = try exchange("GET ftp://localhost/todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(other.answers.map(\.status), [400])
    }

    func testUpgradeIsIgnoredAndTheConnectionGoesOn() throws {
        let (answers, closed) = try exchange(
            "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
                + "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(answers.map(\.status), [200, 200, 200])
        XCTAssertEqual(answers.first?.header("Connection"), "keep-alive")
        XCTAssertEqual(closed, .eof)
    }

    func testConnectIsRefusedWithAFramedAnswerAndAClose() throws {
        let (answers, closed) = try exchange("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\nGET /health HTTP/1.1\r\n\r\n")
        XCTAssertEqual(answers.map(\.status), [405])
        XCTAssertEqual(answers.first?.header("Connection"), "close")
        XCTAssertNotNil(answers.first?.header("Content-Length"))
        XCTAssertEqual(closed, .eof)
    }

    func testChunkedHTTP10IsRefusedAndClosed() throws {
        let (answers, closed) = try exchange(
            "POST /postTodo HTTP/1.0\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\nid: 1\r\nname: x\r\n\r\n0\r\n\r\n")
        XCTAssertEqual(answers.map(\.status), [400])
        XCTAssertEqual(closed, .eof)
        let list = try exchange("GET /todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(list.answers.first?.text, "[]", "nothing was written")
    }

    func testRulesOnHeads() {
        func check(_ uri: String, _ headers: HTTPHeaders = ["Host": "h"], version: HTTPVersion = .http1_1) -> String {
            switch RequestHeadRules.check(HTTPRequestHead(version: version, method: .GET, uri: uri, headers: headers)) {
            case .success(let head): return "\(head.headers.first(name: "host") ?? "-") \(head.uri)"
            case .failure(let abort): return "\(abort.status.code)"
            }
        }
        XCTAssertEqual(check("/a?b=//c"), "h /a?b=//c", "a query may hold anything")
        XCTAssertEqual(check("HTTP://Example.org:8080"), "Example.org:8080 /")
        XCTAssertEqual(check("http://example.org?x"), "example.org /?x")
        XCTAssertEqual(check("http://user@example.org/"), "400", "no userinfo")
        XCTAssertEqual(check("http:///a"), "400")
        XCTAssertEqual(check("*"), "400")
        XCTAssertEqual(check("a/b"), "400")
        XCTAssertEqual(check("/a/.."), "404")
        XCTAssertEqual(check("/", [:], version: .http1_0), "- /")
    }
}
