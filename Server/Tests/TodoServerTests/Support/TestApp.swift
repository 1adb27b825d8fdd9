import Fluent
import Foundation
import NIOCore
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// One test's app, configured as `serve` configures it, on a database of its own, migrated and
/// open; with helpers for users, tokens and wire requests. Made by `withTestApp`.
final class TestApp {
    /// The threads of an app's event loops: more than one, as in production.
    static let eventLoops = 2

    let application: Application
    let settings: ServerSettings
    /// What the app logged, once `captureLogs()` was called.
    let logs = LogCapture()
    private var serving = false

    init(_ application: Application, settings: ServerSettings) {
        self.application = application
        self.settings = settings
    }

    var db: any Database { application.db }

    /// Runs `test` with this app, then stops the HTTP server `startServer` started.
    func run(_ test: (TestApp) async throws -> Void) async throws {
        do {
            try await test(self)
        } catch {
            await stopServing()
            throw error
        }
        await stopServing()
    }

    /// Creates a user and a token for it, as the commands do; returns the token.
    @discardableResult
    func makeUser(_ name: String) async throws -> String {
        let user = UserModel(name: name, now: application.now)
        try await user.create(on: db)
        let token = TokenModel.generate()
        try await TokenModel(userID: user.requireID(), hash: TokenModel.hash(token), now: application.now).create(
            on: db)
        return token
    }

    /// Starts the app's own HTTP server on a free loopback port and returns the port; the
    /// server stops when the test ends.
    func startServer() async throws -> Int {
        try await application.server.start(address: .hostname("127.0.0.1", port: 0))
        serving = true
        return try #require((application.server as? TodoHTTPServer)?.localAddress?.port)
    }

    private func stopServing() async {
        if serving { await application.server.shutdown() }
        serving = false
    }

    /// From now on, keeps what the app logs (at info and above) in `logs`.
    func captureLogs() {
        let logs = self.logs
        application.logger = Logger(label: "test") { _ in LogCapture.Handler(capture: logs) }
    }

    /// Waits until the log has a line containing `text` (at most 30 s).
    func waitForLog(_ text: String) async -> Bool {
        await eventually { self.logs.all.contains { $0.message.contains(text) } }
    }

    /// Sends a request through the app's middleware and routes, in memory, as a client at
    /// `peer` would: with a Host header (`localhost:8080` unless `headers` has one); `tls` as on
    /// a TLS connection (`TransportSecurity`).
    /// (VaporTesting's in-memory tester gives a request no peer, which the loopback guards need.)
    func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil,
        peer: String = "127.0.0.1", tls: Bool = false
    ) async throws -> TestResponse {
        try await send(method, path, headers: headers, bytes: body.map { Array($0.utf8) }, peer: peer, tls: tls)
    }

    /// `send` with a body of any bytes.
    func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], bytes: [UInt8]?,
        peer: String = "127.0.0.1", tls: Bool = false
    ) async throws -> TestResponse {
        try await application.asyncBoot()
        var headers = headers
        if !headers.contains(name: .host) { headers.add(name: .host, value: "localhost:8080") }
        headers.replaceOrAdd(name: .contentLength, value: String(bytes?.count ?? 0))
        let request = Request(
            application: application, method: method,
            url: URI(string: path.hasPrefix("/") ? path : "/" + path),
            headers: headers, collectedBody: bytes.map { ByteBuffer(bytes: $0) },
            remoteAddress: try SocketAddress(ipAddress: peer, port: 40000), logger: application.logger,
            on: application.eventLoopGroup.next())
        if tls { request.storage[TransportSecurity.ArrivedOverTLS.self] = true }
        let response = try await application.responder.respond(to: request).get()
        let collected = try await response.body.collect(on: request.eventLoop).get()
        return TestResponse(status: response.status, headers: response.headers, body: collected ?? ByteBuffer())
    }

    func decode<T: Decodable>(
        _ type: T.Type, _ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        do {
            return try WireJSON.decoder.decode(T.self, from: Data(response.body.readableBytesView))
        } catch {
            Issue.record("\(response.status) \(response.body.string): \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    func changes(
        _ token: String, since: Int64 = 0, limit: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ChangesResponse {
        let query = "since=\(since)" + (limit.map { "&limit=\($0)" } ?? "")
        let response = try await send(.GET, "v1/changes?\(query)", headers: auth(token))
        #expect(response.status == .ok, "\(response.body.string)", sourceLocation: sourceLocation)
        return try decode(ChangesResponse.self, response, sourceLocation: sourceLocation)
    }

    func push(
        _ token: String, _ operations: [PushOperation], since: Int64? = nil, prunedTombstones: Bool? = nil,
        revisionsOnly: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PushResponse {
        let request = PushRequest(
            operations: operations, since: since, prunedTombstones: prunedTombstones, revisionsOnly: revisionsOnly)
        let body = String(decoding: try WireJSON.encoder.encode(request), as: UTF8.self)
        let response = try await send(.POST, "v1/push", headers: auth(token), body: body)
        #expect(response.status == .ok, "\(response.body.string)", sourceLocation: sourceLocation)
        return try decode(PushResponse.self, response, sourceLocation: sourceLocation)
    }

    /// Expects a JSON error body `{"error": true, "reason": ...}` with the given status.
    func expectError(
        _ response: TestResponse, _ status: HTTPStatus, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == status, "\(response.body.string)", sourceLocation: sourceLocation)
        let error = try decode(ErrorResponse.self, response, sourceLocation: sourceLocation)
        #expect(error.error, sourceLocation: sourceLocation)
        #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
    }
}

/// Runs `test` with a new app on a new database, its settings changed by `adjust`; shuts both
/// down afterwards, whatever `test` did.
func withTestApp(
    on kind: TestDatabase.Kind = .configured, _ adjust: (inout ServerSettings) -> Void = { _ in },
    _ test: (TestApp) async throws -> Void
) async throws {
    try await withTestDatabase(kind) { database in
        var settings = ServerSettings(storage: database.storage)
        adjust(&settings)
        try await withTestApp(settings, test)
    }
}

/// `withTestApp` on the database `settings` names, which the caller made (and drops):
/// migrated, then opened.
func withTestApp(_ settings: ServerSettings, _ test: (TestApp) async throws -> Void) async throws {
    try await withApplication(configure: { application in
        try await configure(application, settings: settings)
        _ = try await migrateDatabase(application, settings: settings)
        try await openDatabase(application)
    }) { application in
        try await TestApp(application, settings: settings).run(test)
    }
}

/// VaporTesting's `withApp` on event loops of the application's own (`TestApp.eventLoops`), so
/// that no other test's work delays its timers and reads (`withApp` uses the process-wide
/// group): a timeout that closes a connection before reading bytes already sent resets it.
func withApplication<T>(
    configure: (Application) async throws -> Void, _ test: (Application) async throws -> T
) async throws -> T {
    let loops = MultiThreadedEventLoopGroup(numberOfThreads: TestApp.eventLoops)
    let outcome: Result<T, any Error>
    do {
        outcome = .success(try await runApplication(on: loops, configure: configure, test))
    } catch {
        outcome = .failure(error)
    }
    try await loops.shutdownGracefully()
    return try outcome.get()
}

/// A testing application that logs warnings and errors only: a line per request and per
/// migration step, for every test, on two databases, buried CI's log (`captureLogs` still
/// sees info lines).
func makeApplication(_ loops: Application.EventLoopGroupProvider = .singleton) async throws -> Application {
    let application = try await Application.make(.testing, loops)
    application.logger.logLevel = .warning
    return application
}

private func runApplication<T>(
    on loops: any EventLoopGroup, configure: (Application) async throws -> Void,
    _ test: (Application) async throws -> T
) async throws -> T {
    let application = try await makeApplication(.shared(loops))
    let result: T
    do {
        try await configure(application)
        result = try await test(application)
    } catch {
        try? await application.asyncShutdown()
        throw error
    }
    try await application.asyncShutdown()
    return result
}

/// `withTestApp` with the legacy routes on, acting for the user book, whose token `test` gets;
/// `access` says who may use those routes (TODO_LEGACY_AUTH).
func withLegacyApp(
    access: LegacyAccess = .loopback, _ adjust: (inout ServerSettings) -> Void = { _ in },
    _ test: (TestApp, _ token: String) async throws -> Void
) async throws {
    try await withTestApp({ settings in
        settings.legacyUser = "book"
        settings.legacyAccess = access
        adjust(&settings)
    }) { app in
        try await test(app, try await app.makeUser("book"))
    }
}

func auth(_ token: String) -> HTTPHeaders {
    ["Authorization": "Bearer \(token)"]
}

/// An answer of the app to `TestApp.send`, or of VaporTesting's tester.
struct TestResponse {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer
}

extension TestResponse {
    init(_ response: TestingHTTPResponse) {
        self.init(status: response.status, headers: response.headers, body: response.body)
    }
}

/// Log lines kept by `TestApp.captureLogs()`, with their levels.
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
