import Fluent
import SQLKit
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

struct AuthTests {
    @Test func healthNeedsNoAuthAndCarriesTheDatasetId() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "health")
            #expect(response.status == .ok)
            struct Health: Decodable { let status: String; let datasetId: UUID; let version: String }
            let health = try app.decode(Health.self, response)
            #expect(health.status == "ok")
            #expect(health.version == SyncAPI.release)
            #expect(response.headers.first(name: "X-Todo-Dataset") == health.datasetId.uuidString)
        }
    }

    /// Issue 15: /health says the process lives; /ready says the database answers too.
    @Test func readyChecksTheDatabase() async throws {
        try await withTestApp { app in
            let ready = try await app.send(.GET, "ready")
            #expect(ready.status == .ok, "\(ready.body.string)")
            #expect(ready.body.string.contains(#""status":"ready""#), "\(ready.body.string)")
            try await (app.db as! any SQLDatabase).raw("ALTER TABLE users RENAME TO users_away").run()
            let broken = try await app.send(.GET, "ready")
            try app.expectError(broken, .serviceUnavailable)
            #expect(broken.body.string.contains("the database does not answer"), "\(broken.body.string)")
            let health = try await app.send(.GET, "health")
            #expect(health.status == .ok)
            try await (app.db as! any SQLDatabase).raw("ALTER TABLE users_away RENAME TO users").run()
        }
    }

    /// Issue 15: guessing tokens from one address is stopped with 429 after a few failures;
    /// other addresses go on; the log names the client and the user. Issue 39: one stale
    /// device behind an address (a home's NAT) locks out only its own token, and the address
    /// limit, for many tokens guessed, spares tokens that authenticated from it before.
    @Test func repeatedFailuresGet429WithoutLockingOutValidTokens() async throws {
        try await withTestApp { app in
            app.captureLogs()
            let token = try await app.makeUser("alice")
            let newcomer = try await app.makeUser("bob")
            let home = "198.51.100.9"
            #expect(try await app.send(.GET, "v1/changes", headers: auth(token), peer: home).status == .ok)
            let stale: HTTPHeaders = ["Authorization": "Bearer todo_revoked_on_the_phone"]
            for _ in 0..<AuthFailureLimiter.credentialLimit {
                try app.expectError(try await app.send(.GET, "v1/changes", headers: stale, peer: home), .unauthorized)
            }
            let limited = try await app.send(.GET, "v1/changes", headers: stale, peer: home)
            try app.expectError(limited, .tooManyRequests)
            #expect(
                limited.body.string.contains("too many failed authentications with this token"),
                "\(limited.body.string)")
            let seconds = try #require(Int(limited.headers.first(name: "Retry-After") ?? ""))
            #expect((1...60).contains(seconds), "\(seconds)")
            for headers in [auth(token), auth(newcomer)] {
                #expect(try await app.send(.GET, "v1/changes", headers: headers, peer: home).status == .ok)
            }

            let guesser = "198.51.100.66"
            #expect(try await app.send(.GET, "v1/changes", headers: auth(token), peer: guesser).status == .ok)
            for index in 0..<AuthFailureLimiter.addressLimit {
                let guess: HTTPHeaders = ["Authorization": "Bearer todo_guess_\(index)"]
                try app.expectError(
                    try await app.send(.GET, "v1/changes", headers: guess, peer: guesser), .unauthorized)
            }
            for headers in [["Authorization": "Bearer todo_one_more"], auth(newcomer)] as [HTTPHeaders] {
                let refused = try await app.send(.GET, "v1/changes", headers: headers, peer: guesser)
                try app.expectError(refused, .tooManyRequests)
                #expect(
                    refused.body.string.contains("too many failed authentications from this address"),
                    "\(refused.body.string)")
            }
            #expect(try await app.send(.GET, "v1/changes", headers: auth(token), peer: guesser).status == .ok)
            #expect(
                try await app.send(.GET, "v1/changes", headers: auth(newcomer), peer: "198.51.100.10").status == .ok)
            #expect(app.logs.all.contains { $0.message.hasSuffix("client=198.51.100.10 user=bob") }, "\(app.logs.text)")
            #expect(
                app.logs.all.contains {
                    $0.message.contains("GET /v1/changes 429") && $0.message.hasSuffix("client=198.51.100.9 user=-")
                }, "\(app.logs.text)")
            #expect(!app.logs.text.contains(token))
            let metrics = try await app.send(.GET, "metrics").body.string
            #expect(
                metrics.contains(#"todo_authentication_failures_total{status="429",limited_by="credential"} 1"#),
                "\(metrics)")
            #expect(
                metrics.contains(#"todo_authentication_failures_total{status="429",limited_by="address"} 2"#),
                "\(metrics)")
        }
    }

    /// A request without credentials is how HTTP authentication starts (a CalDAV app asks,
    /// gets the challenge, then answers it): it is no guess, and never brings on the 429.
    @Test func requestsWithoutCredentialsDoNotCountAsFailures() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let basic: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
            for round in 0..<(AuthFailureLimiter.credentialLimit * 2) {
                let v1 = try await app.send(.GET, "v1/changes", peer: "198.51.100.9")
                try app.expectError(v1, .unauthorized)
                let dav = try await app.send(
                    .PROPFIND, "dav/", headers: round.isMultiple(of: 2) ? [:] : ["Authorization": "Bearer "],
                    peer: "127.0.0.1")
                try app.expectError(dav, .unauthorized)
                #expect(dav.headers.first(name: "WWW-Authenticate")?.hasPrefix("Basic") == true)
            }
            #expect(try await app.send(.GET, "v1/changes", headers: auth(token), peer: "198.51.100.9").status == .ok)
            #expect(try await app.send(.PROPFIND, "dav/", headers: basic).status == .multiStatus)
        }
    }

    /// Behind a trusted proxy the client is the address the proxy adds to X-Forwarded-For;
    /// from anyone else the header is ignored.
    @Test func theClientBehindATrustedProxy() async throws {
        try await withTestApp { app in
            app.captureLogs()
            TrustedProxies.set(TrustedProxies("127.0.0.1"), on: app.application)
            let forwarded: HTTPHeaders = ["X-Forwarded-For": "10.9.8.7, 203.0.113.5"]
            _ = try await app.send(.GET, "health", headers: forwarded)
            _ = try await app.send(.GET, "health", headers: forwarded, peer: "198.51.100.9")
            #expect(app.logs.all.contains { $0.message.hasSuffix("client=203.0.113.5 user=-") }, "\(app.logs.text)")
            #expect(app.logs.all.contains { $0.message.hasSuffix("client=198.51.100.9 user=-") }, "\(app.logs.text)")
            #expect(!app.logs.text.contains("10.9.8.7"))
        }
    }

    @Test func everyV1RouteRejectsMissingWrongAndMalformedTokens() async throws {
        try await withTestApp { app in
            try await app.makeUser("alice")
            let attempts: [HTTPHeaders] = [
                [:],
                ["Authorization": "Bearer todo_not-a-real-token"],
                ["Authorization": "Bearer "],
                ["Authorization": "Basic YWxpY2U6c2VjcmV0"],
                ["Authorization": "todo_no_scheme"]
            ]
            for headers in attempts {
                for (method, path, body) in [
                    (HTTPMethod.GET, "v1/changes", nil), (.POST, "v1/push", #"{"operations":[]}"#)
                ] {
                    let response = try await app.send(method, path, headers: headers, body: body)
                    try app.expectError(response, .unauthorized)
                    #expect(response.headers.first(name: "X-Todo-Dataset") != nil)
                }
            }
        }
    }

    @Test func revokedTokenIsRefusedAndOtherTokensKeepWorking() async throws {
        try await withTestApp { app in
            let first = try await app.makeUser("alice")
            let user = try await UserModel.query(on: app.db).filter(\.$name == "alice").first()!
            let second = TokenModel.generate()
            try await TokenModel(userID: user.requireID(), hash: TokenModel.hash(second), now: app.application.now)
                .create(on: app.db)
            let firstStatus = try await app.send(.GET, "v1/changes", headers: auth(first)).status
            #expect(firstStatus == .ok)

            let row = try await TokenModel.query(on: app.db).filter(\.$hash == TokenModel.hash(first)).first()!
            row.revokedAtMs = 1
            try await row.update(on: app.db)

            let revoked = try await app.send(.GET, "v1/changes", headers: auth(first))
            try app.expectError(revoked, .unauthorized)
            let secondStatus = try await app.send(.GET, "v1/changes", headers: auth(second)).status
            #expect(secondStatus == .ok)
        }
    }

    @Test func tokensAreStoredOnlyAsHashes() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let rows = try await TokenModel.query(on: app.db).all()
            #expect(rows.count == 1)
            #expect(rows[0].hash != token)
            #expect(!rows[0].hash.contains(token))
            #expect(rows[0].hash.count == 64)
            #expect(token.hasPrefix("todo_"))
            #expect(token.count >= 45)
        }
    }

    @Test func unknownRoutesAnswerJSON404() async throws {
        try await withTestApp { app in
            let unknownV1 = try await app.send(.GET, "v1/nothing-here")
            try app.expectError(unknownV1, .notFound)
            let legacyOff = try await app.send(.GET, "postTodo")
            try app.expectError(legacyOff, .notFound)
        }
    }

    @Test func userNamesAreValidated() {
        #expect(UserModel.isValidName("alice.b-c_d@example"))
        #expect(!UserModel.isValidName(""))
        #expect(!UserModel.isValidName("has space"))
        #expect(!UserModel.isValidName("zoë"))
        #expect(!UserModel.isValidName(String(repeating: "a", count: 65)))
    }

    @Test func loopbackDetection() {
        for host in ["127.0.0.1", "localhost", "::1", "127.1.2.3", "LOCALHOST"] {
            #expect(GuardedServeCommand.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com"] {
            #expect(!GuardedServeCommand.isLoopback(host), "\(host)")
        }
    }
}

/// The limiter's windows and its bound on memory, at a clock the test sets.
struct AuthFailureLimiterTests {
    @Test func aCredentialWaitsUntilItsWindowEnds() {
        let limiter = AuthFailureLimiter()
        let start = Make.created
        for _ in 1..<AuthFailureLimiter.credentialLimit { limiter.fail(credential: "a", address: "home", now: start) }
        #expect(limiter.wait(credential: "a", address: "home", now: start) == nil)
        limiter.fail(credential: "a", address: "home", now: start)
        #expect(limiter.wait(credential: "a", address: "home", now: start)?.seconds == 60)
        #expect(limiter.wait(credential: "a", address: "elsewhere", now: start)?.scope == .credential)
        #expect(limiter.wait(credential: "a", address: "home", now: start.addingTimeInterval(59.5))?.seconds == 1)
        #expect(limiter.wait(credential: "b", address: "home", now: start) == nil)
        #expect(limiter.wait(credential: "a", address: "home", now: start.addingTimeInterval(60)) == nil)
        limiter.fail(credential: "a", address: "home", now: start.addingTimeInterval(61))
        #expect(limiter.wait(credential: "a", address: "home", now: start.addingTimeInterval(61)) == nil)
    }

    @Test func anAddressPastItsLimitSparesCredentialsKnownThere() {
        let limiter = AuthFailureLimiter()
        let start = Make.created
        limiter.succeed(credential: "known", address: "nat", now: start)
        for index in 0..<AuthFailureLimiter.addressLimit {
            limiter.fail(credential: "guess \(index)", address: "nat", now: start)
        }
        #expect(limiter.wait(credential: "new", address: "nat", now: start)?.scope == .address)
        #expect(limiter.wait(credential: "known", address: "nat", now: start) == nil)
        #expect(limiter.wait(credential: "new", address: "other", now: start) == nil)
        #expect(limiter.wait(credential: "new", address: "nat", now: start.addingTimeInterval(60)) == nil)
        let later = start.addingTimeInterval(AuthFailureLimiter.knownFor + 1)
        for index in 0..<AuthFailureLimiter.addressLimit {
            limiter.fail(credential: "guess \(index)", address: "nat", now: later)
        }
        #expect(limiter.wait(credential: "known", address: "nat", now: later)?.scope == .address)
    }

    @Test func theStalestEntryGoesWhenATableIsFull() {
        let limiter = AuthFailureLimiter()
        let start = Make.created
        for _ in 0..<AuthFailureLimiter.credentialLimit { limiter.fail(credential: "first", address: "a", now: start) }
        for index in 1..<AuthFailureLimiter.maxEntries {
            limiter.fail(credential: "credential \(index)", address: "a", now: start.addingTimeInterval(1))
        }
        #expect(limiter.wait(credential: "first", address: "b", now: start.addingTimeInterval(2)) != nil)
        limiter.fail(credential: "one more", address: "a", now: start.addingTimeInterval(2))
        #expect(limiter.wait(credential: "first", address: "b", now: start.addingTimeInterval(2)) == nil)
    }
}
