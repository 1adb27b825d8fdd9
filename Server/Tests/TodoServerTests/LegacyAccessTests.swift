import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 15: who may use the legacy routes. By default only a loopback peer naming a
/// loopback host; with TODO_LEGACY_AUTH=token, the legacy user's token from anywhere.
struct LegacyAccessTests {
    /// Runs `test` on the legacy app with one todo, posted from this machine.
    func withPostedTodo(_ test: (TestApp, _ token: String) async throws -> Void) async throws {
        try await withLegacyApp { app, token in
            let posted = try await app.send(.POST, "postTodo", headers: ["id": "1", "name": "keep me"])
            #expect(posted.status == .ok, "\(posted.body.string)")
            try await test(app, token)
        }
    }

    func count(_ app: TestApp, _ token: String) async throws -> Int {
        try await app.changes(token).changes.filter { !$0.deleted }.count
    }

    @Test func otherPeersAndHostsAreRefusedAndChangeNothing() async throws {
        try await withPostedTodo { app, token in
            let outsider = try await app.send(.DELETE, "deleteAll", peer: "203.0.113.7")
            try app.expectError(outsider, .forbidden)
            #expect(outsider.body.string.contains("this request came from elsewhere"), "\(outsider.body.string)")
            // A web page that rebinds its own name to 127.0.0.1 sends that name as the Host.
            for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "127.evil.example", ""] {
                let rebound = try await app.send(.DELETE, "deleteAll", headers: ["Host": host])
                try app.expectError(rebound, .forbidden)
                #expect(
                    rebound.body.string.contains("Host header must name localhost"), "\(host): \(rebound.body.string)")
            }
            // A proxy on this machine is a loopback peer, and may pass the client's Host on.
            for header in LegacyGuardMiddleware.forwardingHeaders {
                let proxied = try await app.send(.DELETE, "deleteAll", headers: [header: "203.0.113.7"])
                try app.expectError(proxied, .forbidden)
                #expect(
                    proxied.body.string.contains("this request was passed on by a proxy"),
                    "\(header): \(proxied.body.string)")
            }
            let count = try await count(app, token)
            #expect(count == 1)
        }
    }

    @Test func theBooksRequestsOnThisMachineWork() async throws {
        try await withPostedTodo { app, token in
            for (peer, host) in [
                ("127.0.0.1", "localhost:8080"), ("::1", "[::1]:8080"), ("127.0.0.2", "127.0.0.1"),
                ("::ffff:127.0.0.1", "LOCALHOST")
            ] {
                let response = try await app.send(.GET, "todos", headers: ["Host": host], peer: peer)
                #expect(response.status == .ok, "\(peer) \(host): \(response.body.string)")
            }
        }
    }

    @Test func theV1RoutesAreNotConfinedToLoopback() async throws {
        try await withPostedTodo { app, token in
            let response = try await app.send(
                .GET, "v1/changes", headers: ["Host": "todo.example.org", "Authorization": "Bearer \(token)"],
                peer: "203.0.113.7")
            #expect(response.status == .ok, "\(response.body.string)")
        }
    }
}

struct LegacyTokenAccessTests {
    @Test func theLegacyUsersTokenWorksFromAnywhereAndNothingElseDoes() async throws {
        try await withLegacyApp(access: .token) { app, token in
            let away: HTTPHeaders = ["Host": "todo.example.org"]
            try app.expectError(try await app.send(.GET, "todos", headers: away, peer: "203.0.113.7"), .unauthorized)
            try app.expectError(try await app.send(.GET, "todos"), .unauthorized)
            var wrong = away
            wrong.add(name: .authorization, value: "Bearer todo_not_a_token")
            try app.expectError(try await app.send(.GET, "todos", headers: wrong, peer: "203.0.113.7"), .unauthorized)
            let other = try await app.makeUser("alice")
            var others = away
            others.add(name: .authorization, value: "Bearer \(other)")
            let refused = try await app.send(.DELETE, "deleteAll", headers: others, peer: "203.0.113.7")
            try app.expectError(refused, .forbidden)
            #expect(refused.body.string.contains("this token is another user's"), "\(refused.body.string)")

            var book = away
            book.add(name: .authorization, value: "Bearer \(token)")
            book.add(name: "id", value: "5")
            book.add(name: "name", value: "from afar")
            let posted = try await app.send(.POST, "postTodo", headers: book, peer: "203.0.113.7")
            #expect(posted.status == .ok, "\(posted.body.string)")
            #expect(posted.body.string.contains("from afar"))
        }
    }
}
