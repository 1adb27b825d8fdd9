import Prometheus
import TodoWire
import Vapor

/// The server's metrics, served at `GET /metrics` in Prometheus's text format.
///
/// One registry per application (not swift-metrics' global bootstrap, which a process may
/// do once: the tests configure many applications). Labels take only values from small
/// fixed sets (method, route pattern, status), so the series stay few whatever clients send.
final class ServerMetrics: ApplicationShared {
    let registry = PrometheusCollectorRegistry()

    init() {}

    /// Request latency buckets, in seconds: from a health check to a page of large records.
    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5)
    ]

    /// One answered request: counted by method, route and status; its time by method and route.
    func requestAnswered(method: String, route: String, status: UInt, duration: Duration) {
        let labels = [("method", method), ("route", route)]
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "http_requests", unitName: "total",
                helpText: "HTTP requests answered, by method, route pattern and status."),
            labels: labels + [("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "http_request_duration", unitName: "seconds",
                helpText: "Time from a request's head to its answer."),
            labels: labels, buckets: Self.buckets
        ).recordNanoseconds(
            Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        if status >= 500 {
            registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "todo", metricName: "errors", unitName: "total",
                    helpText: "Requests answered with a server error (5xx), by status."),
                labels: [("status", String(status))]
            ).increment()
        }
    }

    /// A push applied: one, and its operations by result.
    func pushed(_ results: [PushResult]) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "pushes", unitName: "total",
                helpText: "Pushes applied (each in one transaction).")
        ).increment()
        for status in [PushResult.Status.applied, .conflict] {
            registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "todo", metricName: "push_operations", unitName: "total",
                    helpText: "Operations in applied pushes, by result (replays count as their first result)."),
                labels: [("result", status.rawValue)]
            ).increment(by: Int64(results.lazy.filter { $0.status == status }.count))
        }
    }

    /// What the server holds in memory now, read at each scrape: request bodies, answers their
    /// clients have not read yet, and CalDAV answers being made (each kind within its budget).
    func memoryHeld(bodies: Int, unreadAnswers: Int, answersBeingMade: Int) {
        for (kind, bytes) in [
            ("bodies", bodies), ("unread_answers", unreadAnswers), ("answers_being_made", answersBeingMade)
        ] {
            registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    namespace: "todo", metricName: "memory_held", unitName: "bytes",
                    helpText:
                        """
                        Bytes held now: request bodies, answers not yet read by their clients, CalDAV answers being \
                        made.
                        """
                ),
                labels: [("kind", kind)]
            ).set(Int64(bytes))
        }
    }

    /// A request refused for its token (401), or for too many such refusals (429) of the
    /// token it sent or of its client address.
    func authenticationFailed(limitedBy scope: AuthFailureLimiter.Scope?) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "authentication_failures", unitName: "total",
                helpText:
                    """
                    Requests refused for a missing, wrong, expired or revoked token (401), or rate-limited after too \
                    many failures of that token or from that address (429).
                    """
            ),
            labels: scope.map { [("status", "429"), ("limited_by", $0.rawValue)] } ?? [("status", "401")]
        ).increment()
    }

    /// What Taskwarrior 3's sync stored: a version or a snapshot, and its bytes.
    enum TaskChampionKind: String { case version, snapshot }

    func taskChampionStored(_ kind: TaskChampionKind, bytes: Int) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "taskchampion_stored", unitName: "total",
                helpText: "Taskwarrior 3 sync: versions and snapshots stored, by kind."),
            labels: [("kind", kind.rawValue)]
        ).increment()
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "taskchampion_stored", unitName: "bytes_total",
                helpText: "Taskwarrior 3 sync: bytes of the versions and snapshots stored, by kind."),
            labels: [("kind", kind.rawValue)]
        ).increment(by: Int64(bytes))
    }

    /// A Taskwarrior 3 sync answer that is not a plain success.
    enum TaskChampionOutcome: String {
        /// 409: a version whose parent was not the latest.
        case conflict
        /// 410: a replica whose version was pruned.
        case gone
        /// A snapshot not kept (not among the latest versions, or not newer than the kept one).
        case snapshotDropped = "snapshot_dropped"
        /// 403 or 429: an unknown client id, a disabled account, or too many failures.
        case refused
    }

    func taskChampionAnswered(_ outcome: TaskChampionOutcome) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "todo", metricName: "taskchampion_outcomes", unitName: "total",
                helpText: "Taskwarrior 3 sync: 409 conflicts, 410 gone, snapshots dropped, client ids refused."),
            labels: [("outcome", outcome.rawValue)]
        ).increment()
    }
}

extension Request {
    var metrics: ServerMetrics { ServerMetrics.of(application) }

    /// The route pattern this request matched (`v1/changes`, `todo/:id`…), or `unmatched`:
    /// never the raw path, which would give a series per URL anyone cares to send.
    var routePattern: String {
        guard let route else { return "unmatched" }
        return route.path.map(\.description).joined(separator: "/")
    }
}
