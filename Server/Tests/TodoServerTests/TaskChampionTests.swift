import Fluent
import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 43: todo-server is a TaskChampion sync server (Taskwarrior 3), with the reference
/// server's answers: the version chain, 409 and 410, snapshots and their urgency; client ids
/// registered to users; quota, pruning and metrics.
struct TaskChampionTests {
    static let nilVersion = "00000000-0000-0000-0000-000000000000"
    static let segment: HTTPHeaders = ["Content-Type": "application/vnd.taskchampion.history-segment"]
    static let snapshot: HTTPHeaders = ["Content-Type": "application/vnd.taskchampion.snapshot"]

    /// A registered client id of a new user `name`.
    static func register(_ app: TestApp, _ name: String) async throws -> UUID {
        try await app.makeUser(name)
        let user = try await UserModel.named(name, on: app.db)
        return try await TaskChampionClients.add(userID: try user.requireID(), on: app.db, at: app.application.now)
            .clientID
    }

    static func headers(_ client: UUID, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = ["X-Client-Id": client.uuidString.lowercased()]
        headers.add(contentsOf: more)
        return headers
    }

    /// Adds a version; its answer.
    static func add(_ app: TestApp, _ client: UUID, parent: String, _ body: String = "segment") async throws
        -> TestResponse
    {
        try await app.send(.POST, "v1/client/add-version/\(parent)", headers: headers(client, segment), body: body)
    }

    /// Adds a version that must be accepted; its id.
    static func added(
        _ app: TestApp, _ client: UUID, parent: String, _ body: String = "segment",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let response = try await add(app, client, parent: parent, body)
        #expect(response.status == .ok, "\(response.body.string)", sourceLocation: sourceLocation)
        return try #require(response.headers.first(name: "X-Version-Id"), sourceLocation: sourceLocation)
    }

    static func child(_ app: TestApp, _ client: UUID, of parent: String) async throws -> TestResponse {
        try await app.send(.GET, "v1/client/get-child-version/\(parent)", headers: headers(client))
    }

    @Test func theChainIsServedInOrderWith409And404And410() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            #expect(try await Self.child(app, client, of: Self.nilVersion).status == .notFound)
            let first = try await Self.add(app, client, parent: Self.nilVersion, "one")
            #expect(first.status == .ok)
            #expect(first.headers.first(name: "X-Snapshot-Request") == "urgency=high", "no snapshot yet")
            let v1 = try #require(first.headers.first(name: "X-Version-Id"))
            #expect(UUID(uuidString: v1) != nil && v1 == v1.lowercased())
            let v2 = try await Self.added(app, client, parent: v1, "two")

            let stale = try await Self.add(app, client, parent: v1, "three")
            #expect(stale.status == .conflict)
            #expect(stale.headers.first(name: "X-Parent-Version-Id") == v2)
            #expect(stale.body.readableBytes == 0)

            let one = try await Self.child(app, client, of: Self.nilVersion)
            #expect(one.status == .ok)
            #expect(one.body.string == "one")
            #expect(one.headers.first(name: .contentType) == "application/vnd.taskchampion.history-segment")
            #expect(one.headers.first(name: "X-Version-Id") == v1)
            #expect(one.headers.first(name: "X-Parent-Version-Id") == Self.nilVersion)
            #expect(try await Self.child(app, client, of: v1).body.string == "two")
            #expect(try await Self.child(app, client, of: v2).status == .notFound, "up to date")
            #expect(
                try await Self.child(app, client, of: UUID().uuidString).status == .gone,
                "neither stored nor the latest")

            // Another client id, of the same user or another, has a chain of its own.
            let bob = try await Self.register(app, "bob")
            #expect(try await Self.child(app, bob, of: Self.nilVersion).status == .notFound)
            #expect(try await Self.add(app, bob, parent: v2).status == .ok, "a first version may name any parent")
        }
    }

    @Test func clientIdsMustBeRegisteredToAnEnabledUser() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            let missing = try await app.send(.GET, "v1/client/snapshot")
            try app.expectError(missing, .badRequest)
            #expect(missing.body.string.contains("X-Client-Id"))
            let malformed = try await app.send(.GET, "v1/client/snapshot", headers: ["X-Client-Id": "not-a-uuid"])
            try app.expectError(malformed, .badRequest)
            let unknown = try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(UUID()))
            try app.expectError(unknown, .forbidden)
            #expect(unknown.body.string.contains("unknown client id"), "\(unknown.body.string)")
            #expect(try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(client)).status == .notFound)
            // Upper case is the same client id.
            let upper = try await app.send(
                .GET, "v1/client/snapshot", headers: ["X-Client-Id": client.uuidString.uppercased()])
            #expect(upper.status == .notFound)

            let alice = try await UserModel.named("alice", on: app.db)
            alice.disabledAtMs = 1
            try await alice.update(on: app.db)
            let disabled = try await Self.add(app, client, parent: Self.nilVersion)
            try app.expectError(disabled, .forbidden)
            #expect(disabled.body.string.contains("this account is disabled"))
            alice.disabledAtMs = nil
            try await alice.update(on: app.db)
            _ = try await Self.added(app, client, parent: Self.nilVersion)

            // A bearer token is no client id, and a client id is no bearer token.
            let token = try await app.makeUser("carol")
            try app.expectError(try await app.send(.GET, "v1/client/snapshot", headers: auth(token)), .badRequest)
            try app.expectError(
                try await app.send(.GET, "v1/changes", headers: ["Authorization": "Bearer \(client.uuidString)"]),
                .unauthorized)
        }
    }

    @Test func unknownClientIdsAreRateLimitedLikeTokens() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            let guess = UUID()
            for _ in 0..<AuthFailureLimiter.credentialLimit {
                #expect(
                    try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(guess)).status == .forbidden)
            }
            let limited = try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(guess))
            try app.expectError(limited, .tooManyRequests)
            #expect(limited.headers.first(name: .retryAfter) != nil)
            #expect(try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(client)).status == .notFound)
        }
    }

    @Test func badContentTypesEmptyBodiesAndBadVersionIdsAre400() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            for (path, headers, body) in [
                (
                    "v1/client/add-version/\(Self.nilVersion)",
                    Self.headers(client, ["Content-Type": "application/json"]), "x"
                ),
                ("v1/client/add-version/\(Self.nilVersion)", Self.headers(client), "x"),
                ("v1/client/add-version/\(Self.nilVersion)", Self.headers(client, Self.snapshot), "x"),
                ("v1/client/add-version/\(Self.nilVersion)", Self.headers(client, Self.segment), ""),
                ("v1/client/add-version/not-a-version", Self.headers(client, Self.segment), "x"),
                ("v1/client/add-snapshot/\(UUID())", Self.headers(client, Self.segment), "x"),
                ("v1/client/add-snapshot/\(UUID())", Self.headers(client, Self.snapshot), "")
            ] {
                let response = try await app.send(.POST, path, headers: headers, body: body)
                try app.expectError(response, .badRequest)
                #expect(!response.body.string.contains("\n"), "one line: \(response.body.string)")
            }
            try app.expectError(try await Self.child(app, client, of: "zzz"), .badRequest)
            // A parameter on the media type is allowed, as the reference allows it.
            var headers = Self.headers(client)
            headers.add(name: .contentType, value: "application/vnd.taskchampion.history-segment; charset=binary")
            #expect(
                try await app.send(.POST, "v1/client/add-version/\(Self.nilVersion)", headers: headers, body: "x")
                    .status == .ok)
            #expect(
                try await Self.child(app, client, of: Self.nilVersion).body.string == "x",
                "only the valid one was stored")
        }
    }

    /// Concurrent add-versions on one parent: exactly one wins, each other gets 409 naming it.
    @Test func concurrentAddVersionsOnOneParentHaveOneWinner() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            let base = try await Self.added(app, client, parent: Self.nilVersion)
            let tester = try app.application.testing()
            let headers = Self.headers(
                client, ["Content-Type": "application/vnd.taskchampion.history-segment", "Host": "localhost:8080"])
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        TestResponse(
                            try await tester.sendRequest(
                                .POST, "v1/client/add-version/\(base)", headers: headers,
                                body: ByteBuffer(string: "replica \(index)")))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = answers.filter { $0.status == .ok }
            #expect(winners.count == 1)
            let winner = try #require(winners.first?.headers.first(name: "X-Version-Id"))
            #expect(answers.filter { $0.status == .conflict }.count == 11)
            #expect(
                answers.filter { $0.status == .conflict }.allSatisfy {
                    $0.headers.first(name: "X-Parent-Version-Id") == winner
                })
            #expect(try await Self.child(app, client, of: winner).status == .notFound)
        }
    }

    @Test func snapshotsAreKeptOnlyForARecentNewerVersion() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            #expect(try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(client)).status == .notFound)
            var versions: [String] = []
            for index in 0..<7 {
                versions.append(
                    try await Self.added(app, client, parent: versions.last ?? Self.nilVersion, "v\(index)"))
            }
            func snap(_ version: String, _ body: String) async throws -> String? {
                let response = try await app.send(
                    .POST, "v1/client/add-snapshot/\(version)", headers: Self.headers(client, Self.snapshot), body: body
                )
                #expect(response.status == .ok, "always 200: \(response.body.string)")
                let got = try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(client))
                guard got.status == .ok else { return nil }
                #expect(got.headers.first(name: .contentType) == "application/vnd.taskchampion.snapshot")
                return "\(got.headers.first(name: "X-Version-Id") ?? "?") \(got.body.string)"
            }
            #expect(try await snap(versions[1], "too old") == nil, "not among the latest five")
            #expect(try await snap(UUID().uuidString, "no such") == nil)
            #expect(try await snap(Self.nilVersion, "nil") == nil)
            #expect(try await snap(versions[2], "at 2") == "\(versions[2]) at 2", "the fifth latest")
            #expect(try await snap(versions[2], "again") == "\(versions[2]) at 2", "one for that version already")
            #expect(try await snap(versions[6], "at 6") == "\(versions[6]) at 6")
            #expect(try await snap(versions[5], "older") == "\(versions[6]) at 6", "older than the kept one")
            let next = try await Self.add(app, client, parent: versions[6])
            #expect(next.headers.first(name: "X-Snapshot-Request") == nil, "a fresh snapshot")
        }
    }

    /// The reference's rule: low from 14 days or 100 versions since the snapshot, high from 21
    /// days or 150 versions, high without one.
    @Test func snapshotUrgencyFollowsTheReference() async throws {
        let day: Int64 = 86_400_000
        #expect(SnapshotUrgency.of(snapshotAtMs: nil, versionsSince: 0, nowMs: 0) == .high)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 0, nowMs: 14 * day - 1) == .none)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 0, nowMs: 14 * day) == .low)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 0, nowMs: 21 * day) == .high)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 99, nowMs: 0) == .none)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 100, nowMs: 0) == .low)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 150, nowMs: 0) == .high)
        #expect(SnapshotUrgency.of(snapshotAtMs: 0, versionsSince: 100, nowMs: 21 * day) == .high)

        // Through the server, on its clock.
        try await withTestApp { app in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            ServerClock.of(app.application).set { start }
            let client = try await Self.register(app, "alice")
            let v1 = try await Self.added(app, client, parent: Self.nilVersion)
            #expect(
                try await app.send(
                    .POST, "v1/client/add-snapshot/\(v1)", headers: Self.headers(client, Self.snapshot), body: "s"
                ).status == .ok)
            var latest = v1
            func urgency(after days: Double) async throws -> String? {
                ServerClock.of(app.application).set { start.addingTimeInterval(days * 86_400) }
                let response = try await Self.add(app, client, parent: latest)
                latest = try #require(response.headers.first(name: "X-Version-Id"))
                return response.headers.first(name: "X-Snapshot-Request")
            }
            #expect(try await urgency(after: 13.9) == nil)
            #expect(try await urgency(after: 14) == "urgency=low")
            #expect(try await urgency(after: 21) == "urgency=high")

            // Versions since the snapshot was stored (for an older version too), before each one.
            #expect(
                try await app.send(
                    .POST, "v1/client/add-snapshot/\(latest)", headers: Self.headers(client, Self.snapshot), body: "s"
                ).status == .ok)
            for _ in 0..<100 { #expect(try await urgency(after: 21) == nil) }
            #expect(try await urgency(after: 21) == "urgency=low", "the 101st version: 100 since the snapshot")
        }
    }

    @Test func versionsAndSnapshotsCountAgainstTheQuota() async throws {
        try await withTestApp({ $0.quotaBytes = 2000 }) { app in
            let client = try await Self.register(app, "alice")
            let v1 = try await Self.added(app, client, parent: Self.nilVersion, String(repeating: "a", count: 800))
            func stored() async throws -> Int64 { try await UserModel.named("alice", on: app.db).storedBytes }
            #expect(try await stored() == 800 + TaskChampionStore.rowBytes)
            let over = try await Self.add(app, client, parent: v1, String(repeating: "b", count: 1200))
            try app.expectError(over, .insufficientStorage)
            #expect(try await Self.child(app, client, of: v1).status == .notFound, "nothing stored past the quota")
            #expect(
                try await app.send(
                    .POST, "v1/client/add-snapshot/\(v1)", headers: Self.headers(client, Self.snapshot),
                    body: String(repeating: "s", count: 500)
                ).status == .ok)
            #expect(try await stored() == 1300 + 2 * TaskChampionStore.rowBytes)
            #expect(try await Self.expectTaskChampionBytesAddUp(app.db))

            // Removing the client id gives its bytes back.
            let id = try #require(try await TaskChampionClients.named(client.uuidString, on: app.db))
            try await withUserWrite(on: app.db, queue: .of(app.application), userID: id.userID, at: Date()) { write in
                try await TaskChampionClients.remove(id.id, in: write)
            }
            #expect(try await stored() == 0)
            try app.expectError(try await Self.child(app, client, of: v1), .forbidden)
        }
    }

    /// Each client's `stored_bytes` is what its versions and snapshot take, counted afresh.
    static func expectTaskChampionBytesAddUp(_ db: any Database) async throws -> Bool {
        let rows = try await SQLValue.rows(
            db,
            """
            SELECT c.stored_bytes AS stored, CAST((SELECT COALESCE(SUM(v.stored_bytes), 0) FROM tc_versions AS v WHERE \
            v.client_id = c.id) + (SELECT COALESCE(SUM(s.stored_bytes), 0) FROM tc_snapshots AS s WHERE s.client_id = \
            c.id) AS BIGINT) AS counted FROM tc_clients AS c
            """, [],
            sqlite: { read in try read.integer("stored") == read.integer("counted") },
            postgres: { row in
                let (stored, counted) = try row.decode((Int64, Int64).self, context: .default)
                return stored == counted
            })
        return rows.allSatisfy { $0 }
    }

    /// `prune` drops versions at or before the snapshot older than its horizon: an up-to-date
    /// replica goes on, one further behind gets 410, a new one starts from the snapshot.
    @Test func pruningKeepsWhatReplicasNeed() async throws {
        try await withTestApp { app in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            ServerClock.of(app.application).set { start }
            let client = try await Self.register(app, "alice")
            var versions: [String] = []
            for index in 0..<4 {
                versions.append(
                    try await Self.added(app, client, parent: versions.last ?? Self.nilVersion, "v\(index)"))
            }
            #expect(
                try await app.send(
                    .POST, "v1/client/add-snapshot/\(versions[2])", headers: Self.headers(client, Self.snapshot),
                    body: "s"
                ).status == .ok)
            ServerClock.of(app.application).set { start.addingTimeInterval(100 * 86_400) }
            let v4 = try await Self.added(app, client, parent: versions[3], "v4")
            let bytesBefore = try await UserModel.named("alice", on: app.db).storedBytes

            let none = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: start.addingTimeInterval(-1))
            #expect(none.versions == 0)
            let pruned = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: start.addingTimeInterval(90 * 86_400))
            #expect(pruned.versions == 3, "v0 to v2, at or before the snapshot; v3 is after it")
            #expect(
                try await UserModel.named("alice", on: app.db).storedBytes == bytesBefore - 3
                    * (2 + TaskChampionStore.rowBytes))
            #expect(try await Self.expectTaskChampionBytesAddUp(app.db))

            #expect(
                try await Self.child(app, client, of: Self.nilVersion).status == .gone,
                "a replica from the start must take the snapshot")
            #expect(try await Self.child(app, client, of: versions[0]).status == .gone)
            #expect(
                try await Self.child(app, client, of: versions[2]).body.string == "v3",
                "from the snapshot on, all is there")
            #expect(try await Self.child(app, client, of: versions[3]).body.string == "v4")
            #expect(try await Self.child(app, client, of: v4).status == .notFound)
            _ = try await Self.added(app, client, parent: v4)
        }
    }

    @Test func metricsCountVersionsSnapshotsBytesAndConflicts() async throws {
        try await withTestApp { app in
            let client = try await Self.register(app, "alice")
            let v1 = try await Self.added(app, client, parent: Self.nilVersion, "12345")
            _ = try await Self.add(app, client, parent: Self.nilVersion)
            _ = try await Self.child(app, client, of: UUID().uuidString)
            _ = try await app.send(
                .POST, "v1/client/add-snapshot/\(v1)", headers: Self.headers(client, Self.snapshot), body: "123")
            _ = try await app.send(
                .POST, "v1/client/add-snapshot/\(UUID())", headers: Self.headers(client, Self.snapshot), body: "123")
            _ = try await app.send(.GET, "v1/client/snapshot", headers: Self.headers(UUID()))
            let text = try await app.send(.GET, "metrics").body.string
            let metrics = MetricsTests()
            #expect(metrics.sample(text, #"todo_taskchampion_stored_total{kind="version"}"#) == 1, "\(text)")
            #expect(metrics.sample(text, #"todo_taskchampion_stored_bytes_total{kind="version"}"#) == 5, "\(text)")
            #expect(metrics.sample(text, #"todo_taskchampion_stored_total{kind="snapshot"}"#) == 1, "\(text)")
            #expect(metrics.sample(text, #"todo_taskchampion_stored_bytes_total{kind="snapshot"}"#) == 3, "\(text)")
            for outcome in ["conflict", "gone", "snapshot_dropped", "refused"] {
                #expect(
                    metrics.sample(text, #"todo_taskchampion_outcomes_total{outcome="\#(outcome)"}"#) == 1,
                    "\(outcome) \(text)")
            }
            #expect(
                metrics.sample(
                    text, #"todo_http_requests_total{method="POST",route="v1/client/add-version/:parent",status="409"}"#
                ) == 1, "\(text)")
        }
    }
}
