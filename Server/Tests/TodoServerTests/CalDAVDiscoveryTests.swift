import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// The CalDAV face's discovery, as DAVx5, iOS and Thunderbird walk it: the well-known
/// address, OPTIONS, the principal and home, the task list and its members, each PROPFIND
/// read back as XML; Basic authentication with a user's token, and users kept apart.
struct CalDAVDiscoveryTests {
    func basic(_ user: String, _ token: String) -> HTTPHeaders {
        ["Authorization": "Basic " + Data("\(user):\(token)".utf8).base64EncodedString()]
    }

    func propfind(_ app: TestApp, _ path: String, _ headers: HTTPHeaders, depth: String, body: String) async throws
        -> [DAVElement]
    {
        var headers = headers
        headers.add(name: "Depth", value: depth)
        let response = try await app.send(.PROPFIND, path, headers: headers, body: body)
        #expect(response.status == .multiStatus, "\(response.body.string)")
        #expect(response.headers.first(name: .contentType)?.hasPrefix("application/xml") == true)
        return try DAVXMLReader.read(Data(response.body.string.utf8)).children(.dav("response"))
    }

    /// The property `name` of a response, found (200), as an element.
    func found(_ response: DAVElement, _ name: DAVName) -> DAVElement? {
        response.children(.dav("propstat")).first { $0.child(.dav("status"))?.trimmedText == "HTTP/1.1 200 OK" }?.child(
            .dav("prop"))?.child(name)
    }

    func missing(_ response: DAVElement) -> [DAVName] {
        response.children(.dav("propstat")).first { $0.child(.dav("status"))?.trimmedText == "HTTP/1.1 404 Not Found" }?
            .child(.dav("prop"))?.children.map(\.name) ?? []
    }

    @Test func theWellKnownAddressAndOptionsSendClientsToTheDAVRoot() async throws {
        try await withTestApp { app in
            for method in [HTTPMethod.GET, .PROPFIND] {
                let response = try await app.send(method, ".well-known/caldav")
                #expect(response.status == .movedPermanently)
                #expect(response.headers.first(name: .location) == "/dav/")
            }
            let options = try await app.send(.OPTIONS, "dav/alice/tasks/")
            #expect(options.status == .ok)
            #expect(options.headers.first(name: "DAV") == "1, 3, calendar-access")
            #expect(options.headers.first(name: "Allow")?.contains("PROPFIND") == true)
        }
    }

    @Test func withoutCredentialsTheAnswerIsABasicChallenge() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            for headers in [HTTPHeaders(), basic("alice", "todo_wrong"), basic("bob", token), auth(token)] {
                let response = try await app.send(.PROPFIND, "dav/", headers: headers)
                try app.expectError(response, .unauthorized)
                #expect(
                    response.headers.first(name: "WWW-Authenticate") == #"Basic realm="todo", charset="UTF-8""#,
                    "\(headers)")
                #expect(!response.body.string.contains(token))
            }
        }
    }

    /// iOS's walk, with its own prefixes: root → principal → home → list, unknown properties 404.
    @Test func aClientFindsTheTaskListFromTheRoot() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let headers = basic("alice", token)
            let ask = """
                <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav" xmlns:E="http://apple.com/ns/ical/">
                <A:prop><A:current-user-principal/><B:calendar-home-set/><E:calendar-color/></A:prop></A:propfind>
                """
            let root = try #require(try await propfind(app, "dav/", headers, depth: "0", body: ask).first)
            #expect(found(root, .dav("current-user-principal"))?.child(.dav("href"))?.trimmedText == "/dav/alice/")
            let principal = try await propfind(app, "dav/alice/", headers, depth: "0", body: ask)
            #expect(principal.count == 1)
            #expect(
                found(principal[0], .caldav("calendar-home-set"))?.child(.dav("href"))?.trimmedText == "/dav/alice/")
            #expect(missing(principal[0]) == [DAVName(DAVNamespace.apple, "calendar-color")])

            let listAsk = """
                <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" \
                xmlns:cs="http://calendarserver.org/ns/">
                <d:prop><d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><cs:getctag/>\
                <d:sync-token/>
                <d:current-user-privilege-set/></d:prop></d:propfind>
                """
            let home = try await propfind(app, "dav/alice/", headers, depth: "1", body: listAsk)
            #expect(home.map { $0.child(.dav("href"))?.trimmedText } == ["/dav/alice/", "/dav/alice/tasks/"])
            let list = home[1]
            #expect(
                found(list, .dav("resourcetype"))?.children.map(\.name) == [.dav("collection"), .caldav("calendar")])
            #expect(found(list, .dav("displayname"))?.text == "Tasks")
            #expect(
                found(list, .caldav("supported-calendar-component-set"))?.children.first?.attributes["name"] == "VTODO")
            #expect(found(list, .calendarServer("getctag"))?.text == "0")
            #expect(found(list, .dav("sync-token"))?.text == "http://todo-server/ns/sync/0")
        }
    }

    /// Depth 1 on the list gives every todo with its ETag (its revision); ctag and sync-token move.
    @Test func theListHoldsEveryTodoWithItsRevisionAsETag() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let first = UUID(), second = UUID()
            _ = try await app.push(token, [Make.put(first, base: 0, "buy milk"), Make.put(second, base: 0, "call mum")])
            _ = try await app.push(token, [Make.delete(first, base: 1)])
            let ask = #"<propfind xmlns="DAV:"><prop><getetag/><getcontenttype/><resourcetype/></prop></propfind>"#
            let responses = try await propfind(app, "dav/alice/tasks/", basic("alice", token), depth: "1", body: ask)
            #expect(
                responses.map { $0.child(.dav("href"))?.trimmedText } == [
                    "/dav/alice/tasks/", "/dav/alice/tasks/\(second.uuidString.lowercased()).ics"
                ])
            #expect(found(responses[1], .dav("getetag"))?.text == "\"2\"")
            #expect(found(responses[1], .dav("getcontenttype"))?.text.hasPrefix("text/calendar") == true)
            let list = try await propfind(
                app, "dav/alice/tasks/", basic("alice", token), depth: "0",
                body: #"<propfind xmlns="DAV:"><prop><sync-token/></prop></propfind>"#)
            #expect(list.count == 1)
            #expect(found(list[0], .dav("sync-token"))?.text == "http://todo-server/ns/sync/3")
        }
    }

    @Test func aUserCannotListAnotherUsersTodos() async throws {
        try await withTestApp { app in
            let alice = try await app.makeUser("alice")
            _ = try await app.makeUser("bob")
            for path in ["dav/bob/", "dav/bob/tasks/", "dav/alice/calendar/"] {
                let response = try await app.send(.PROPFIND, path, headers: basic("alice", alice))
                try app.expectError(response, .notFound)
            }
        }
    }

    @Test func aBadBodyOrDepthIsA400WithItsReason() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let bad = try await app.send(.PROPFIND, "dav/alice/", headers: basic("alice", token), body: "<propfind")
            try app.expectError(bad, .badRequest)
            #expect(bad.body.string.contains("not well-formed XML"), "\(bad.body.string)")
            var headers = basic("alice", token)
            headers.add(name: "Depth", value: "2")
            let depth = try await app.send(.PROPFIND, "dav/alice/", headers: headers)
            try app.expectError(depth, .badRequest)
        }
    }

    /// Over the real HTTP front: a PROPFIND with a body is answered 207, and one without
    /// credentials gets its challenge before its body is read.
    @Test func theHTTPFrontTakesPropfindAndChallengesBeforeTheBody() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let port = try await app.startServer()
            let credentials = RawHTTP.header(
                "Authorization: Basic " + Data("alice:\(token)".utf8).base64EncodedString())
            let ask = #"<propfind xmlns="DAV:"><prop><displayname/></prop></propfind>"#
            let answer = try #require(
                try await RawHTTP.request(
                    port: port, method: "PROPFIND", path: "/dav/alice/tasks/",
                    headers: [credentials, RawHTTP.header("Depth: 0")], body: ask))
            #expect(answer.status == 207, "\(answer.text)")
            #expect(answer.text.contains("<D:displayname>Tasks</D:displayname>"), "\(answer.text)")
            let socket = try TestSocket(port: port)
            try await socket.send(
                "PROPFIND /dav/alice/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n"
                    + "Expect: 100-continue\r\n\r\n"
            )
            let challenge = try #require(await socket.readResponse(within: 15))
            #expect(challenge.status == 401)
            #expect(challenge.header("WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
        }
    }
}
