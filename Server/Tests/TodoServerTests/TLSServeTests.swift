import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15: `serve --tls-cert --tls-key` speaks HTTPS; SIGHUP re-reads the files without
/// stopping the server, keeps the certificate in use when the new files are bad, and is
/// harmless without TLS (systemd's `ExecReload=kill -HUP`). openssl and curl are the clients.
struct TLSServeTests {
    /// Runs a shell command (bounded by `timeout`), returns its stdout.
    func shell(_ command: String) async throws -> String {
        try await ChildProcess.output("/usr/bin/timeout", ["30", "/bin/bash", "-c", command])
    }

    /// A self-signed certificate for localhost, written as NAME.pem and NAME.key in the
    /// sandbox; its SHA-256 fingerprint.
    func makeCertificate(_ sandbox: Sandbox, _ name: String) async throws -> String {
        let directory = sandbox.directory.path
        _ = try await shell(
            "cd '\(directory)' && openssl req -x509 -newkey rsa:2048 -nodes -keyout \(name).key -out \(name).pem -days "
                + "2 -subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null"
        )
        return try await shell("openssl x509 -noout -fingerprint -sha256 -in '\(directory)/\(name).pem'")
    }

    /// The fingerprint of the certificate the server presents now.
    func presented(_ port: Int) async throws -> String {
        try await shell(
            "openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null | openssl x509 "
                + "-noout -fingerprint -sha256"
        )
    }

    /// Waits for `condition`, at most 60 s, failing with `what`; the server must keep running.
    func waitUntil(_ sandbox: Sandbox, _ what: String, _ condition: () async throws -> Bool) async throws {
        let happened = try await eventually(within: 60, every: .milliseconds(100)) {
            if try await condition() { return true }
            #expect(sandbox.running?.isRunning ?? false, "the server stopped: \(sandbox.log())")
            return false
        }
        if !happened { Issue.record("\(what) did not happen within 60 s: \(sandbox.log())") }
    }

    func start(_ sandbox: Sandbox, _ arguments: [String]) throws -> (port: Int, process: ChildProcess) {
        let port = try freePort()
        return (port, try sandbox.start(["serve", "--hostname", "127.0.0.1", "--port", "\(port)"] + arguments))
    }

    @Test func httpsAndReloadOnHangUp() async throws {
        try await withSandbox("TLSServeTests") { sandbox in
            let first = try await makeCertificate(sandbox, "first")
            let second = try await makeCertificate(sandbox, "second")
            #expect(first != second)
            let cert = sandbox.directory.appendingPathComponent("cert.pem").path
            let key = sandbox.directory.appendingPathComponent("cert.key").path
            _ = try await shell("cd '\(sandbox.directory.path)' && cp first.pem cert.pem && cp first.key cert.key")
            let (port, process) = try start(sandbox, ["--tls-cert", cert, "--tls-key", key])
            let health = "curl -s --cacert '\(sandbox.directory.path)/%@.pem' https://localhost:\(port)/health"
            try await waitUntil(sandbox, "an HTTPS answer") {
                try await shell(String(format: health, "first")).contains(#""status":"ok""#)
            }
            #expect(sandbox.log().contains("Server started on https://127.0.0.1:\(port)"), "\(sandbox.log())")
            #expect(try await presented(port) == first)
            // Plain HTTP on that port gets no answer as if it were HTTPS.
            #expect(!(try await shell("curl -s http://127.0.0.1:\(port)/health").contains("status")))

            _ = try await shell("cd '\(sandbox.directory.path)' && cp second.pem cert.pem && cp second.key cert.key")
            kill(process.processIdentifier, SIGHUP)
            try await waitUntil(sandbox, "the new certificate") { try await presented(port) == second }
            #expect(
                sandbox.log().contains("SIGHUP: reloaded the TLS certificate \(cert) and key \(key)"),
                "\(sandbox.log())")
            #expect(try await shell(String(format: health, "second")).contains(#""status":"ok""#))

            _ = try await shell("echo damaged > '\(cert)'")
            kill(process.processIdentifier, SIGHUP)
            try await waitUntil(sandbox, "the refusal logged") {
                sandbox.log().contains(
                    "SIGHUP: kept the TLS certificate in use: cannot read the TLS certificate \(cert)")
            }
            #expect(try await presented(port) == second)

            // A key of another certificate is named as such, not as an unreadable file.
            _ = try await shell("cd '\(sandbox.directory.path)' && cp second.pem cert.pem && cp first.key cert.key")
            kill(process.processIdentifier, SIGHUP)
            try await waitUntil(sandbox, "the mismatch logged") {
                sandbox.log().contains(
                    "SIGHUP: kept the TLS certificate in use: the TLS private key \(key) is not the key of the "
                        + "certificate \(cert)"
                )
            }
            #expect(!sandbox.log().contains("not a readable PEM private key"), "\(sandbox.log())")
            #expect(try await presented(port) == second)
            #expect(process.isRunning)
        }
    }

    /// The TLS handshake is not a request head: a connection that completes it and sends
    /// nothing is closed when idle, not when a head would be late.
    @Test func aQuietTLSConnectionIsIdleNotALateHead() async throws {
        try await withSandbox("TLSServeTests") { sandbox in
            _ = try await makeCertificate(sandbox, "cert")
            sandbox.server.environment["TODO_SERVER_HEADER_TIMEOUT"] = "1"
            sandbox.server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "3"
            let (port, _) = try start(
                sandbox,
                [
                    "--tls-cert", sandbox.directory.appendingPathComponent("cert.pem").path,
                    "--tls-key", sandbox.directory.appendingPathComponent("cert.key").path
                ])
            try await waitUntil(sandbox, "an HTTPS answer") {
                try await shell(
                    "curl -s --cacert '\(sandbox.directory.path)/cert.pem' https://localhost:\(port)/health"
                ).contains("ok")
            }
            let input = Pipe()
            let nothing = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
            let client = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/openssl"),
                ["s_client", "-quiet", "-connect", "127.0.0.1:\(port)", "-servername", "localhost"],
                directory: sandbox.directory, environment: ProcessInfo.processInfo.environment,
                input: input.fileHandleForReading.fileDescriptor, output: nothing.fileDescriptor,
                error: nothing.fileDescriptor)
            defer { client.terminate() }
            try await waitUntil(sandbox, "the quiet connection closed") { sandbox.log().contains("idle for 3s") }
            #expect(!sandbox.log().contains("request head incomplete"), "\(sandbox.log())")
        }
    }

    @Test func hangUpDoesNotStopAPlainServer() async throws {
        try await withSandbox("TLSServeTests") { sandbox in
            let (port, process) = try start(sandbox, [])
            try await waitUntil(sandbox, "an answer") {
                (try? await RawHTTP.request(port: port, method: "GET", path: "/health"))??.status == 200
            }
            kill(process.processIdentifier, SIGHUP)
            try await waitUntil(sandbox, "the signal logged") {
                sandbox.log().contains("SIGHUP: no TLS certificate to reload (plain HTTP)")
            }
            #expect(process.isRunning)
            #expect(try await RawHTTP.request(port: port, method: "GET", path: "/health")?.status == 200)
        }
    }

    @Test func badTLSOptionsStopServeWithAMessage() async throws {
        try await withSandbox("TLSServeTests") { sandbox in
            _ = try await makeCertificate(sandbox, "good")
            let good = sandbox.directory.appendingPathComponent("good.pem").path
            let goodKey = sandbox.directory.appendingPathComponent("good.key").path
            let other = try await makeCertificate(sandbox, "other")
            #expect(!other.isEmpty)
            for (arguments, message) in [
                (["--tls-cert", good], "--tls-cert needs --tls-key"),
                (["--tls-key", goodKey], "--tls-key needs --tls-cert"),
                (
                    ["--tls-cert", sandbox.directory.appendingPathComponent("missing.pem").path, "--tls-key", goodKey],
                    "cannot read the TLS certificate"
                ),
                (["--tls-cert", good, "--tls-key", good], "cannot read the TLS private key"),
                (
                    ["--tls-cert", good, "--tls-key", sandbox.directory.appendingPathComponent("other.key").path],
                    "is not the key of the certificate"
                )
            ] {
                let result = try await sandbox.server.run(["serve", "--port", "1"] + arguments)
                #expect(result.status == 1, "\(arguments)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
        }
    }
}
