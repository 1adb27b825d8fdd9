import Fluent
import Vapor

/// Vapor's `serve`, refusing to listen beyond loopback while no user exists (the server
/// would be an open, empty target) or while the legacy routes are on without a token, and
/// checking TODO_LEGACY_USER names a real user.
struct GuardedServeCommand: AnyAsyncCommand {
    let serve: ServeCommand
    let legacyUser: String?
    let legacyAccess: LegacyAccess

    var help: String { serve.help }

    /// The address options of `ServeCommand.Signature`, read without consuming them.
    private struct Address: CommandSignature {
        @Option(name: "hostname", short: "H") var hostname: String?
        @Option(name: "port", short: "p") var port: Int?
        @Option(name: "bind", short: "b") var bind: String?
        @Option(name: "unix-socket") var socketPath: String?
    }

    func run(using context: inout CommandContext) async throws {
        var input = context.input
        let address = try Address(from: &input)
        let app = context.application
        let host: String? =
            address.socketPath != nil
            ? nil
            : address.bind.map { String($0.split(separator: ":").first ?? "") }
                ?? address.hostname ?? app.http.server.configuration.hostname
        let users = try await UserModel.query(on: app.db).count()
        if let host, users == 0, !Self.isLoopback(host) {
            throw CommandFailure(
                "refusing to listen on \(host): no user exists yet. Create one first "
                    + "(todo-server user add NAME; todo-server token add NAME) or listen on 127.0.0.1.")
        }
        if let host, legacyUser != nil, legacyAccess == .loopback, !Self.isLoopback(host) {
            throw CommandFailure(
                "refusing to listen on \(host) with the legacy routes on (TODO_LEGACY_USER) and no "
                    + "token required: listen on 127.0.0.1, or set TODO_LEGACY_AUTH=token.")
        }
        if let legacyUser,
            try await UserModel.query(on: app.db).filter(\.$name == legacyUser).first() == nil
        {
            throw CommandFailure(
                "TODO_LEGACY_USER=\(legacyUser) names no user; create it with: todo-server user add \(legacyUser)")
        }
        try await serve.run(using: &context)
    }

    func outputHelp(using context: inout CommandContext) throws {
        serve.outputHelp(using: &context)
    }

    func renderCompletionFunctions(using context: CommandContext, shell: Shell) -> String {
        serve.renderCompletionFunctions(using: context, shell: shell)
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
