import Vapor

/// One log line per request: method, path (never the query or headers, so never a token),
/// status, time taken, the client's address and the user its token names (or "-"); and the
/// request counted in the metrics (`ServerMetrics`).
struct RequestLogMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next.respond(to: request)
            log(request, status: response.status.code, since: start)
            return response
        } catch {
            log(request, status: (error as? any AbortError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: UInt, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        request.metrics.requestAnswered(
            method: request.method.rawValue, route: request.routePattern, status: status, duration: elapsed)
        let ms =
            Double(elapsed.components.seconds) * 1000
            + Double(elapsed.components.attoseconds) / 1e15
        let outcome = request.clientLeftMidBody ? "- client left mid-body" : String(status)
        request.logger.info(
            """
            \(request.method.rawValue) \(request.loggedPath) \(outcome) \(String(format: "%.1f", ms))ms \
            client=\(request.clientAddress) user=\(request.authenticatedUserName ?? "-")
            """
        )
    }
}

/// Adds `X-Todo-Dataset: <dataset id>` to every response.
struct DatasetHeaderMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let datasetId = try? request.application.datasetId {
            response.headers.replaceOrAdd(name: "X-Todo-Dataset", value: datasetId.uuidString)
        }
        return response
    }
}
