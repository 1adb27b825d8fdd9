import Fluent
import Vapor

/// Vapor's `serve`, refusing to listen beyond loopback while no user exists (the server
/// would be an open, empty target) or while the legacy routes are on without a token, and
/// checking TODO_LEGACY_USER names a real user; with TLS when given a certificate and key,
/// and reloading them on SIGHUP.
struct GuardedServeCommand: AnyAsyncCommand {
    let serve: ServeCommand
    let legacyUser: String?
    let legacyAccess: LegacyAccess
    /// TODO_SERVER_TLS_CERT and TODO_SERVER_TLS_KEY; the options take precedence.
    let tlsFromEnvironment: ServerTLS.Files?

    /// Options of ours, taken off the command line before Vapor's `serve` reads it.
    private struct TLSOptions: CommandSignature {
        @Option(name: "tls-cert", help: "PEM certificate chain: serve HTTPS (with --tls-key; reloaded on SIGHUP)")
        var certificate: String?
        @Option(name: "tls-key", help: "PEM private key of that certificate")
        var key: String?
    }

    var help: String { serve.help }

    /// The address options of `ServeCommand.Signature`, read without consuming them.
    private struct Address: CommandSignature {
        @Option(name: "hostname", short: "H") var hostname: String?
        @Option(name: "port", short: "p") var port: Int?
        @Option(name: "bind", short: "b") var bind: String?
        @Option(name: "unix-socket") var socketPath: String?
    }

    func run(using context: inout CommandContext) async throws {
        let options = try TLSOptions(from: &context.input)
        let tls = ServerTLS.of(context.application)
        switch (options.certificate ?? tlsFromEnvironment?.certificate, options.key ?? tlsFromEnvironment?.key) {
        case (nil, nil): break
        case (let certificate?, let key?): try tls.use(ServerTLS.Files(certificate: certificate, key: key))
        case (nil, _): throw CommandFailure("--tls-key needs --tls-cert (or TODO_SERVER_TLS_CERT) too")
        case (_, nil): throw CommandFailure("--tls-cert needs --tls-key (or TODO_SERVER_TLS_KEY) too")
        }
        HangUpSignal.install(tls, logger: context.application.logger)
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
        context.console.output(
            "       tls-cert PEM certificate chain: serve HTTPS (with --tls-key); kill -HUP re-reads both",
            style: .plain)
        context.console.output("        tls-key PEM private key of that certificate", style: .plain)
    }

    func renderCompletionFunctions(using context: CommandContext, shell: Shell) -> String {
        serve.renderCompletionFunctions(using: context, shell: shell)
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
