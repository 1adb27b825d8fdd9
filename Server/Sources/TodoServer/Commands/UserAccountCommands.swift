import Fluent
import TodoWire
import Vapor

/// `todo-server user disable|enable NAME`: a disabled user's tokens get 403, the data stays.
struct SetUserDisabled: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "The user.")
        var name: String
    }
    let disabled: Bool
    var help: String {
        disabled
            ? "Disable a user: every request with their tokens gets 403; their data stays."
            : "Enable a disabled user again."
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let db = context.application.db
        let user = try await UserModel.named(signature.name, on: db)
        user.disabledAtMs = disabled ? ISO8601Millis.milliseconds(context.application.now) : nil
        try await user.update(on: db)
        context.console.print("\(disabled ? "Disabled" : "Enabled") user \(signature.name).")
    }
}

/// `todo-server user delete NAME --yes`: the user, their tokens, Taskwarrior client ids and
/// all their data, gone.
struct DeleteUser: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "The user.")
        var name: String
    }
    let help = "Delete a user with their tokens and all their todos (needs --yes)."

    func run(using context: CommandContext, signature: Signature) async throws {
        let db = context.application.db
        let user = try await UserModel.named(signature.name, on: db)
        let userID = try user.requireID()
        let todos = try await TodoModel.query(on: db).filter(\.$userID == userID).filter(\.$deleted == false).count()
        // ConsoleKit reads --yes (and -y) itself, for every command, as "answer yes".
        guard context.console.confirmOverride == true else {
            throw CommandFailure("this deletes \(signature.name) and their \(todos) todos for good; add --yes to do it")
        }
        try await db.transaction { tx in
            try await OperationModel.query(on: tx).filter(\.$userID == userID).delete()
            try await FluentWriteConnection(db: tx).run(
                "DELETE FROM \(CalDAVObjects.table) WHERE user_id = $1", [.uuid(userID)])
            try await FluentWriteConnection(db: tx).run(
                "DELETE FROM \(PrunedRows.table) WHERE user_id = $1", [.uuid(userID)])
            try await FluentWriteConnection(db: tx).run(
                "DELETE FROM \(PrunedOperations.table) WHERE user_id = $1", [.uuid(userID)])
            try await TaskChampionClients.removeAll(userID: userID, on: FluentWriteConnection(db: tx))
            try await TodoModel.query(on: tx).filter(\.$userID == userID).delete()
            try await TokenModel.query(on: tx).filter(\.$userID == userID).delete()
            try await UserModel.query(on: tx).filter(\.$id == userID).delete()
        }
        context.console.print("Deleted user \(signature.name) and their \(todos) todos.")
    }
}
