import Vapor

/// Who may read `GET /metrics` (TODO_SERVER_METRICS).
public enum MetricsAccess: String, Sendable, CaseIterable {
    /// Only a request from this machine, not passed on by a proxy (the default): a local
    /// Prometheus or agent scrapes it; the internet, through the proxy, cannot.
    case loopback
    /// Anyone who reaches the server (behind a firewall that only lets the scraper in).
    case open
}

/// `GET /metrics`: the counters, histograms and gauges of `ServerMetrics`, in Prometheus's
/// text format (version 0.0.4). Needs no token and no database.
struct MetricsController {
    let access: MetricsAccess

    func metrics(request: Request) async throws -> Response {
        if access == .loopback, let problem = LegacyGuardMiddleware.loopbackProblem(request) {
            throw Abort(
                .forbidden,
                reason: "/metrics answers only on loopback: \(problem); set TODO_SERVER_METRICS=open to serve it to all"
            )
        }
        if let server = request.application.server as? TodoHTTPServer {
            request.metrics.memoryHeld(
                bodies: server.bodyBytesHeld, unreadAnswers: server.answerBytesHeld,
                answersBeingMade: AnswerBuilds.of(request.application).held)
        }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/plain; version=0.0.4; charset=utf-8")
        return Response(
            status: .ok, headers: headers,
            body: .init(buffer: ByteBuffer(bytes: request.metrics.registry.emitToBuffer())))
    }
}
