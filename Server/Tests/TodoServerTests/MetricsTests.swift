import TodoWire
import XCTVapor

@testable import TodoServer

/// Issue 15: `GET /metrics` counts requests (by route pattern, never by raw path), latencies,
/// pushes and their operations, errors and failed authentication; only on loopback by default.
final class MetricsTests: ServerTestCase {
    func metrics(peer: String = "127.0.0.1", headers: HTTPHeaders = [:]) async throws -> TestResponse {
        try await send(.GET, "metrics", headers: headers, peer: peer)
    }

    /// The value of the sample `series` (name and labels exactly as exposed), or nil.
    func sample(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last!) }
    }

    func testRequestsPushesAndFailuresAreCounted() async throws {
        let token = try await makeUser("alice")
        let first = UUID()
        _ = try await push(token, [Make.put(first, base: 0, "one"), Make.put(UUID(), base: 0, "two")])
        _ = try await push(token, [Make.put(first, base: 0, "stale")])
        for id in 0..<3 {
            _ = try await send(.GET, "v1/changes?since=\(id)", headers: auth(token))
        }
        _ = try await send(.GET, "v1/changes", headers: auth("todo_wrong"))
        _ = try await send(.GET, "no/such/path/\(UUID())")

        let response = try await metrics()
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers.first(name: .contentType), "text/plain; version=0.0.4; charset=utf-8")
        let text = response.body.string
        XCTAssertEqual(sample(text, #"todo_http_requests_total{method="GET",route="v1/changes",status="200"}"#), 3, text)
        XCTAssertEqual(sample(text, #"todo_http_requests_total{method="POST",route="v1/push",status="200"}"#), 2, text)
        XCTAssertEqual(sample(text, #"todo_http_requests_total{method="GET",route="v1/changes",status="401"}"#), 1, text)
        XCTAssertEqual(sample(text, #"todo_http_requests_total{method="GET",route="unmatched",status="404"}"#), 1, text)
        XCTAssertEqual(sample(text, #"todo_http_request_duration_seconds_count{method="GET",route="v1/changes"}"#), 4, text)
        XCTAssertNotNil(sample(text, #"todo_http_request_duration_seconds_bucket{method="GET",route="v1/changes",le="0.001"}"#), text)
        XCTAssertEqual(sample(text, "todo_pushes_total"), 2, text)
        XCTAssertEqual(sample(text, #"todo_push_operations_total{result="applied"}"#), 2, text)
        XCTAssertEqual(sample(text, #"todo_push_operations_total{result="conflict"}"#), 1, text)
        XCTAssertEqual(sample(text, #"todo_authentication_failures_total{status="401"}"#), 1, text)
        XCTAssertFalse(text.contains("no/such/path"), text)
        XCTAssertFalse(text.contains(token), text)
        XCTAssertTrue(text.contains("# HELP todo_http_requests_total"), text)
    }

    func testAServerErrorIsCountedAsAnError() async throws {
        // A route of the test's own that fails as a broken database would.
        app.get("failing") { _ -> String in throw Abort(.internalServerError, reason: "broken") }
        let failed = try await send(.GET, "failing")
        XCTAssertEqual(failed.status, .internalServerError)
        let text = try await metrics().body.string
        XCTAssertEqual(sample(text, #"todo_errors_total{status="\#(failed.status.code)"}"#), 1, text)
    }

    func testOnlyLoopbackByDefault() async throws {
        let outside = try await metrics(peer: "203.0.113.7")
        try assertError(outside, .forbidden)
        XCTAssertTrue(outside.body.string.contains("/metrics answers only on loopback: this request came from elsewhere"), outside.body.string)
        let proxied = try await metrics(headers: ["X-Forwarded-For": "203.0.113.7"])
        try assertError(proxied, .forbidden)
        let local = try await metrics(peer: "::1", headers: ["Host": "[::1]:8080"])
        XCTAssertEqual(local.status, .ok)
    }
}

/// TODO_SERVER_METRICS=open serves /metrics to anyone who reaches the server.
final class OpenMetricsTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        var settings = try await TestDatabase.freshSettings()
        settings.metricsAccess = .open
        return settings
    }

    func testOpenToAll() async throws {
        let outside = try await send(.GET, "metrics", peer: "203.0.113.7")
        XCTAssertEqual(outside.status, .ok)
    }
}
