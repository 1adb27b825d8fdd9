import Fluent
import TodoWire
import Vapor

/// `todo-server token add NAME | list NAME | revoke TOKEN-OR-ID`.
struct TokenCommands: AsyncCommandGroup {
    let help = "Manage API tokens: add NAME, list NAME, revoke TOKEN-OR-ID."
    var commands: [String: any AnyAsyncCommand] {
        ["add": AddToken(), "list": ListTokens(), "revoke": RevokeToken()]
    }

    struct AddToken: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "name", help: "The user the token authenticates.")
            var name: String
            @Option(name: "device", help: "What the token is for (a device's name), shown by token list.")
            var device: String?
            @Option(name: "expires", help: "Days until the token stops working (1 to 3650); never by default.")
            var expires: String?
        }
        let help = "Create a token for a user; prints it (only it) once; its id goes to stderr."

        func run(using context: CommandContext, signature: Signature) async throws {
            let (db, now) = (context.application.db, context.application.now)
            let user = try await UserModel.named(signature.name, on: db)
            if let device = signature.device,
                !(1...64).contains(device.count) || device.contains(where: { $0.isNewline || $0 == "\t" })
            {
                throw CommandFailure("--device: 1 to 64 characters on one line")
            }
            var expiresAtMs: Int64?
            if let text = signature.expires {
                guard let days = Int(text), (1...3650).contains(days) else {
                    throw CommandFailure("--expires: a number of days from 1 to 3650, not '\(text)'")
                }
                expiresAtMs = ISO8601Millis.milliseconds(now) + Int64(days) * 86_400_000
            }
            let token = TokenModel.generate()
            let row = TokenModel(userID: try user.requireID(), hash: TokenModel.hash(token), now: now)
            row.device = signature.device
            row.expiresAtMs = expiresAtMs
            try await row.create(on: db)
            // stdout gets the token alone, so `TOKEN=$(todo-server token add NAME)` works.
            FileHandle.standardError.write(
                Data(
                    "Token \(try row.requireID().uuidString) for \(user.name); store it now, it is not shown again.\n"
                        .utf8))
            context.console.print(token)
        }
    }

    struct ListTokens: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "name", help: "The user whose tokens to list.")
            var name: String
        }
        let help = "List a user's tokens: id, device, created, expires, last used, state (never the tokens)."

        func run(using context: CommandContext, signature: Signature) async throws {
            let db = context.application.db
            let user = try await UserModel.named(signature.name, on: db)
            let rows = try await TokenModel.query(on: db)
                .filter(\.$userID == user.requireID()).sort(\.$createdAtMs).all()
            let nowMs = ISO8601Millis.milliseconds(context.application.now)
            func date(_ ms: Int64?) -> String {
                ms.map { ISO8601Millis.string(Date(timeIntervalSince1970: Double($0) / 1000)) } ?? "never"
            }
            for row in rows {
                let state = row.revokedAtMs != nil ? "revoked" : row.hasExpired(atMs: nowMs) ? "expired" : "active"
                let fields = [
                    try row.requireID().uuidString, row.device ?? "-", date(row.createdAtMs),
                    "expires " + date(row.expiresAtMs), "used " + date(row.lastUsedAtMs), state
                ]
                context.console.print(fields.joined(separator: "\t"))
            }
        }
    }

    struct RevokeToken: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "token", help: "The token itself, or its id (from token add / token list).")
            var token: String
        }
        let help = "Revoke a token, given the token or its id; requests with it then get 401."

        func run(using context: CommandContext, signature: Signature) async throws {
            let db = context.application.db
            let query = TokenModel.query(on: db)
            if let id = UUID(uuidString: signature.token) {
                query.filter(\.$id == id)
            } else {
                query.filter(\.$hash == TokenModel.hash(signature.token))
            }
            guard let row = try await query.first() else { throw CommandFailure("no such token") }
            if row.revokedAtMs == nil {
                row.revokedAtMs = ISO8601Millis.milliseconds(context.application.now)
                try await row.update(on: db)
            }
            context.console.print("Revoked token \(try row.requireID().uuidString).")
        }
    }
}
