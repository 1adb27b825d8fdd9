import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 15: `GET /metrics` counts requests (by route pattern, never by raw path), latencies,
/// pushes and their operations, errors and failed authentication; only on loopback by default.
struct MetricsTests {
    func metrics(_ app: TestApp, peer: String = "127.0.0.1", headers: HTTPHeaders = [:]) async throws -> TestResponse {
        try await app.send(.GET, "metrics", headers: headers, peer: peer)
    }

    /// The value of the sample `series` (name and labels exactly as exposed), or nil.
    func sample(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap {
            Double($0.split(separator: " ").last!)
        }
    }

    @Test func requestsPushesAndFailuresAreCounted() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let first = UUID()
            _ = try await app.push(token, [Make.put(first, base: 0, "one"), Make.put(UUID(), base: 0, "two")])
            _ = try await app.push(token, [Make.put(first, base: 0, "stale")])
            for id in 0..<3 {
                _ = try await app.send(.GET, "v1/changes?since=\(id)", headers: auth(token))
            }
            _ = try await app.send(.GET, "v1/changes", headers: auth("todo_wrong"))
            _ = try await app.send(.GET, "no/such/path/\(UUID())")

            let response = try await metrics(app)
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType) == "text/plain; version=0.0.4; charset=utf-8")
            let text = response.body.string
            #expect(
                sample(text, #"todo_http_requests_total{method="GET",route="v1/changes",status="200"}"#) == 3, "\(text)"
            )
            #expect(
                sample(text, #"todo_http_requests_total{method="POST",route="v1/push",status="200"}"#) == 2, "\(text)")
            #expect(
                sample(text, #"todo_http_requests_total{method="GET",route="v1/changes",status="401"}"#) == 1, "\(text)"
            )
            #expect(
                sample(text, #"todo_http_requests_total{method="GET",route="unmatched",status="404"}"#) == 1, "\(text)")
            #expect(
                sample(text, #"todo_http_request_duration_seconds_count{method="GET",route="v1/changes"}"#) == 4,
                "\(text)")
            #expect(
                sample(text, #"todo_http_request_duration_seconds_bucket{method="GET",route="v1/changes",le="0.001"}"#)
                    != nil, "\(text)")
            #expect(sample(text, "todo_pushes_total") == 2, "\(text)")
            #expect(sample(text, #"todo_push_operations_total{result="applied"}"#) == 2, "\(text)")
            #expect(sample(text, #"todo_push_operations_total{result="conflict"}"#) == 1, "\(text)")
            #expect(sample(text, #"todo_authentication_failures_total{status="401"}"#) == 1, "\(text)")
            #expect(!text.contains("no/such/path"), "\(text)")
            #expect(!text.contains(token), "\(text)")
            #expect(text.contains("# HELP todo_http_requests_total"), "\(text)")
        }
    }

    @Test func aServerErrorIsCountedAsAnError() async throws {
        try await withTestApp { app in
            // A route of the test's own that fails as a broken database would.
            app.application.get("failing") { _ -> String in throw Abort(.internalServerError, reason: "broken") }
            let failed = try await app.send(.GET, "failing")
            #expect(failed.status == .internalServerError)
            let text = try await metrics(app).body.string
            #expect(sample(text, #"todo_errors_total{status="\#(failed.status.code)"}"#) == 1, "\(text)")
        }
    }

    @Test func onlyLoopbackByDefault() async throws {
        try await withTestApp { app in
            let outside = try await metrics(app, peer: "203.0.113.7")
            try app.expectError(outside, .forbidden)
            #expect(
                outside.body.string.contains("/metrics answers only on loopback: this request came from elsewhere"),
                "\(outside.body.string)")
            let proxied = try await metrics(app, headers: ["X-Forwarded-For": "203.0.113.7"])
            try app.expectError(proxied, .forbidden)
            let local = try await metrics(app, peer: "::1", headers: ["Host": "[::1]:8080"])
            #expect(local.status == .ok)
        }
    }
}

/// TODO_SERVER_METRICS=open serves /metrics to anyone who reaches the server.
struct OpenMetricsTests {
    static func settings(_ settings: inout ServerSettings) { settings.metricsAccess = .open }

    @Test func openToAll() async throws {
        try await withTestApp(Self.settings) { app in
            let outside = try await app.send(.GET, "metrics", peer: "203.0.113.7")
            #expect(outside.status == .ok)
        }
    }
}
