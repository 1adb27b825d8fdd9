import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

extension ServerSettings.Storage {
    /// The database's Fluent configuration, and its id.
    func configuration() throws -> (DatabaseConfigurationFactory, DatabaseID) {
        switch self {
        case .sqlite(let path):
            return (.sqlite(.file(path)), .sqlite)
        case .postgres(let url):
            // Pushes of one user queue on that user's row lock, each holding a connection:
            // allow a few per event loop so other requests are not starved meanwhile.
            return (try .postgres(url: url, maxConnectionsPerEventLoop: 4), .psql)
        }
    }

    /// The database `--from` names: a postgres:// (or postgresql://) URL, else a SQLite file.
    init(naming text: String) {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        self = scheme == "postgres" || scheme == "postgresql" ? .postgres(url: text) : .sqlite(path: text)
    }

    /// The database for messages: a SQLite file's path, or a PostgreSQL URL without its user
    /// and password.
    var described: String {
        switch self {
        case .sqlite(let path):
            return path
        case .postgres(let url):
            guard let components = URLComponents(string: url), let host = components.host else {
                return "the PostgreSQL database"
            }
            return "postgres://\(host)\(components.port.map { ":\($0)" } ?? "")\(components.path)"
        }
    }
}

/// Runs `body` with the database `storage` names, opened apart from the application's own
/// database and closed afterwards. A SQLite file must exist: opening it would create it.
func withDatabase<T: Sendable>(
    _ storage: ServerSettings.Storage, on app: Application, _ body: (any Database) async throws -> T
) async throws -> T {
    if case .sqlite(let path) = storage, !FileManager.default.fileExists(atPath: path) {
        throw CommandFailure("no database at \(path)")
    }
    let databases = Databases(threadPool: app.threadPool, on: app.eventLoopGroup)
    let (configuration, id) = try storage.configuration()
    databases.use(configuration, as: id)
    guard let db = databases.database(id, logger: app.logger, on: app.eventLoopGroup.any()) else {
        throw CommandFailure("cannot open \(storage.described)")
    }
    do {
        let result = try await body(db)
        await databases.shutdownAsync()
        return result
    } catch {
        await databases.shutdownAsync()
        throw error
    }
}
