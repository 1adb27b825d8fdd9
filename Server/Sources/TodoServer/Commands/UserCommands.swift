import Fluent
import Vapor

/// `todo-server user add|list|disable|enable|delete`.
struct UserCommands: AsyncCommandGroup {
    let help = "Manage users: add NAME, list, disable NAME, enable NAME, delete NAME --yes."
    var commands: [String: any AnyAsyncCommand] {
        [
            "add": AddUser(), "list": ListUsers(), "disable": SetUserDisabled(disabled: true),
            "enable": SetUserDisabled(disabled: false), "delete": DeleteUser()
        ]
    }

    struct AddUser: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "name", help: "Letters, digits and ._@- (1 to 64 characters).")
            var name: String
        }
        let help = "Create a user."

        func run(using context: CommandContext, signature: Signature) async throws {
            let db = context.application.db
            guard UserModel.isValidName(signature.name) else {
                throw CommandFailure("user names are 1 to 64 letters, digits or ._@-")
            }
            if try await UserModel.query(on: db).filter(\.$name == signature.name).first() != nil {
                throw CommandFailure("user \(signature.name) already exists")
            }
            try await UserModel(name: signature.name, now: context.application.now).create(on: db)
            context.console.print("Created user \(signature.name). Next: todo-server token add \(signature.name)")
        }
    }

    struct ListUsers: AsyncCommand {
        struct Signature: CommandSignature {}
        let help = "List users."

        func run(using context: CommandContext, signature: Signature) async throws {
            for user in try await UserModel.query(on: context.application.db).sort(\.$name).all() {
                context.console.print(
                    "\(user.name)\trev \(user.lastRev)\(user.disabledAtMs == nil ? "" : "\tdisabled")")
            }
        }
    }
}

/// A command error whose message is meant for the person at the terminal.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
