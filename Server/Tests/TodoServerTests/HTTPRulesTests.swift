import NIOHTTP1
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// RFC 9112's rules for targets, Host and framing, over a real socket: what a proxy in front
/// may pass on unchanged must mean here what it meant to the proxy.
struct HTTPRulesTests {
    /// Runs `test` on an app with the legacy routes on (for book), its log kept, serving on a
    /// loopback port.
    func withServing(_ test: (TestApp, _ port: Int) async throws -> Void) async throws {
        try await withLegacyApp { app, _ in
            app.captureLogs()
            try await test(app, try await app.startServer())
        }
    }

    /// Sends `text` on a new connection and reads until the server closes it.
    func exchange(_ port: Int, _ text: String) async throws -> (answers: [RawHTTP.Response], closed: TestSocket.Closed?)
    {
        let socket = try TestSocket(port: port)
        try await socket.send(text)
        let (data, closed) = await socket.readUntilClosed(within: 30)
        return (Self.answers(in: data), closed)
    }

    /// Every whole answer in `data`, in order.
    static func answers(in data: Data) -> [RawHTTP.Response] {
        var rest = data
        var answers: [RawHTTP.Response] = []
        while let answer = RawHTTP.parse(rest) {
            let length = Int(answer.header("Content-Length") ?? "0") ?? 0
            let headLength = rest.range(of: Data("\r\n\r\n".utf8))!.upperBound - rest.startIndex
            answers.append(RawHTTP.Response(status: answer.status, head: answer.head, body: answer.body.prefix(length)))
            rest = Data(rest.dropFirst(headLength + length))
        }
        return answers
    }

    @Test func emptyAndDotSegmentsNeverNameAnotherRoute() async throws {
        try await withServing { app, port in
            // `//v1/metrics` once read as authority "v1" and path "/metrics".
            for target in [
                "//v1/metrics", "//metrics", "/v1//changes", "/v1/./changes", "/v1/../metrics", "/v1/%2e%2e/metrics"
            ] {
                let (answers, _) = try await exchange(
                    port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                #expect(answers.map(\.status) == [404], "\(target)")
                #expect(!(answers.first?.text.contains("todo_server") ?? true), "\(target)")
            }
            #expect(app.logs.all.contains { $0.message.contains("GET //v1/metrics 404") }, "\(app.logs.text)")
            #expect(!(app.logs.all.contains { $0.message.contains("GET /metrics") }), "logged as another path")
            let trailing = try await exchange(
                port, "GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(trailing.answers.map(\.status) == [200])
        }
    }

    @Test func oneHostExactly() async throws {
        try await withServing { app, port in
            let none = try await exchange(port, "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(none.answers.map(\.status) == [400])
            #expect(none.answers.first?.text.contains("needs a Host header") ?? false)
            #expect(none.closed == .eof)

            let two = try await exchange(port, "GET /todos HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n")
            #expect(two.answers.map(\.status) == [400])
            #expect(two.answers.first?.text.contains("more than one Host") ?? false)

            let bad = try await exchange(port, "GET /health HTTP/1.1\r\nHost: a b\r\n\r\n")
            #expect(bad.answers.map(\.status) == [400])

            let old = try await exchange(port, "GET /health HTTP/1.0\r\n\r\n")
            #expect(old.answers.map(\.status) == [200], "HTTP/1.0 needs no Host")
        }
    }

    /// The legacy routes answer loopback only; an absolute-form target's authority is the host
    /// the request names, whatever Host says.
    @Test func theAuthorityOfAnAbsoluteTargetWinsOverHost() async throws {
        try await withServing { app, port in
            let local = try await exchange(
                port, "GET http://localhost/todos HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
            #expect(local.answers.map(\.status) == [200], "\(local.answers.first?.text ?? "")")
            let evil = try await exchange(
                port, "GET http://evil.example/todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(evil.answers.map(\.status) == [403], "\(evil.answers.first?.text ?? "")")
            let other = try await exchange(
                port, "GET ftp://localhost/todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(other.answers.map(\.status) == [400])
        }
    }

    @Test func upgradeIsIgnoredAndTheConnectionGoesOn() async throws {
        try await withServing { app, port in
            let (answers, closed) = try await exchange(
                port,
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
                    + "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(answers.map(\.status) == [200, 200, 200])
            #expect(answers.first?.header("Connection") == "keep-alive")
            #expect(closed == .eof)
        }
    }

    @Test func connectIsRefusedWithAFramedAnswerAndAClose() async throws {
        try await withServing { app, port in
            let (answers, closed) = try await exchange(
                port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\nGET /health HTTP/1.1\r\n\r\n")
            #expect(answers.map(\.status) == [405])
            #expect(answers.first?.header("Connection") == "close")
            #expect(answers.first?.header("Content-Length") != nil)
            #expect(closed == .eof)
        }
    }

    @Test func chunkedHTTP10IsRefusedAndClosed() async throws {
        try await withServing { app, port in
            let (answers, closed) = try await exchange(
                port,
                "POST /postTodo HTTP/1.0\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n"
                    + "id: 1\r\nname: x\r\n\r\n0\r\n\r\n"
            )
            #expect(answers.map(\.status) == [400])
            #expect(closed == .eof)
            let list = try await exchange(port, "GET /todos HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(list.answers.first?.text == "[]", "nothing was written")
        }
    }

    @Test func rulesOnHeads() {
        func check(_ uri: String, _ headers: HTTPHeaders = ["Host": "h"], version: HTTPVersion = .http1_1) -> String {
            switch RequestHeadRules.check(HTTPRequestHead(version: version, method: .GET, uri: uri, headers: headers)) {
            case .success(let head): return "\(head.headers.first(name: "host") ?? "-") \(head.uri)"
            case .failure(let abort): return "\(abort.status.code)"
            }
        }
        #expect(check("/a?b=//c") == "h /a?b=//c", "a query may hold anything")
        #expect(check("HTTP://Example.org:8080") == "Example.org:8080 /")
        #expect(check("http://example.org?x") == "example.org /?x")
        #expect(check("http://user@example.org/") == "400", "no userinfo")
        #expect(check("http:///a") == "400")
        #expect(check("*") == "400")
        #expect(check("a/b") == "400")
        #expect(check("/a/..") == "404")
        #expect(check("/", [:], version: .http1_0) == "- /")
    }
}
