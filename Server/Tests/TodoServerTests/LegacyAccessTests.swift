import TodoWire
import XCTVapor

@testable import TodoServer

/// Issue 15: who may use the legacy routes. By default only a loopback peer naming a
/// loopback host; with TODO_LEGACY_AUTH=token, the legacy user's token from anywhere.
final class LegacyAccessTests: LegacyTestCase {
    override func setUp() async throws {
        try await super.setUp()
        let posted = try await send(.POST, "postTodo", headers: ["id": "1", "name": "keep me"])
        XCTAssertEqual(posted.status, .ok, posted.body.string)
    }

    func count() async throws -> Int {
        try await changes(token).changes.filter { !$0.deleted }.count
    }

    func testOtherPeersAndHostsAreRefusedAndChangeNothing() async throws {
        let outsider = try await send(.DELETE, "deleteAll", peer: "203.0.113.7")
        try assertError(outsider, .forbidden)
        XCTAssertTrue(outsider.body.string.contains("this request came from elsewhere"), outsider.body.string)
        // A web page that rebinds its own name to 127.0.0.1 sends that name as the Host.
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "127.evil.example", ""] {
            let rebound = try await send(.DELETE, "deleteAll", headers: ["Host": host])
            try assertError(rebound, .forbidden)
            XCTAssertTrue(rebound.body.string.contains("Host header must name localhost"), "\(host): \(rebound.body.string)")
        }
        // A proxy on this machine is a loopback peer, and may pass the client's Host on.
        for header in LegacyGuardMiddleware.forwardingHeaders {
            let proxied = try await send(.DELETE, "deleteAll", headers: [header: "203.0.113.7"])
            try assertError(proxied, .forbidden)
            XCTAssertTrue(proxied.body.string.contains("this request was passed on by a proxy"), "\(header): \(proxied.body.string)")
        }
        let count = try await count()
        XCTAssertEqual(count, 1)
    }

    func testTheBooksRequestsOnThisMachineWork() async throws {
        for (peer, host) in [("127.0.0.1", "localhost:8080"), ("::1", "[::1]:8080"), ("127.0.0.2", "127.0.0.1"), ("::ffff:127.0.0.1", "LOCALHOST")] {
            let response = try await send(.GET, "todos", headers: ["Host": host], peer: peer)
            XCTAssertEqual(response.status, .ok, "\(peer) \(host): \(response.body.string)")
        }
    }

    func testTheV1RoutesAreNotConfinedToLoopback() async throws {
        let response = try await send(.GET, "v1/changes", headers: ["Host": "todo.example.org", "Authorization": "Bearer \(token)"], peer: "203.0.113.7")
        XCTAssertEqual(response.status, .ok, response.body.string)
    }
}

final class LegacyTokenAccessTests: LegacyTestCase {
    override var legacyAccess: LegacyAccess { .token }

    func testTheLegacyUsersTokenWorksFromAnywhereAndNothingElseDoes() async throws {
        let away: HTTPHeaders = ["Host": "todo.example.org"]
        try assertError(try await send(.GET, "todos", headers: away, peer: "203.0.113.7"), .unauthorized)
        try assertError(try await send(.GET, "todos"), .unauthorized)
        var wrong = away
        wrong.add(name: .authorization, value: "Bearer todo_not_a_token")
        try assertError(try await send(.GET, "todos", headers: wrong, peer: "203.0.113.7"), .unauthorized)
        let other = try await makeUser("alice")
        var others = away
        others.add(name: .authorization, value: "Bearer \(other)")
        let refused = try await send(.DELETE, "deleteAll", headers: others, peer: "203.0.113.7")
        try assertError(refused, .forbidden)
        XCTAssertTrue(refused.body.string.contains("this token is another user's"), refused.body.string)

        var book = away
        book.add(name: .authorization, value: "Bearer \(token)")
        book.add(name: "id", value: "5")
        book.add(name: "name", value: "from afar")
        let posted = try await send(.POST, "postTodo", headers: book, peer: "203.0.113.7")
        XCTAssertEqual(posted.status, .ok, posted.body.string)
        XCTAssertTrue(posted.body.string.contains("from afar"))
    }
}
