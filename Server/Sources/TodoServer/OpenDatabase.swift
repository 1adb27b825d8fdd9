import Fluent
import Vapor

/// Checks that the database is set up as this server needs (`todo-server migrate` does it)
/// and reads the dataset id; once per application, before anything touches the data.
public func openDatabase(_ app: Application) async throws {
    guard app.storage[DatasetKey.self] == nil else { return }
    // Opening a SQLite file that is not there would create it, empty.
    if case .sqlite(let path)? = app.storage[SettingsKey.self]?.storage, !FileManager.default.fileExists(atPath: path) {
        throw CommandFailure("no database at \(path) yet: run todo-server migrate first")
    }
    switch try await SchemaStatus.of(app.db) {
    case .current: break
    case .behind(let missing) where missing.count == schemaMigrationNames.count:
        throw CommandFailure("the database has no tables yet: run todo-server migrate first")
    case .behind(let missing):
        throw CommandFailure(
            "the database is older than this todo-server (it lacks \(missing.joined(separator: ", "))): "
                + "back it up, then run todo-server migrate")
    case .ahead(let unknown):
        throw CommandFailure(
            "the database was made by a newer todo-server (it has \(unknown.joined(separator: ", "))); run that version"
        )
    }
    guard let datasetId = try await MetaModel.query(on: app.db).first()?.id else {
        throw Abort(.internalServerError, reason: "the database has no dataset id")
    }
    app.storage[DatasetKey.self] = datasetId
}

extension Request {
    /// The storage quota of each user, in bytes (`ServerSettings.quotaBytes`).
    var quota: Int64? { application.storage[SettingsKey.self]?.quotaBytes }
}

/// The settings `configure` was given.
enum SettingsKey: StorageKey {
    typealias Value = ServerSettings
}

private enum DatasetKey: StorageKey {
    typealias Value = UUID
}

extension Application {
    /// The id of this database's data set (see API.md); set by `openDatabase`.
    var datasetId: UUID {
        get throws {
            guard let id = storage[DatasetKey.self] else {
                throw Abort(.internalServerError, reason: "the database is not open")
            }
            return id
        }
    }
}

/// A command that works on the data: opens the database (`openDatabase`) before it runs.
/// Help is printed by the console before any command runs, so it never opens anything.
struct UsingDatabase: AnyAsyncCommand {
    let command: any AnyAsyncCommand

    init(_ command: any AnyAsyncCommand) { self.command = command }

    var help: String { command.help }

    func run(using context: inout CommandContext) async throws {
        try await openDatabase(context.application)
        try await command.run(using: &context)
    }

    func outputHelp(using context: inout CommandContext) throws {
        try command.outputHelp(using: &context)
    }

    func renderCompletionFunctions(using context: CommandContext, shell: Shell) -> String {
        command.renderCompletionFunctions(using: context, shell: shell)
    }
}
