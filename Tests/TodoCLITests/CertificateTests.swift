import Foundation
import Testing
import TodoTestSupport

/// Issue 39: a server with a certificate of its own (a home server's CA) is trusted through
/// `todo config ca-file PATH` or TODO_CA_FILE, besides the system's CAs; without it, the
/// refusal names the setting.
@Suite struct CertificateTests {
    let box: Sandbox

    init() throws { box = try Sandbox(.binary) }

    /// Runs openssl in `directory`; fails the test if it fails.
    func openssl(_ arguments: [String], in directory: String) throws {
        let result = try Sandbox.execute(
            "/usr/bin/openssl", arguments, stdin: nil, environment: ["HOME": directory, "RANDFILE": directory + "/.rnd"]
        )
        guard result.status == 0 else { throw TestFailure("openssl \(arguments.first ?? ""): \(result.stderr)") }
    }

    /// A CA (NAME-ca.pem) and a certificate for localhost it signed (NAME.pem, NAME.key).
    func makeCA(_ name: String, in directory: String) throws {
        let base = directory + "/" + name
        try openssl(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", base + "-ca.key", "-out", base + "-ca.pem",
                "-days", "2", "-subj", "/CN=\(name) home CA"
            ], in: directory)
        try openssl(
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", base + ".key", "-out", base + ".csr", "-subj",
                "/CN=localhost"
            ], in: directory)
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(
            toFile: base + ".ext", atomically: true, encoding: .utf8)
        try openssl(
            [
                "x509", "-req", "-in", base + ".csr", "-CA", base + "-ca.pem", "-CAkey", base + "-ca.key",
                "-CAcreateserial",
                "-out", base + ".pem", "-days", "2", "-extfile", base + ".ext"
            ], in: directory)
    }

    @Test func aServerWithItsOwnCAIsTrustedThroughCAFile() throws {
        let directory = box.directory + "/server"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try makeCA("home", in: directory)
        try makeCA("other", in: directory)
        let server = try TestServer(directory: box.directory, tls: (directory + "/home.pem", directory + "/home.key"))
        let environment = server.clientEnvironment
        try box.run(["add", "water the plants"], environment: environment)
        let before = FileManager.default.contents(atPath: box.file)

        let untrusted = try box.run(["sync"], environment: environment)
        #expect(untrusted.status == 3, "\(untrusted)")
        #expect(
            untrusted.stderr.hasPrefix("todo: cannot verify the certificate of \(server.url) ("), "\(untrusted.stderr)")
        #expect(
            untrusted.stderr.hasSuffix(
                """
                if it has a certificate of its own (self-signed, or your own CA), run 'todo config ca-file PATH' with \
                its CA certificate in PEM\n
                """
            ), "\(untrusted.stderr)")
        #expect(FileManager.default.contents(atPath: box.file) == before)

        let wrongCA = try box.run(
            ["sync"], environment: environment.merging(["TODO_CA_FILE": directory + "/other-ca.pem"]) { $1 })
        #expect(wrongCA.status == 3, "\(wrongCA)")
        #expect(
            wrongCA.stderr.hasSuffix("not even with the CA certificates of \(directory)/other-ca.pem (ca-file)\n"),
            "\(wrongCA.stderr)")

        // For one command, on the command line (todo hands rc words on to todo-sync).
        let once = try box.run(["rc.ca-file=\(directory)/home-ca.pem", "sync", "--dry-run"], environment: environment)
        #expect(once.status == 0, "\(once)")

        #expect(try box.run(["config", "ca-file", directory + "/home-ca.pem"]).status == 0)
        #expect(try box.run(["config", "ca-file"]).stdout == directory + "/home-ca.pem\n")
        let synced = try box.run(["sync"], environment: environment)
        #expect(
            synced
                == RunResult(
                    stdout: "Synced with \(server.url): pulled 0, pushed 1, 0 conflicts.\n", stderr: "", status: 0),
            "\(synced)")
        #expect(try server.changes().contains("water the plants"))
    }

    @Test func aCAFileThatCannotServeIsRefused() throws {
        try "not a certificate\n".write(toFile: box.directory + "/notes.txt", atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("ca.pem", "todo: ca-file must be an absolute path (as cron and other directories see it), not 'ca.pem'\n"),
            (box.directory + "/missing.pem", "todo: cannot read the CA file \(box.directory)/missing.pem\n"),
            (
                box.directory + "/notes.txt",
                "todo: \(box.directory)/notes.txt holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n"
            )
        ]
        for (path, said) in cases {
            #expect(try box.run("config", "ca-file", path) == RunResult(stdout: "", stderr: said, status: 2), "\(path)")
        }
        #expect(try box.run("config", "ca-file").status == 1)
        let sync = try box.run(
            ["sync"],
            environment: [
                "TODO_SERVER": "https://localhost:1", "TODO_TOKEN": "t", "TODO_CA_FILE": box.directory + "/notes.txt"
            ])
        #expect(
            sync
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: the CA file \(box.directory)/notes.txt (ca-file, TODO_CA_FILE) holds no PEM certificate \
                        (-----BEGIN CERTIFICATE-----)\n
                        """,
                    status: 1))
    }
}
