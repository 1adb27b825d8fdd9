import Foundation
import TodoWire
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The real `todo-server` executable: its commands, the loopback guard, and durability across
/// kill -9 with the SQLite default.
final class ExecutableTests: SandboxedServerTestCase {
    override func setUp() async throws {
        try await super.setUp()
        XCTAssertEqual(migrated.stdout, "Migrated the database: CreateSchema.v1, AddAttributes.v2, AddAccountControls.v3, AddTokenDetails.v4, AddPruning.v5, AddQuota.v6.\n")
    }

    /// Issue 15: the schema changes only when asked; every other command says what to run.
    func testCommandsOnADatabaseNotMigratedSayToMigrate() throws {
        var fresh = server!
        fresh.environment["TODO_SERVER_DB"] = directory.appendingPathComponent("fresh.sqlite").path
        for command in [["user", "add", "alice"], ["token", "add", "alice"], ["serve", "--port", "1"]] {
            let result = try fresh.run(command)
            XCTAssertNotEqual(result.status, 0, "\(command)")
            XCTAssertTrue(result.stderr.contains("yet: run todo-server migrate first"), "\(command): \(result.stderr)")
        }
        XCTAssertEqual(try fresh.run(["migrate"]).status, 0)
        XCTAssertEqual(try fresh.run(["migrate"]).stdout, "The database is up to date.\n")
        XCTAssertEqual(try fresh.run(["user", "add", "alice"]).status, 0)
    }

    func serve(
        port: Int, hostname: String = "127.0.0.1", legacyUser: String? = nil, legacyAuth: String? = nil
    ) throws -> Process {
        var server = self.server!
        server.environment["TODO_LEGACY_USER"] = legacyUser
        server.environment["TODO_LEGACY_AUTH"] = legacyAuth
        let process = try server.start(
            ["serve", "--hostname", hostname, "--port", "\(port)"],
            log: directory.appendingPathComponent("server.log"))
        running = process
        return process
    }

    /// The user alice and a token of hers, and a server started and answering: its port and
    /// the header with her token.
    func serveAlice() throws -> (port: Int, auth: [UInt8]) {
        XCTAssertEqual(try server.run(["user", "add", "alice"]).status, 0)
        let token = try server.run(["token", "add", "alice"]).stdout.trimmingCharacters(in: .newlines)
        let port = try RealServer.freePort()
        _ = try waitForHealth(port: port, process: try serve(port: port))
        return (port, RealServer.header("Authorization: Bearer \(token)"))
    }

    func waitForHealth(port: Int, process: Process) throws -> RealServer.Response {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            XCTAssertTrue(process.isRunning, "server exited early: \(log())")
            guard process.isRunning else { throw RealServer.Failure("server exited") }
            if let response = try? RealServer.http(port: port, method: "GET", path: "/health"),
                response.status == 200
            {
                return response
            }
            usleep(100_000)
        }
        throw RealServer.Failure("server did not answer /health within 60s: \(log())")
    }

    func testRefusesToListenBeyondLoopbackWithoutUsers() throws {
        let port = try RealServer.freePort()
        let process = try serve(port: port, hostname: "0.0.0.0")
        XCTAssertTrue(RealServer.wait(for: process, timeout: 60), "serve should have exited")
        XCTAssertNotEqual(process.terminationStatus, 0)
        XCTAssertTrue(log().contains("refusing to listen on 0.0.0.0"), log())

        XCTAssertEqual(try server.run(["user", "add", "alice"]).status, 0)
        let ghost = try serve(port: port, legacyUser: "ghost")
        XCTAssertTrue(RealServer.wait(for: ghost, timeout: 60), "serve should have exited")
        XCTAssertNotEqual(ghost.terminationStatus, 0)
        XCTAssertTrue(log().contains("TODO_LEGACY_USER=ghost names no user"), log())
    }

    /// Issue 15: the legacy routes have no token by default, so they never listen beyond
    /// loopback unless a token is required.
    func testRefusesTheLegacyRoutesBeyondLoopbackUnlessATokenIsRequired() throws {
        XCTAssertEqual(try server.run(["user", "add", "book"]).status, 0)
        let port = try RealServer.freePort()
        let open = try serve(port: port, hostname: "0.0.0.0", legacyUser: "book")
        XCTAssertTrue(RealServer.wait(for: open, timeout: 60), "serve should have exited")
        XCTAssertNotEqual(open.terminationStatus, 0)
        XCTAssertTrue(log().contains("refusing to listen on 0.0.0.0 with the legacy routes on"), log())

        let typo = try serve(port: port, hostname: "0.0.0.0", legacyUser: "book", legacyAuth: "tokens")
        XCTAssertTrue(RealServer.wait(for: typo, timeout: 60), "serve should have exited")
        XCTAssertNotEqual(typo.terminationStatus, 0)
        XCTAssertTrue(log().contains("TODO_LEGACY_AUTH=tokens: expected loopback or token"), log())

        let guarded = try serve(port: port, hostname: "0.0.0.0", legacyUser: "book", legacyAuth: "token")
        _ = try waitForHealth(port: port, process: guarded)
        let anonymous = try RealServer.http(port: port, method: "GET", path: "/todos")
        XCTAssertEqual(anonymous?.status, 401)
    }

    /// Issue 15: the database is the server's user's alone, and another program holding its
    /// lock (a backup, a sqlite3 shell) gets pushes a 503 within the busy timeout, not a hang.
    func testTheDatabaseIsPrivateAndALockGivesA503() throws {
        XCTAssertEqual(try server.run(["user", "add", "alice"]).status, 0)
        let token = try server.run(["token", "add", "alice"]).stdout.trimmingCharacters(in: .newlines)
        let database = directory.appendingPathComponent("data.sqlite").path
        let port = try RealServer.freePort()
        let process = try serve(port: port)
        _ = try waitForHealth(port: port, process: process)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            let mode = try FileManager.default.attributesOfItem(atPath: database + suffix)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, "data.sqlite\(suffix)")
        }
        // A use now, so the lock below meets the push alone (a token's last use is written
        // at most once a minute).
        let auth = RealServer.header("Authorization: Bearer \(token)")
        XCTAssertEqual(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [auth])?.status, 200)
        let shell = try SQLiteShell(database: database)
        defer { shell.close() }
        try shell.run("PRAGMA journal_mode;", until: "wal")
        try shell.run("BEGIN EXCLUSIVE; SELECT 'holding';", until: "holding")
        let push = #"{"operations":[]}"#
        let locked = try XCTUnwrap(try RealServer.http(port: port, method: "POST", path: "/v1/push", headers: [auth], body: push))
        XCTAssertEqual(locked.status, 503, locked.text)
        XCTAssertTrue(locked.text.contains("the database is locked by another program"), locked.text)
        XCTAssertEqual(locked.header("Retry-After"), "5")
        try shell.run("ROLLBACK; SELECT 'released';", until: "released")
        let after = try XCTUnwrap(try RealServer.http(port: port, method: "POST", path: "/v1/push", headers: [auth], body: push))
        XCTAssertEqual(after.status, 200, after.text)
    }

    /// Issue 15: `backup` copies the database while the server runs; a second server started
    /// on the copy (as DEPLOY.md restores one) serves the same changes.
    func testBackupWhileServingAndRestore() throws {
        let (port, auth) = try serveAlice()
        let body = #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"todo":{"name":"backed up","description":"","notes":"","completed":false,"createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}"#
        XCTAssertEqual(try RealServer.http(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)?.status, 200)
        let feed = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [auth]))

        let copy = directory.appendingPathComponent("backup.sqlite").path
        let backup = try server.run(["backup", copy])
        XCTAssertEqual(backup.status, 0, backup.stderr)
        XCTAssertTrue(backup.stdout.hasPrefix("Copied \(directory.appendingPathComponent("data.sqlite").path) to \(copy) ("), backup.stdout)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int, 0o600)
        let again = try server.run(["backup", copy])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("\(copy) already exists: name a new file"), again.stderr)
        let missing = try server.run(["backup", directory.appendingPathComponent("no/such/dir/b.sqlite").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot write"), missing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("partial") }, [])

        var restored = server!
        restored.environment["TODO_SERVER_DB"] = copy
        XCTAssertEqual(try restored.run(["migrate"]).stdout, "The database is up to date.\n")
        let second = try RealServer.freePort()
        let process = try restored.start(["serve", "--hostname", "127.0.0.1", "--port", "\(second)"], log: directory.appendingPathComponent("restored.log"))
        defer { kill(process.processIdentifier, SIGKILL); _ = RealServer.wait(for: process, timeout: 10) }
        _ = try waitForHealth(port: second, process: process)
        let restoredFeed = try XCTUnwrap(try RealServer.http(port: second, method: "GET", path: "/v1/changes", headers: [auth]))
        XCTAssertEqual(restoredFeed.status, 200, restoredFeed.text)
        let before = try WireJSON.decoder.decode(ChangesResponse.self, from: feed.body)
        let after = try WireJSON.decoder.decode(ChangesResponse.self, from: restoredFeed.body)
        XCTAssertEqual(after.changes, before.changes)
        XCTAssertEqual(before.changes.first?.todo?.name, "backed up")
        // A new dataset id: devices that synced past the backup start again with it.
        XCTAssertNotEqual(after.datasetId, before.datasetId)
        XCTAssertEqual(restoredFeed.header("X-Todo-Dataset"), after.datasetId.uuidString)

        var postgres = server!
        postgres.environment["DATABASE_URL"] = "postgres://todo@127.0.0.1:1/todo"
        let refused = try postgres.run(["backup", directory.appendingPathComponent("pg.sqlite").path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("for PostgreSQL use pg_dump"), refused.stderr)
    }

    /// Issue 15: `prune` removes tombstones and operation results past its horizon.
    func testPruneCommand() throws {
        let (port, auth) = try serveAlice()
        let uuid = UUID()
        for operation in [#""kind":"put","baseRev":0,"todo":{"name":"x","description":"","notes":"","completed":false,"createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}"#, #""kind":"delete","baseRev":1"#] {
            let body = #"{"operations":[{"opId":"\#(UUID())","uuid":"\#(uuid)",\#(operation)}]}"#
            XCTAssertEqual(try RealServer.http(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)?.status, 200)
        }
        XCTAssertEqual(try server.run(["prune"]).stdout, "Pruned 0 tombstones and 0 operation results older than 90 days.\n")
        let pruned = try server.run(["prune", "--older-than", "0"])
        XCTAssertEqual(pruned.stdout, "Pruned 1 tombstones and 2 operation results older than 0 days.\n", pruned.stderr)
        XCTAssertEqual(try RealServer.http(port: port, method: "GET", path: "/v1/changes?since=1", headers: [auth])?.status, 410)
        let bad = try server.run(["prune", "--older-than", "soon"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("older-than"), bad.stderr)
    }

    /// Issue 15: a user can be disabled (403, data kept) and deleted with their data.
    func testUsersCanBeDisabledAndDeleted() throws {
        let (port, auth) = try serveAlice()
        func push(_ name: String) throws -> RealServer.Response {
            let body = #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"todo":{"name":"\#(name)","description":"","notes":"","completed":false,"createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}"#
            return try XCTUnwrap(try RealServer.http(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body))
        }
        XCTAssertEqual(try push("kept").status, 200)
        XCTAssertEqual(try server.run(["user", "disable", "alice"]).stdout, "Disabled user alice.\n")
        XCTAssertTrue(try server.run(["user", "list"]).stdout.contains("alice\trev 1\tdisabled"))
        let refused = try push("refused")
        XCTAssertEqual(refused.status, 403, refused.text)
        XCTAssertTrue(refused.text.contains("this account is disabled"), refused.text)
        XCTAssertEqual(try server.run(["user", "enable", "alice"]).status, 0)
        let feed = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
        XCTAssertTrue(feed.text.contains("kept") && !feed.text.contains("refused"), feed.text)

        let unsure = try server.run(["user", "delete", "alice"])
        XCTAssertNotEqual(unsure.status, 0)
        XCTAssertTrue(unsure.stderr.contains("this deletes alice and their 1 todos for good; add --yes"), unsure.stderr)
        XCTAssertEqual(try server.run(["user", "delete", "alice", "--yes"]).stdout, "Deleted user alice and their 1 todos.\n")
        XCTAssertEqual(try push("after").status, 401)
        XCTAssertEqual(try server.run(["user", "list"]).stdout, "")
        XCTAssertNotEqual(try server.run(["user", "disable", "alice"]).status, 0)
        let rows = try Process.output("/usr/bin/sqlite3", [directory.appendingPathComponent("data.sqlite").path, "SELECT COUNT(*) FROM todos; SELECT COUNT(*) FROM tokens; SELECT COUNT(*) FROM operations;"])
        XCTAssertEqual(rows, "0\n0\n0\n")
    }

    func testCommandsAndDurabilityAcrossKillDashNine() throws {
        // Users and tokens.
        XCTAssertEqual(try server.run(["user", "add", "alice"]).status, 0)
        let again = try server.run(["user", "add", "alice"])
        XCTAssertNotEqual(again.status, 0)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertNotEqual(try server.run(["user", "add", "bad name"]).status, 0)
        XCTAssertNotEqual(try server.run(["token", "add", "nobody"]).status, 0)
        let added = try server.run(["token", "add", "alice"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let token = added.stdout.trimmingCharacters(in: .newlines)
        XCTAssertEqual(added.stdout, token + "\n", "stdout holds the token alone")
        XCTAssertTrue(token.hasPrefix("todo_"), added.stdout)
        XCTAssertEqual(token.count, 48)
        XCTAssertFalse(added.stderr.contains(token))
        XCTAssertEqual(try server.run(["user", "add", "book"]).status, 0)

        // Write through both APIs.
        let port = try RealServer.freePort()
        var process = try serve(port: port, legacyUser: "book")
        let health = try waitForHealth(port: port, process: process)
        let dataset = try XCTUnwrap(health.header("X-Todo-Dataset"))
        let uuid = UUID()
        let op = PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 0, todo: TodoFields(
            name: "survive kill -9", createdAt: Date(), updatedAt: Date()))
        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
        let bearer = RealServer.header("Authorization: Bearer \(token)")
        let pushed = try XCTUnwrap(try RealServer.http(
            port: port, method: "POST", path: "/v1/push",
            headers: [bearer, RealServer.header("Content-Type: application/json")], body: body))
        XCTAssertEqual(pushed.status, 200, pushed.text)
        let pushResponse = try WireJSON.decoder.decode(PushResponse.self, from: pushed.body)
        XCTAssertEqual(pushResponse.results.first?.status, .applied)

        // The book's curl, byte for byte.
        let book = try XCTUnwrap(try RealServer.http(
            port: port, method: "POST", path: "/postTodo/",
            headers: ["Cookie: test=123", "id: 3", "notes: do not forget to buy potato chips",
                      "Content-Type: application/json", "description: Our first todo item",
                      "completed: false", "name: todo 1"].map(RealServer.header),
            body: "{}"))
        XCTAssertEqual(book.status, 200, book.text)
        XCTAssertTrue(book.text.contains(#""name":"todo 1""#), book.text)

        // Latin-1 bytes in a header: a clear 400, and the server carries on.
        let latin1 = try XCTUnwrap(try RealServer.http(
            port: port, method: "POST", path: "/postTodo",
            headers: [RealServer.header("id: 9"), RealServer.header("name: caf") + [0xE9]], body: "{}"))
        XCTAssertEqual(latin1.status, 400, latin1.text)
        let utf8 = try XCTUnwrap(try RealServer.http(
            port: port, method: "POST", path: "/postTodo",
            headers: [RealServer.header("id: 10"), RealServer.header("name: café ☕")], body: "{}"))
        XCTAssertEqual(utf8.status, 200, utf8.text)
        XCTAssertTrue(utf8.text.contains("café ☕"), utf8.text)

        // The book's updateTodo curl has "completed : yes", which HTTP forbids (space before the
        // colon): the HTTP parser refuses it with a 400 before any handler runs; nothing
        // changes and the server carries on.
        let update = try RealServer.http(
            port: port, method: "POST", path: "/updateTodo",
            headers: ["Cookie: test=123", "id: 3", "notes: new note", "name: updated name",
                      "description: updated description", "completed : yes"].map(RealServer.header))
        XCTAssertEqual(update?.status, 400, "\(String(describing: update?.head))")
        let stillThere = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/todo", headers: ["id: 3"].map(RealServer.header)))
        XCTAssertTrue(stillThere.text.contains("Our first todo item"), stillThere.text)

        // kill -9, start again, read everything back.
        kill(process.processIdentifier, SIGKILL)
        XCTAssertTrue(RealServer.wait(for: process, timeout: 10))
        process = try serve(port: port, legacyUser: "book")
        let restarted = try waitForHealth(port: port, process: process)
        XCTAssertEqual(restarted.header("X-Todo-Dataset"), dataset)
        let feed = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes?since=0", headers: [bearer]))
        XCTAssertEqual(feed.status, 200, feed.text)
        let changes = try WireJSON.decoder.decode(ChangesResponse.self, from: feed.body)
        XCTAssertEqual(changes.datasetId.uuidString, dataset)
        XCTAssertEqual(changes.changes.map(\.uuid), [uuid])
        XCTAssertEqual(changes.changes.first?.todo?.name, "survive kill -9")
        let legacy = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/todos"))
        XCTAssertTrue(legacy.text.contains("do not forget to buy potato chips"), legacy.text)
        XCTAssertTrue(legacy.text.contains("café ☕"), legacy.text)
        XCTAssertFalse(legacy.text.contains(#""id":9"#), legacy.text)

        // Revoking the token (by its value) locks it out of the running server.
        let revoked = try server.run(["token", "revoke", token])
        XCTAssertEqual(revoked.status, 0, revoked.stderr)
        let refused = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [bearer]))
        XCTAssertEqual(refused.status, 401)
        XCTAssertTrue(refused.text.contains(#""error":true"#), refused.text)

        // One line per request in the log, and never the token.
        kill(process.processIdentifier, SIGTERM)
        XCTAssertTrue(RealServer.wait(for: process, timeout: 30))
        let lines = log()
        XCTAssertFalse(lines.contains(token))
        XCTAssertTrue(lines.contains("POST /v1/push 200"), lines)
        XCTAssertTrue(lines.contains("GET /v1/changes 401"), lines)
    }

    /// TODO_SERVER_HEADER_TIMEOUT and TODO_SERVER_IDLE_TIMEOUT reach the server; a value that is
    /// not a number of seconds stops every command with a message naming it.
    func testConnectionTimeoutsComeFromTheEnvironment() throws {
        server.environment["TODO_SERVER_HEADER_TIMEOUT"] = "1"
        server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "1.5"
        let port = try RealServer.freePort()
        let process = try serve(port: port)
        _ = try waitForHealth(port: port, process: process)
        let partial = try TestSocket(port: port)
        try partial.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let silent = try TestSocket(port: port)
        let deadline = Date().addingTimeInterval(60)
        XCTAssertEqual(partial.readUntilClosed(within: deadline.timeIntervalSinceNow).closed, .eof)
        XCTAssertEqual(silent.readUntilClosed(within: deadline.timeIntervalSinceNow).closed, .eof)
        XCTAssertEqual(try RealServer.http(port: port, method: "GET", path: "/health")?.status, 200)
        kill(process.processIdentifier, SIGTERM)
        XCTAssertTrue(RealServer.wait(for: process, timeout: 30))
        XCTAssertTrue(log().contains("request head incomplete for 1s"), log())
        XCTAssertTrue(log().contains("idle for 1.5s"), log())

        server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "soon"
        let refused = try server.run(["user", "list"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("TODO_SERVER_IDLE_TIMEOUT"), refused.stderr)
    }

    /// Only migrate creates the database: help, every other command, and the data commands
    /// refusing a database not there yet, leave the working directory as it was.
    func testOnlyDataCommandsCreateTheDatabase() throws {
        let workingDirectory = directory.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        var environment = server.environment
        environment["TODO_SERVER_DB"] = nil
        let inWorkingDirectory = RealServer(
            executable: server.executable, directory: workingDirectory, environment: environment)
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: workingDirectory.path).sorted()
        }

        let help = try inWorkingDirectory.run(["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("serve") && help.stdout.contains("token"), help.stdout)
        XCTAssertEqual(try files(), [], "--help created a file")
        for arguments in [
            ["-h"], ["serve", "--help"], ["user", "--help"], ["user", "add", "--help"],
            ["token", "list", "-h"], ["routes"], ["no-such-command"], ["user", "list"], ["serve"],
        ] {
            let output = try inWorkingDirectory.run(arguments)
            XCTAssertEqual(try files(), [], "\(arguments) created a file; stderr: \(output.stderr)")
        }
        let refused = try inWorkingDirectory.run(["user", "list"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("no database at todo-server.sqlite yet: run todo-server migrate first"), refused.stderr)

        // The check above can see a file appear: migrate creates it.
        XCTAssertEqual(try inWorkingDirectory.run(["migrate"]).status, 0)
        XCTAssertEqual(try files(), ["todo-server.sqlite"])
        let list = try inWorkingDirectory.run(["user", "list"])
        XCTAssertEqual(list.status, 0, list.stderr)
    }

    /// Issue 15: a token names its device, may expire, and shows when it was last used.
    func testTokensHaveADeviceAnExpiryAndALastUse() throws {
        XCTAssertEqual(try server.run(["user", "add", "dana"]).status, 0)
        let added = try server.run(["token", "add", "dana", "--device", "work laptop", "--expires", "30"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let token = added.stdout.trimmingCharacters(in: .newlines)
        var listed = try server.run(["token", "list", "dana"]).stdout
        XCTAssertTrue(listed.contains("\twork laptop\t") && listed.contains("\tused never\tactive"), listed)
        XCTAssertFalse(listed.contains("expires never"), listed)
        for bad in [["--expires", "0"], ["--expires", "soon"], ["--device", ""]] {
            let refused = try server.run(["token", "add", "dana"] + bad)
            XCTAssertNotEqual(refused.status, 0, "\(bad)")
            XCTAssertTrue(refused.stdout.isEmpty, "no token printed for \(bad)")
        }

        let port = try RealServer.freePort()
        _ = try waitForHealth(port: port, process: try serve(port: port))
        let auth = RealServer.header("Authorization: Bearer \(token)")
        let used = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
        XCTAssertEqual(used.status, 200, used.text)
        listed = try server.run(["token", "list", "dana"]).stdout
        XCTAssertFalse(listed.contains("used never"), listed)

        let database = directory.appendingPathComponent("data.sqlite").path
        _ = try Process.output("/usr/bin/sqlite3", [database, "UPDATE tokens SET expires_at_ms = 1"])
        let expired = try XCTUnwrap(try RealServer.http(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
        XCTAssertEqual(expired.status, 401, expired.text)
        XCTAssertTrue(expired.text.contains("this token has expired"), expired.text)
        XCTAssertTrue(try server.run(["token", "list", "dana"]).stdout.contains("\texpired"))
    }

    func testTokenRevokeByIdAndTokenList() throws {
        XCTAssertEqual(try server.run(["user", "add", "carol"]).status, 0)
        let added = try server.run(["token", "add", "carol"])
        let id = try XCTUnwrap(added.stderr.split(separator: " ").dropFirst().first.map(String.init))
        XCTAssertNotNil(UUID(uuidString: id), added.stdout)
        let listed = try server.run(["token", "list", "carol"])
        XCTAssertTrue(listed.stdout.contains("\(id)") && listed.stdout.contains("active"), listed.stdout)
        XCTAssertEqual(try server.run(["token", "revoke", id]).status, 0)
        XCTAssertTrue(try server.run(["token", "list", "carol"]).stdout.contains("revoked"))
        XCTAssertNotEqual(try server.run(["token", "revoke", "todo_unknown"]).status, 0)
    }
}

extension Process {
    /// What `executable` prints on stdout, run to its end.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The sqlite3 shell on a database, fed statements one batch at a time.
final class SQLiteShell {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var seen = ""

    init(database: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// Sends `statements` and waits until the shell prints `marker`.
    func run(_ statements: String, until marker: String) throws {
        input.fileHandleForWriting.write(Data((statements + "\n").utf8))
        while !seen.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw RealServer.Failure("sqlite3 ended before printing \(marker): \(seen)") }
            seen += String(decoding: chunk, as: UTF8.self)
            // sqlite3 goes on after an error, so its marker may never come.
            if seen.contains("Error") { throw RealServer.Failure("sqlite3: \(seen)") }
        }
        seen = ""
    }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
