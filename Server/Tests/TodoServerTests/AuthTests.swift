import Fluent
import SQLKit
import TodoWire
import XCTVapor

@testable import TodoServer

final class AuthTests: ServerTestCase {
    func testHealthNeedsNoAuthAndCarriesTheDatasetId() async throws {
        let response = try await send(.GET, "health")
        XCTAssertEqual(response.status, .ok)
        struct Health: Decodable { let status: String; let datasetId: UUID; let version: String }
        let health = try decode(Health.self, response)
        XCTAssertEqual(health.status, "ok")
        XCTAssertEqual(health.version, SyncAPI.release)
        XCTAssertEqual(response.headers.first(name: "X-Todo-Dataset"), health.datasetId.uuidString)
    }

    /// Issue 15: /health says the process lives; /ready says the database answers too.
    func testReadyChecksTheDatabase() async throws {
        let ready = try await send(.GET, "ready")
        XCTAssertEqual(ready.status, .ok, ready.body.string)
        XCTAssertTrue(ready.body.string.contains(#""status":"ready""#), ready.body.string)
        try await (app.db as! any SQLDatabase).raw("ALTER TABLE users RENAME TO users_away").run()
        let broken = try await send(.GET, "ready")
        try assertError(broken, .serviceUnavailable)
        XCTAssertTrue(broken.body.string.contains("the database does not answer"), broken.body.string)
        let health = try await send(.GET, "health")
        XCTAssertEqual(health.status, .ok)
        try await (app.db as! any SQLDatabase).raw("ALTER TABLE users_away RENAME TO users").run()
    }

    /// Issue 15: guessing tokens from one address is stopped with 429 after a few failures;
    /// other addresses go on; the log names the client and the user.
    func testRepeatedFailuresFromOneAddressGet429() async throws {
        captureLogs()
        let token = try await makeUser("alice")
        let guess: HTTPHeaders = ["Authorization": "Bearer todo_guess"]
        for _ in 0..<AuthFailureLimiter.limit {
            let response = try await send(.GET, "v1/changes", headers: guess, peer: "198.51.100.9")
            try assertError(response, .unauthorized)
        }
        for headers in [guess, auth(token)] {
            let limited = try await send(.GET, "v1/changes", headers: headers, peer: "198.51.100.9")
            try assertError(limited, .tooManyRequests)
            let seconds = try XCTUnwrap(Int(limited.headers.first(name: "Retry-After") ?? ""))
            XCTAssertTrue((1...60).contains(seconds), "\(seconds)")
        }
        let other = try await send(.GET, "v1/changes", headers: auth(token), peer: "198.51.100.10")
        XCTAssertEqual(other.status, .ok)
        XCTAssertTrue(logs.all.contains { $0.message.hasSuffix("client=198.51.100.10 user=alice") }, logs.text)
        XCTAssertTrue(logs.all.contains { $0.message.contains("GET /v1/changes 429") && $0.message.hasSuffix("client=198.51.100.9 user=-") }, logs.text)
        XCTAssertFalse(logs.text.contains(token))
    }

    /// Behind a trusted proxy the client is the address the proxy adds to X-Forwarded-For;
    /// from anyone else the header is ignored.
    func testTheClientBehindATrustedProxy() async throws {
        captureLogs()
        TrustedProxies.set(TrustedProxies("127.0.0.1"), on: app)
        let forwarded: HTTPHeaders = ["X-Forwarded-For": "10.9.8.7, 203.0.113.5"]
        _ = try await send(.GET, "health", headers: forwarded)
        _ = try await send(.GET, "health", headers: forwarded, peer: "198.51.100.9")
        XCTAssertTrue(logs.all.contains { $0.message.hasSuffix("client=203.0.113.5 user=-") }, logs.text)
        XCTAssertTrue(logs.all.contains { $0.message.hasSuffix("client=198.51.100.9 user=-") }, logs.text)
        XCTAssertFalse(logs.text.contains("10.9.8.7"))
    }

    func testEveryV1RouteRejectsMissingWrongAndMalformedTokens() async throws {
        try await makeUser("alice")
        let attempts: [HTTPHeaders] = [
            [:],
            ["Authorization": "Bearer todo_not-a-real-token"],
            ["Authorization": "Bearer "],
            ["Authorization": "Basic YWxpY2U6c2VjcmV0"],
            ["Authorization": "todo_no_scheme"],
        ]
        for headers in attempts {
            for (method, path, body) in [
                (HTTPMethod.GET, "v1/changes", nil), (.POST, "v1/push", #"{"operations":[]}"#),
            ] {
                let response = try await send(method, path, headers: headers, body: body)
                try assertError(response, .unauthorized)
                XCTAssertNotNil(response.headers.first(name: "X-Todo-Dataset"))
            }
        }
    }

    func testRevokedTokenIsRefusedAndOtherTokensKeepWorking() async throws {
        let first = try await makeUser("alice")
        let user = try await UserModel.query(on: app.db).filter(\.$name == "alice").first()!
        let second = TokenModel.generate()
        try await TokenModel(userID: user.requireID(), hash: TokenModel.hash(second)).create(on: app.db)
        let firstStatus = try await send(.GET, "v1/changes", headers: auth(first)).status
        XCTAssertEqual(firstStatus, .ok)

        let row = try await TokenModel.query(on: app.db).filter(\.$hash == TokenModel.hash(first)).first()!
        row.revokedAtMs = 1
        try await row.update(on: app.db)

        let revoked = try await send(.GET, "v1/changes", headers: auth(first))
        try assertError(revoked, .unauthorized)
        let secondStatus = try await send(.GET, "v1/changes", headers: auth(second)).status
        XCTAssertEqual(secondStatus, .ok)
    }

    func testTokensAreStoredOnlyAsHashes() async throws {
        let token = try await makeUser("alice")
        let rows = try await TokenModel.query(on: app.db).all()
        XCTAssertEqual(rows.count, 1)
        XCTAssertNotEqual(rows[0].hash, token)
        XCTAssertFalse(rows[0].hash.contains(token))
        XCTAssertEqual(rows[0].hash.count, 64)
        XCTAssertTrue(token.hasPrefix("todo_"))
        XCTAssertGreaterThanOrEqual(token.count, 45)
    }

    func testUnknownRoutesAnswerJSON404() async throws {
        let unknownV1 = try await send(.GET, "v1/nothing-here")
        try assertError(unknownV1, .notFound)
        let legacyOff = try await send(.GET, "postTodo")
        try assertError(legacyOff, .notFound)
    }

    func testUserNamesAreValidated() {
        XCTAssertTrue(UserModel.isValidName("alice.b-c_d@example"))
        XCTAssertFalse(UserModel.isValidName(""))
        XCTAssertFalse(UserModel.isValidName("has space"))
        XCTAssertFalse(UserModel.isValidName("zoë"))
        XCTAssertFalse(UserModel.isValidName(String(repeating: "a", count: 65)))
    }

    func testLoopbackDetection() {
        for host in ["127.0.0.1", "localhost", "::1", "127.1.2.3", "LOCALHOST"] {
            XCTAssertTrue(GuardedServeCommand.isLoopback(host), host)
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com"] {
            XCTAssertFalse(GuardedServeCommand.isLoopback(host), host)
        }
    }
}

/// The limiter's window and its bound on memory, at a clock the test sets.
final class AuthFailureLimiterTests: XCTestCase {
    func testAnAddressWaitsUntilItsWindowEnds() {
        let limiter = AuthFailureLimiter()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 1..<AuthFailureLimiter.limit { limiter.fail("a", now: start) }
        XCTAssertNil(limiter.wait(for: "a", now: start))
        limiter.fail("a", now: start)
        XCTAssertEqual(limiter.wait(for: "a", now: start), 60)
        XCTAssertEqual(limiter.wait(for: "a", now: start.addingTimeInterval(59.5)), 1)
        XCTAssertNil(limiter.wait(for: "b", now: start))
        XCTAssertNil(limiter.wait(for: "a", now: start.addingTimeInterval(60)))
        limiter.fail("a", now: start.addingTimeInterval(61))
        XCTAssertNil(limiter.wait(for: "a", now: start.addingTimeInterval(61)))
    }

    func testTheStalestAddressGoesWhenTheTableIsFull() {
        let limiter = AuthFailureLimiter()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<AuthFailureLimiter.limit { limiter.fail("first", now: start) }
        for index in 1..<AuthFailureLimiter.maxAddresses {
            limiter.fail("address \(index)", now: start.addingTimeInterval(1))
        }
        XCTAssertNotNil(limiter.wait(for: "first", now: start.addingTimeInterval(2)))
        limiter.fail("one more", now: start.addingTimeInterval(2))
        XCTAssertNil(limiter.wait(for: "first", now: start.addingTimeInterval(2)))
    }
}
