import Fluent
import TodoWire
import Vapor

/// `todo-server taskchampion add USER | list USER | remove ID`: the client ids Taskwarrior 3
/// replicas sync with (`sync.server.client_id`), each registered to a user.
struct TaskChampionCommands: AsyncCommandGroup {
    let help = "Manage Taskwarrior 3 client ids: add USER, list USER, remove ID."
    var commands: [String: any AnyAsyncCommand] {
        ["add": Add(), "list": List(), "remove": Remove()]
    }

    struct Add: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "user", help: "The user whose tasks the client id holds.")
            var user: String
        }
        let help =
            "Register a new client id for a user; prints it (only it) once; its registration's id goes to stderr."

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            let user = try await UserModel.named(signature.user, on: app.db)
            let (clientID, id) = try await TaskChampionClients.add(
                userID: try user.requireID(), on: app.db, at: app.now)
            // stdout gets the client id alone, so `CLIENT_ID=$(todo-server taskchampion add NAME)` works.
            FileHandle.standardError.write(
                Data(
                    """
                    Client id registration \(id.uuidString.lowercased()) for \(user.name); set sync.server.client_id \
                    to the id below (shown once) and give every replica of these tasks the same one and the same \
                    sync.encryption_secret.\n
                    """
                    .utf8))
            context.console.print(TaskChampionController.text(clientID))
        }
    }

    struct List: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "user", help: "The user whose client ids to list.")
            var user: String
        }
        let help =
            """
            List a user's client id registrations: id, created, versions, bytes, last version, last snapshot (never \
            the client ids).
            """

        func run(using context: CommandContext, signature: Signature) async throws {
            let db = context.application.db
            let user = try await UserModel.named(signature.user, on: db)
            func date(_ ms: Int64?) -> String {
                ms.map { ISO8601Millis.string(Date(timeIntervalSince1970: Double($0) / 1000)) } ?? "never"
            }
            for row in try await TaskChampionClients.list(userID: try user.requireID(), on: db) {
                let fields = [
                    row.id.uuidString.lowercased(), date(row.createdAtMs), "versions \(row.versions)",
                    "bytes \(row.storedBytes)",
                    "last version " + date(row.lastVersionAtMs), "snapshot " + date(row.snapshotAtMs)
                ]
                context.console.print(fields.joined(separator: "\t"))
            }
        }
    }

    struct Remove: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "id", help: "The client id itself, or its registration's id (from add / list).")
            var id: String
        }
        let help = "Remove a client id with its versions and snapshot; requests with it then get 403."

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            guard let (id, userID) = try await TaskChampionClients.named(signature.id, on: app.db) else {
                throw CommandFailure("no such client id or registration")
            }
            try await withUserWrite(on: app.db, queue: .of(app), userID: userID, at: app.now) { write in
                try await TaskChampionClients.remove(id, in: write)
            }
            context.console.print(
                "Removed client id registration \(id.uuidString.lowercased()) with its versions and snapshot.")
        }
    }
}
