import Vapor

/// Taskwarrior 3's sync server (the TaskChampion protocol, its `docs/src/http.md`), served at
/// the root as taskchampion-sync-server serves it, so `sync.server.url` needs no path. Bodies
/// are the replicas' encrypted bytes, stored and served as they came (`TaskChampionStore`).
/// Each request's `X-Client-Id` must be registered (`TaskChampionAuthMiddleware`).
struct TaskChampionController {
    static let historySegmentType = "application/vnd.taskchampion.history-segment"
    static let snapshotType = "application/vnd.taskchampion.snapshot"
    /// Where its routes are: what the HTTP front answers a body over the limit with 400 on,
    /// as the protocol does, rather than 413.
    static let path = ["v1", "client"]
    static var pathPrefix: String { "/" + path.joined(separator: "/") + "/" }

    /// `POST /v1/client/add-version/{parent}`: 200 with `X-Version-Id` (and
    /// `X-Snapshot-Request` when a snapshot is due), or 409 with `X-Parent-Version-Id`.
    func addVersion(request: Request) async throws -> Response {
        let client = try request.taskChampionClient
        let parent = try Self.versionID(request, "parent")
        let segment = try await Self.body(of: request, type: Self.historySegmentType)
        let outcome = try await request.taskChampionStore.addVersion(
            client, parent: parent, segment: segment, at: request.now)
        switch outcome {
        case .added(let versionID, let urgency):
            request.metrics.taskChampionStored(.version, bytes: segment.readableBytes)
            var headers: HTTPHeaders = ["X-Version-Id": Self.text(versionID)]
            if let value = urgency.header { headers.add(name: "X-Snapshot-Request", value: value) }
            return Self.answer(.ok, headers)
        case .conflict(let latest):
            request.metrics.taskChampionAnswered(.conflict)
            return Self.answer(.conflict, ["X-Parent-Version-Id": Self.text(latest)])
        }
    }

    /// `GET /v1/client/get-child-version/{parent}`: 200 with the version, 404 when the
    /// replica is up to date, 410 when its version is gone.
    func childVersion(request: Request) async throws -> Response {
        let client = try request.taskChampionClient
        let parent = try Self.versionID(request, "parent")
        switch try await request.taskChampionStore.childVersion(client, parent: parent) {
        case .found(let versionID, let segment):
            let headers: HTTPHeaders = [
                "Content-Type": Self.historySegmentType, "X-Version-Id": Self.text(versionID),
                "X-Parent-Version-Id": Self.text(parent)
            ]
            return Self.answer(.ok, headers, body: segment)
        case .upToDate:
            return Self.answer(.notFound)
        case .gone:
            request.metrics.taskChampionAnswered(.gone)
            return Self.answer(.gone)
        }
    }

    /// `POST /v1/client/add-snapshot/{version}`: always 200 once the request is valid; a
    /// snapshot that is not for one of the latest versions, or not newer than the one kept,
    /// is dropped (as the reference server does).
    func addSnapshot(request: Request) async throws -> Response {
        let client = try request.taskChampionClient
        let versionID = try Self.versionID(request, "version")
        let data = try await Self.body(of: request, type: Self.snapshotType)
        if try await request.taskChampionStore.addSnapshot(client, versionID: versionID, data: data, at: request.now) {
            request.metrics.taskChampionStored(.snapshot, bytes: data.readableBytes)
        } else {
            request.metrics.taskChampionAnswered(.snapshotDropped)
        }
        return Self.answer(.ok)
    }

    /// `GET /v1/client/snapshot`: the latest snapshot with `X-Version-Id`, or 404.
    func snapshot(request: Request) async throws -> Response {
        let client = try request.taskChampionClient
        guard let (versionID, data) = try await request.taskChampionStore.snapshot(client) else {
            return Self.answer(.notFound)
        }
        return Self.answer(.ok, ["Content-Type": Self.snapshotType, "X-Version-Id": Self.text(versionID)], body: data)
    }

    /// An answer as the reference gives it: no caching, and no body but the bytes asked for.
    private static func answer(_ status: HTTPStatus, _ headers: HTTPHeaders = [:], body: ByteBuffer? = nil) -> Response
    {
        var headers = headers
        headers.add(name: .cacheControl, value: "no-store, max-age=0")
        return Response(status: status, headers: headers, body: body.map { .init(buffer: $0) } ?? .empty)
    }

    /// A UUID as the reference writes one: lowercase, with dashes.
    static func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    /// The version id in the path's `name`; 400 when it is not a UUID.
    private static func versionID(_ request: Request, _ name: String) throws -> UUID {
        guard let text = request.parameters.get(name), let uuid = UUID(uuidString: text) else {
            throw Abort(.badRequest, reason: "the version id in the path is not a UUID")
        }
        return uuid
    }

    /// The body, once its Content-Type is `type`: read only then (through the request's
    /// `BodyGate`), within the server's body limits; 400 when it is missing or empty.
    private static func body(of request: Request, type: String) async throws -> ByteBuffer {
        let given = request.headers.first(name: .contentType).map { $0.split(separator: ";", maxSplits: 1)[0] }
        guard let given, given.trimmingCharacters(in: .whitespaces).lowercased() == type else {
            throw Abort(.badRequest, reason: "Content-Type must be \(type)")
        }
        let body = try await request.storage[BodyGate.Key.self]?.read() ?? request.body.data
        guard let body, body.readableBytes > 0 else { throw Abort(.badRequest, reason: "the body is empty") }
        return body
    }
}

/// Requires `X-Client-Id` with a client id registered to an enabled user (`TaskChampionClients`):
/// 400 without one, 403 for one that is not registered or whose user is disabled. An unknown
/// client id counts as a failed authentication (`AuthFailureLimiter`), as a wrong token does,
/// so client ids cannot be guessed at speed.
struct TaskChampionAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let text = request.headers.first(name: "X-Client-Id"),
            let clientID = UUID(uuidString: text.trimmingCharacters(in: .whitespaces))
        else {
            throw Abort(.badRequest, reason: "missing or malformed X-Client-Id header (a client id is a UUID)")
        }
        let limiter = AuthFailureLimiter.of(request.application)
        let credential = "taskchampion:" + TaskChampionClients.hash(clientID)
        if let (scope, seconds) = limiter.wait(credential: credential, address: request.clientAddress, now: request.now)
        {
            request.metrics.taskChampionAnswered(.refused)
            throw TooManyFailures(scope: scope, retryAfter: seconds)
        }
        guard let client = try await TaskChampionClients.find(clientID, on: request.db) else {
            limiter.fail(credential: credential, address: request.clientAddress, now: request.now)
            request.metrics.taskChampionAnswered(.refused)
            throw TaskChampionClients.unknown
        }
        guard !client.userDisabled else {
            request.metrics.taskChampionAnswered(.refused)
            throw Abort(.forbidden, reason: "this account is disabled")
        }
        limiter.succeed(credential: credential, address: request.clientAddress, now: request.now)
        request.storage[TaskChampionClientKey.self] = client
        request.storage[AuthenticatedUserKey.self] = AuthenticatedUser(id: client.userID, name: client.userName)
        return try await next.respond(to: request)
    }
}

private struct TaskChampionClientKey: StorageKey {
    typealias Value = TaskChampionClient
}

extension Request {
    /// The registered client the request's `X-Client-Id` names (`TaskChampionAuthMiddleware`).
    var taskChampionClient: TaskChampionClient {
        get throws {
            guard let client = storage[TaskChampionClientKey.self] else {
                throw Abort(.badRequest, reason: "missing X-Client-Id header")
            }
            return client
        }
    }

    var taskChampionStore: TaskChampionStore { TaskChampionStore(db: db, queue: writerQueue, quota: quota) }
}
