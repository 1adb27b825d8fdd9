import Fluent
import Foundation
import TodoWire
import NIOCore
import XCTVapor

@testable import TodoServer

/// The database every test uses: PostgreSQL when DATABASE_URL is set (then it really is used,
/// see DatabaseTests), else a new SQLite file per test.
enum TestDatabase {
    static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else {
            return nil
        }
        return url
    }

    static func freshSettings(
        legacyUser: String? = nil, maxBodyBytes: Int = 8 << 20, http: HTTPLimits = HTTPLimits()
    ) async throws -> ServerSettings {
        if let url = postgresURL {
            try await wipePostgres(url: url)
            return ServerSettings(
                storage: .postgres(url: url), legacyUser: legacyUser, maxBodyBytes: maxBodyBytes,
                http: http)
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-server-test-\(UUID().uuidString).sqlite").path
        return ServerSettings(
            storage: .sqlite(path: path), legacyUser: legacyUser, maxBodyBytes: maxBodyBytes, http: http)
    }

    /// Reverts every migration, so each test starts from an empty schema and a new dataset id.
    private static func wipePostgres(url: String) async throws {
        let app = try await Application.make(.testing)
        do {
            try app.databases.use(.postgres(url: url), as: .psql)
            app.migrations.add(schemaMigrations)
            try await app.autoRevert()
            try await app.asyncShutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}

/// Base class: a configured app per test, plus helpers for users, tokens and wire requests.
class ServerTestCase: XCTestCase {
    var app: Application!
    var settings: ServerSettings!
    /// What the app logged, once `captureLogs()` was called.
    var logs = LogCapture()
    private var serving = false

    /// Override to turn on the legacy API or change limits.
    func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings()
    }

    override func setUp() async throws {
        settings = try await makeSettings()
        app = try await Application.make(.testing)
        try await configure(app, settings: settings)
        _ = try await migrateDatabase(app, settings: settings)
        try await openDatabase(app)
    }

    override func tearDown() async throws {
        if serving { await app?.server.shutdown() }
        try await app?.asyncShutdown()
        app = nil
        if case .sqlite(let path) = settings?.storage {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Creates a user and a token for it, as the commands do; returns the token.
    @discardableResult
    func makeUser(_ name: String) async throws -> String {
        let user = UserModel(name: name)
        try await user.create(on: app.db)
        let token = TokenModel.generate()
        try await TokenModel(userID: user.requireID(), hash: TokenModel.hash(token)).create(on: app.db)
        return token
    }

    /// Starts the app's own HTTP server on a free loopback port and returns the port; the
    /// server stops in tearDown.
    func startServer() async throws -> Int {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        serving = true
        return try XCTUnwrap((app.server as? TodoHTTPServer)?.localAddress?.port)
    }

    /// From now on, keeps what the app logs (at info and above) in `logs`.
    func captureLogs() {
        let logs = self.logs
        app.logger = Logger(label: "test") { _ in LogCapture.Handler(capture: logs) }
    }

    func auth(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)"]
    }

    /// Sends a request through the app's middleware and routes, in memory, as a client at
    /// `peer` would: with a Host header (`localhost:8080` unless `headers` has one).
    func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil,
        peer: String = "127.0.0.1", file: StaticString = #filePath, line: UInt = #line
    ) async throws -> TestResponse {
        try await send(method, path, headers: headers, bytes: body.map { Array($0.utf8) }, peer: peer)
    }

    /// `send` with a body of any bytes.
    func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], bytes: [UInt8]?,
        peer: String = "127.0.0.1"
    ) async throws -> TestResponse {
        try await app.asyncBoot()
        var headers = headers
        if !headers.contains(name: .host) { headers.add(name: .host, value: "localhost:8080") }
        headers.replaceOrAdd(name: .contentLength, value: String(bytes?.count ?? 0))
        let request = Request(
            application: app, method: method, url: URI(string: path.hasPrefix("/") ? path : "/" + path),
            headers: headers, collectedBody: bytes.map { ByteBuffer(bytes: $0) },
            remoteAddress: try SocketAddress(ipAddress: peer, port: 40000), logger: app.logger,
            on: app.eventLoopGroup.next())
        let response = try await app.responder.respond(to: request).get()
        let collected = try await response.body.collect(on: request.eventLoop).get()
        return TestResponse(status: response.status, headers: response.headers, body: collected ?? ByteBuffer())
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        do {
            return try WireJSON.decoder.decode(T.self, from: Data(response.body.readableBytesView))
        } catch {
            XCTFail("\(response.status) \(response.body.string): \(error)", file: file, line: line)
            throw error
        }
    }

    func changes(_ token: String, since: Int64 = 0, limit: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> ChangesResponse {
        let query = "since=\(since)" + (limit.map { "&limit=\($0)" } ?? "")
        let response = try await send(.GET, "v1/changes?\(query)", headers: auth(token), file: file, line: line)
        XCTAssertEqual(response.status, .ok, response.body.string, file: file, line: line)
        return try decode(ChangesResponse.self, response, file: file, line: line)
    }

    func push(_ token: String, _ operations: [PushOperation], since: Int64? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> PushResponse {
        let request = PushRequest(operations: operations, since: since)
        let body = String(decoding: try WireJSON.encoder.encode(request), as: UTF8.self)
        let response = try await send(.POST, "v1/push", headers: auth(token), body: body, file: file, line: line)
        XCTAssertEqual(response.status, .ok, response.body.string, file: file, line: line)
        return try decode(PushResponse.self, response, file: file, line: line)
    }

    /// Asserts a JSON error body `{"error": true, "reason": ...}` with the given status.
    func assertError(_ response: TestResponse, _ status: HTTPStatus,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(response.status, status, response.body.string, file: file, line: line)
        let error = try decode(ErrorResponse.self, response, file: file, line: line)
        XCTAssertTrue(error.error, file: file, line: line)
        XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
    }
}

/// A server with the legacy routes on, acting for the user book, whose token is `token`.
class LegacyTestCase: ServerTestCase {
    var token = ""

    /// Who may use the legacy routes (TODO_LEGACY_AUTH) in this suite.
    var legacyAccess: LegacyAccess { .loopback }

    override func makeSettings() async throws -> ServerSettings {
        var settings = try await TestDatabase.freshSettings(legacyUser: "book")
        settings.legacyAccess = legacyAccess
        return settings
    }

    override func setUp() async throws {
        try await super.setUp()
        token = try await makeUser("book")
    }
}

/// An answer of the app to `ServerTestCase.send`.
struct TestResponse {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer
}

extension TestResponse {
    /// An answer XCTVapor's tester got over a real socket.
    init(_ response: XCTHTTPResponse) {
        self.init(status: response.status, headers: response.headers, body: response.body)
    }
}

/// Builders for wire values with fixed, millisecond-exact dates.
enum Make {
    static let created = ISO8601Millis.parse("2026-11-21T01:33:29.123Z")!

    static func fields(_ name: String, notes: String = "", completed: Bool = false) -> TodoFields {
        TodoFields(
            name: name, description: "about \(name)", notes: notes, completed: completed,
            createdAt: created, updatedAt: created.addingTimeInterval(1.5),
            completedAt: completed ? created.addingTimeInterval(2) : nil)
    }

    static func put(_ uuid: UUID, base: Int64, _ name: String, opId: UUID = UUID()) -> PushOperation {
        PushOperation(opId: opId, kind: .put, uuid: uuid, baseRev: base, todo: fields(name))
    }

    static func delete(_ uuid: UUID, base: Int64, opId: UUID = UUID()) -> PushOperation {
        PushOperation(opId: opId, kind: .delete, uuid: uuid, baseRev: base, todo: nil)
    }
}

/// Log lines kept by `ServerTestCase.captureLogs()`, with their levels.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String)] = []

    var all: [(level: Logger.Level, message: String)] { lock.withLock { entries } }

    /// Every line, for failure messages.
    var text: String { all.map { "\($0.level) \($0.message)" }.joined(separator: "\n") }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.lock.withLock { capture.entries.append((event.level, event.message.description)) }
        }
    }
}
