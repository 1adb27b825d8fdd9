import Foundation
import Testing
import TodoTestSupport
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 26: HTTP Basic sends the password (a todo token) readable by anyone on the way, so the
/// CalDAV face refuses it over plain HTTP from another machine unless a trusted proxy says the
/// client reached it over https (`TransportSecurity`): 403 with the reason, before any
/// challenge or token check, never the token echoed.
struct CalDAVTransportTests {
    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString(), "Depth": "0"
        ]
        headers.add(contentsOf: more)
        return headers
    }

    static let ask = #"<propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>"#

    /// A PROPFIND of the DAV root as `peer`, with `tls` and `headers`.
    func propfind(
        _ app: TestApp, _ headers: HTTPHeaders, peer: String, tls: Bool = false
    ) async throws -> TestResponse {
        try await app.send(.PROPFIND, "dav/", headers: headers, body: Self.ask, peer: peer, tls: tls)
    }

    /// Expects the refusal: 403 naming `reason`, no challenge, the token nowhere in it.
    func expectRefused(
        _ app: TestApp, _ response: TestResponse, _ reason: String, token: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try app.expectError(response, .forbidden, sourceLocation: sourceLocation)
        let body = response.body.string
        #expect(
            body.contains("CalDAV from another machine needs https: \(reason)"), "\(body)",
            sourceLocation: sourceLocation)
        #expect(response.headers.first(name: "WWW-Authenticate") == nil, sourceLocation: sourceLocation)
        #expect(!body.contains(token), sourceLocation: sourceLocation)
        #expect(!body.contains(Data("alice:\(token)".utf8).base64EncodedString()), sourceLocation: sourceLocation)
    }

    @Test func loopbackAndTLSAreServed() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            for peer in ["127.0.0.1", "::1", "127.0.0.2", "::ffff:127.0.0.1"] {
                let local = try await propfind(app, basic(token), peer: peer)
                #expect(local.status == .multiStatus, "\(peer): \(local.body.string)")
            }
            let overTLS = try await propfind(app, basic(token), peer: "203.0.113.7", tls: true)
            #expect(overTLS.status == .multiStatus, "\(overTLS.body.string)")
            #expect(overTLS.body.string.contains("<D:href>/dav/alice/</D:href>"), "\(overTLS.body.string)")
        }
    }

    /// From elsewhere over plain HTTP: refused with or without credentials (no 401 invites
    /// the password), whatever X-Forwarded-Proto the peer claims; the token is not looked up,
    /// so refusals never reach the failure limit and a right token is refused all the same.
    @Test func plainHTTPFromAnotherMachineIsRefused() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let elsewhere = "this request came over plain HTTP from another machine"
            let refused = try await propfind(app, basic(token), peer: "203.0.113.7")
            try expectRefused(app, refused, elsewhere, token: token)
            #expect(
                refused.body.string.contains(
                    "the token sent as its password crossed the network unencrypted: revoke it"),
                "\(refused.body.string)")
            let unasked = try await app.send(.PROPFIND, "dav/alice/tasks/", body: Self.ask, peer: "203.0.113.7")
            try expectRefused(app, unasked, elsewhere, token: token)
            #expect(unasked.body.string.contains("; connect with https:"), "\(unasked.body.string)")
            #expect(!unasked.body.string.contains("revoke"), "\(unasked.body.string)")
            let claims = try await propfind(
                app, basic(token, ["X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.1"]),
                peer: "203.0.113.7")
            try expectRefused(app, claims, elsewhere, token: token)
            for _ in 0..<(AuthFailureLimiter.credentialLimit + 2) {
                try expectRefused(
                    app, try await propfind(app, basic("todo_guess"), peer: "203.0.113.7"), elsewhere,
                    token: "todo_guess")
            }
            let overTLS = try await propfind(app, basic(token), peer: "203.0.113.7", tls: true)
            #expect(overTLS.status == .multiStatus, "\(overTLS.body.string)")
            for (method, path) in [
                (HTTPMethod.GET, "dav/alice/tasks/x.ics"), (.PUT, "dav/alice/tasks/x.ics"),
                (.DELETE, "dav/alice/tasks/x.ics"), (.REPORT, "dav/alice/tasks/")
            ] {
                let other = try await app.send(method, path, headers: basic(token), peer: "203.0.113.7")
                try expectRefused(app, other, elsewhere, token: token)
            }
        }
    }

    /// What needs no credentials is not refused: discovery's redirect and OPTIONS.
    @Test func discoveryWithoutCredentialsIsNotRefused() async throws {
        try await withTestApp { app in
            let wellKnown = try await app.send(.PROPFIND, ".well-known/caldav", peer: "203.0.113.7")
            #expect(wellKnown.status == .movedPermanently)
            let options = try await app.send(.OPTIONS, "dav/", peer: "203.0.113.7")
            #expect(options.status == .ok)
        }
    }

    /// The documented proxy (TODO_SERVER_TRUSTED_PROXIES, X-Forwarded-Proto: https) is served;
    /// a trusted proxy that says http, or nothing, is not.
    @Test(arguments: ["127.0.0.1", "10.0.0.2"])
    func aTrustedProxySaysHowTheClientCame(proxy: String) async throws {
        try await withTestApp { app in
            TrustedProxies.set(TrustedProxies("192.0.2.9, \(proxy)"), on: app.application)
            let token = try await app.makeUser("alice")
            let client: HTTPHeaders = ["X-Forwarded-For": "203.0.113.7"]
            for proto in ["https", "HTTPS", " https , https"] {
                var headers = client
                headers.add(name: "X-Forwarded-Proto", value: proto)
                let served = try await propfind(app, basic(token, headers), peer: proxy)
                #expect(served.status == .multiStatus, "\(proto): \(served.body.string)")
            }
            for proto in ["http", "https, http", "ws"] {
                var headers = client
                headers.add(name: "X-Forwarded-Proto", value: proto)
                let refused = try await propfind(app, basic(token, headers), peer: proxy)
                try expectRefused(
                    app, refused,
                    "the client reached the proxy over plain HTTP (X-Forwarded-Proto: \(proto.lowercased()))",
                    token: token)
            }
            var twice = client
            twice.add(name: "X-Forwarded-Proto", value: "https")
            twice.add(name: "X-Forwarded-Proto", value: "http")
            try expectRefused(
                app, try await propfind(app, basic(token, twice), peer: proxy),
                "the client reached the proxy over plain HTTP (X-Forwarded-Proto: https, http)", token: token)
            let silent = try await propfind(app, basic(token, client), peer: proxy)
            try expectRefused(
                app, silent, "the proxy did not say the client reached it over https (X-Forwarded-Proto)", token: token)
        }
    }

    /// A proxy on this machine that TODO_SERVER_TRUSTED_PROXIES does not name is a loopback
    /// peer passing on someone else's request: its X-Forwarded-Proto is not believed.
    @Test func anUntrustedProxyOnThisMachineIsNotBelieved() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Host", "X-Forwarded-Proto"] {
                let value = header == "X-Forwarded-Proto" ? "https" : "203.0.113.7"
                let refused = try await propfind(app, basic(token, [header: value]), peer: "127.0.0.1")
                try expectRefused(
                    app, refused,
                    "a proxy that TODO_SERVER_TRUSTED_PROXIES does not name passed this request on over plain HTTP",
                    token: token)
            }
        }
    }

    /// Through the real HTTP front: a TLS connection marks its requests, a plain one does not.
    /// (Both from loopback with a proxy's X-Forwarded-For, which only TLS makes acceptable.)
    @Test func theHTTPFrontTellsTLSFromPlain() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caldav-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (cert, key) = (
            directory.appendingPathComponent("cert.pem").path, directory.appendingPathComponent("cert.key").path
        )
        _ = try await ChildProcess.output(
            "/usr/bin/timeout",
            [
                "60", "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days",
                "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"
            ])
        #expect(FileManager.default.fileExists(atPath: cert), "openssl made no certificate")

        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let port = try await app.startServer()
            let credentials = RawHTTP.header(
                "Authorization: Basic " + Data("alice:\(token)".utf8).base64EncodedString())
            let plain = try #require(
                try await RawHTTP.request(
                    port: port, method: "PROPFIND", path: "/dav/",
                    headers: [credentials, RawHTTP.header("X-Forwarded-For: 203.0.113.7")], body: Self.ask))
            #expect(plain.status == 403, "\(plain.text)")
            #expect(plain.text.contains("passed this request on over plain HTTP"), "\(plain.text)")
        }
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            try ServerTLS.of(app.application).use(.init(certificate: cert, key: key))
            let port = try await app.startServer()
            let status = try await ChildProcess.output(
                "/usr/bin/timeout",
                [
                    "60", "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", cert, "--resolve",
                    "localhost:\(port):127.0.0.1",
                    "-u", "alice:\(token)", "-X", "PROPFIND", "-H", "Depth: 0", "-H", "X-Forwarded-For: 203.0.113.7",
                    "--data", Self.ask,
                    "https://localhost:\(port)/dav/"
                ])
            #expect(status == "207", "curl over TLS: \(status)")
        }
    }
}
