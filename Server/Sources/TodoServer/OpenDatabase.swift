import Fluent
import Vapor

/// Creates the database and its tables on first use, applies new migrations, and reads the
/// dataset id; once per application, before anything touches the data.
public func openDatabase(_ app: Application) async throws {
    guard app.storage[DatasetKey.self] == nil else { return }
    try await SQLiteTuning.useWAL(on: app.db)
    try await app.autoMigrate()
    guard let datasetId = try await MetaModel.query(on: app.db).first()?.id else {
        throw Abort(.internalServerError, reason: "the database has no dataset id")
    }
    app.storage[DatasetKey.self] = datasetId
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
