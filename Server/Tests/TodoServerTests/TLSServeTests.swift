import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Issue 15: `serve --tls-cert --tls-key` speaks HTTPS; SIGHUP re-reads the files without
/// stopping the server, keeps the certificate in use when the new files are bad, and is
/// harmless without TLS (systemd's `ExecReload=kill -HUP`). openssl and curl are the clients.
final class TLSServeTests: SandboxedServerTestCase {
    /// Runs a shell command (bounded by `timeout`), returns its stdout.
    func shell(_ command: String) throws -> String {
        try Process.output("/usr/bin/timeout", ["30", "/bin/bash", "-c", command])
    }

    /// A self-signed certificate for localhost, written as NAME.pem and NAME.key; its SHA-256 fingerprint.
    func makeCertificate(_ name: String) throws -> String {
        _ = try shell("cd '\(directory.path)' && openssl req -x509 -newkey rsa:2048 -nodes -keyout \(name).key -out \(name).pem -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost 2>/dev/null")
        return try shell("openssl x509 -noout -fingerprint -sha256 -in '\(directory.path)/\(name).pem'")
    }

    /// The fingerprint of the certificate the server presents now.
    func presented(_ port: Int) throws -> String {
        try shell("openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256")
    }

    /// Waits for `condition`, at most 60 s, failing with `what`.
    func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return }
            XCTAssertTrue(running?.isRunning ?? false, "the server stopped: \(log())")
            usleep(100_000)
        }
        XCTFail("\(what) did not happen within 60 s: \(log())")
    }

    func start(_ arguments: [String]) throws -> (port: Int, process: Process) {
        let port = try RealServer.freePort()
        let process = try server.start(["serve", "--hostname", "127.0.0.1", "--port", "\(port)"] + arguments, log: directory.appendingPathComponent("server.log"))
        running = process
        return (port, process)
    }

    func testHTTPSAndReloadOnHangUp() throws {
        let first = try makeCertificate("first")
        let second = try makeCertificate("second")
        XCTAssertNotEqual(first, second)
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("cert.key").path
        _ = try shell("cd '\(directory.path)' && cp first.pem cert.pem && cp first.key cert.key")
        let (port, process) = try start(["--tls-cert", cert, "--tls-key", key])
        let health = "curl -s --cacert '\(directory.path)/%@.pem' https://localhost:\(port)/health"
        try waitUntil("an HTTPS answer") { try shell(String(format: health, "first")).contains(#""status":"ok""#) }
        XCTAssertTrue(log().contains("Server started on https://127.0.0.1:\(port)"), log())
        XCTAssertEqual(try presented(port), first)
        // Plain HTTP on that port gets no answer as if it were HTTPS.
        XCTAssertFalse(try shell("curl -s http://127.0.0.1:\(port)/health").contains("status"))

        _ = try shell("cd '\(directory.path)' && cp second.pem cert.pem && cp second.key cert.key")
        kill(process.processIdentifier, SIGHUP)
        try waitUntil("the new certificate") { try presented(port) == second }
        XCTAssertTrue(log().contains("SIGHUP: reloaded the TLS certificate \(cert) and key \(key)"), log())
        XCTAssertTrue(try shell(String(format: health, "second")).contains(#""status":"ok""#))

        _ = try shell("echo damaged > '\(cert)'")
        kill(process.processIdentifier, SIGHUP)
        try waitUntil("the refusal logged") { log().contains("SIGHUP: kept the TLS certificate in use: cannot read the TLS certificate \(cert)") }
        XCTAssertEqual(try presented(port), second)

        // A key of another certificate is named as such, not as an unreadable file.
        _ = try shell("cd '\(directory.path)' && cp second.pem cert.pem && cp first.key cert.key")
        kill(process.processIdentifier, SIGHUP)
        try waitUntil("the mismatch logged") { log().contains("SIGHUP: kept the TLS certificate in use: the TLS private key \(key) is not the key of the certificate \(cert)") }
        XCTAssertFalse(log().contains("not a readable PEM private key"), log())
        XCTAssertEqual(try presented(port), second)
        XCTAssertTrue(process.isRunning)
    }

    /// The TLS handshake is not a request head: a connection that completes it and sends
    /// nothing is closed when idle, not when a head would be late.
    func testAQuietTLSConnectionIsIdleNotALateHead() throws {
        _ = try makeCertificate("cert")
        server.environment["TODO_SERVER_HEADER_TIMEOUT"] = "1"
        server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "3"
        let (port, _) = try start([
            "--tls-cert", directory.appendingPathComponent("cert.pem").path,
            "--tls-key", directory.appendingPathComponent("cert.key").path,
        ])
        try waitUntil("an HTTPS answer") {
            try shell("curl -s --cacert '\(directory.path)/cert.pem' https://localhost:\(port)/health").contains("ok")
        }
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        client.arguments = ["s_client", "-quiet", "-connect", "127.0.0.1:\(port)", "-servername", "localhost"]
        let input = Pipe()
        client.standardInput = input
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        defer { client.terminate() }
        try waitUntil("the quiet connection closed") { log().contains("idle for 3s") }
        XCTAssertFalse(log().contains("request head incomplete"), log())
    }

    func testHangUpDoesNotStopAPlainServer() throws {
        let (port, process) = try start([])
        try waitUntil("an answer") { (try? RealServer.http(port: port, method: "GET", path: "/health"))??.status == 200 }
        kill(process.processIdentifier, SIGHUP)
        try waitUntil("the signal logged") { log().contains("SIGHUP: no TLS certificate to reload (plain HTTP)") }
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(try RealServer.http(port: port, method: "GET", path: "/health")?.status, 200)
    }

    func testBadTLSOptionsStopServeWithAMessage() throws {
        _ = try makeCertificate("good")
        let good = directory.appendingPathComponent("good.pem").path
        let goodKey = directory.appendingPathComponent("good.key").path
        let other = try makeCertificate("other")
        XCTAssertFalse(other.isEmpty)
        for (arguments, message) in [
            (["--tls-cert", good], "--tls-cert needs --tls-key"),
            (["--tls-key", goodKey], "--tls-key needs --tls-cert"),
            (["--tls-cert", directory.appendingPathComponent("missing.pem").path, "--tls-key", goodKey], "cannot read the TLS certificate"),
            (["--tls-cert", good, "--tls-key", good], "cannot read the TLS private key"),
            (["--tls-cert", good, "--tls-key", directory.appendingPathComponent("other.key").path], "is not the key of the certificate"),
        ] {
            let result = try server.run(["serve", "--port", "1"] + arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
