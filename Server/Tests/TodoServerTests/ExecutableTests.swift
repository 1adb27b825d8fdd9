import Foundation
import Testing
import TodoWire

#if canImport(Glibc)
    import Glibc
#endif

/// The real `todo-server` executable: its commands, the loopback guard, and durability across
/// kill -9 with the SQLite default.
struct ExecutableTests {
    /// Runs `test` in a sandbox whose `migrate` applied every migration.
    func withExecutable(_ test: (Sandbox) async throws -> Void) async throws {
        try await withSandbox("ExecutableTests") { sandbox in
            #expect(
                sandbox.migrated.stdout
                    == """
                    Migrated the database: CreateSchema.v1, AddAttributes.v2, AddAccountControls.v3, \
                    AddTokenDetails.v4, AddPruning.v5, AddQuota.v6, BinaryUUIDs.v7, AddCalDAVObjects.v8, \
                    AddTaskChampion.v9, AddPrunedRecords.v10, AddPrunedOperations.v11, AddTodoOpIds.v12.\n
                    """
            )
            try await test(sandbox)
        }
    }

    /// Issue 15: the schema changes only when asked; every other command says what to run.
    @Test func commandsOnADatabaseNotMigratedSayToMigrate() async throws {
        try await withExecutable { sandbox in
            var fresh = sandbox.server
            fresh.environment["TODO_SERVER_DB"] = sandbox.directory.appendingPathComponent("fresh.sqlite").path
            for command in [["user", "add", "alice"], ["token", "add", "alice"], ["serve", "--port", "1"]] {
                let result = try await fresh.run(command)
                #expect(result.status != 0, "\(command)")
                #expect(result.stderr.contains("yet: run todo-server migrate first"), "\(command): \(result.stderr)")
            }
            #expect(try await fresh.run(["migrate"]).status == 0)
            #expect(try await fresh.run(["migrate"]).stdout == "The database is up to date.\n")
            #expect(try await fresh.run(["user", "add", "alice"]).status == 0)
        }
    }

    func serve(
        _ sandbox: Sandbox, port: Int, hostname: String = "127.0.0.1", legacyUser: String? = nil,
        legacyAuth: String? = nil
    ) throws -> ChildProcess {
        var server = sandbox.server
        server.environment["TODO_LEGACY_USER"] = legacyUser
        server.environment["TODO_LEGACY_AUTH"] = legacyAuth
        return try sandbox.start(["serve", "--hostname", hostname, "--port", "\(port)"], server: server)
    }

    /// The user alice and a token of hers, and a server started and answering: its port and
    /// the header with her token.
    func serveAlice(_ sandbox: Sandbox) async throws -> (port: Int, auth: [UInt8]) {
        #expect(try await sandbox.server.run(["user", "add", "alice"]).status == 0)
        let token = try await sandbox.server.run(["token", "add", "alice"]).stdout.trimmingCharacters(in: .newlines)
        let port = try freePort()
        _ = try await waitForHealth(sandbox, port: port, process: try serve(sandbox, port: port))
        return (port, RawHTTP.header("Authorization: Bearer \(token)"))
    }

    func waitForHealth(_ sandbox: Sandbox, port: Int, process: ChildProcess) async throws -> RawHTTP.Response {
        var health: RawHTTP.Response?
        let answered = try await eventually(within: 60, every: .milliseconds(100)) {
            #expect(process.isRunning, "server exited early: \(sandbox.log())")
            guard process.isRunning else { throw TestFailure("server exited") }
            health = try? await RawHTTP.request(port: port, method: "GET", path: "/health")
            return health?.status == 200
        }
        guard answered, let health else {
            throw TestFailure("server did not answer /health within 60s: \(sandbox.log())")
        }
        return health
    }

    /// Issue 39: run as any user but root, the server reset every connection (it set
    /// SO_DEBUG, which only root may, where TCP_NODELAY was meant). As deployed: unprivileged.
    @Test func servesAsAnUnprivilegedUser() async throws {
        try await withExecutable { sandbox in
            let (port, auth) = try await serveAlice(sandbox)
            let pid = try #require(sandbox.running?.processIdentifier)
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let uids = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(
                whereSeparator: \.isWhitespace
            ).dropFirst()
            #expect(uids?.allSatisfy { $0 != "0" } == true, "the server runs as root: \(uids ?? [])")
            let changes = try await RawHTTP.request(
                port: port, method: "GET", path: "/v1/changes?since=0", headers: [auth])
            #expect(changes?.status == 200, "\(changes?.text ?? "no answer")")
        }
    }

    @Test func refusesToListenBeyondLoopbackWithoutUsers() async throws {
        try await withExecutable { sandbox in
            let port = try freePort()
            let process = try serve(sandbox, port: port, hostname: "0.0.0.0")
            #expect(await process.exited(within: 60), "serve should have exited")
            #expect(process.terminationStatus != 0)
            #expect(sandbox.log().contains("refusing to listen on 0.0.0.0"), "\(sandbox.log())")

            #expect(try await sandbox.server.run(["user", "add", "alice"]).status == 0)
            let ghost = try serve(sandbox, port: port, legacyUser: "ghost")
            #expect(await ghost.exited(within: 60), "serve should have exited")
            #expect(ghost.terminationStatus != 0)
            #expect(sandbox.log().contains("TODO_LEGACY_USER=ghost names no user"), "\(sandbox.log())")
        }
    }

    /// Issue 15: the legacy routes have no token by default, so they never listen beyond
    /// loopback unless a token is required.
    @Test func refusesTheLegacyRoutesBeyondLoopbackUnlessATokenIsRequired() async throws {
        try await withExecutable { sandbox in
            #expect(try await sandbox.server.run(["user", "add", "book"]).status == 0)
            let port = try freePort()
            let open = try serve(sandbox, port: port, hostname: "0.0.0.0", legacyUser: "book")
            #expect(await open.exited(within: 60), "serve should have exited")
            #expect(open.terminationStatus != 0)
            #expect(
                sandbox.log().contains("refusing to listen on 0.0.0.0 with the legacy routes on"), "\(sandbox.log())")

            let typo = try serve(sandbox, port: port, hostname: "0.0.0.0", legacyUser: "book", legacyAuth: "tokens")
            #expect(await typo.exited(within: 60), "serve should have exited")
            #expect(typo.terminationStatus != 0)
            #expect(sandbox.log().contains("TODO_LEGACY_AUTH=tokens: expected loopback or token"), "\(sandbox.log())")

            let guarded = try serve(sandbox, port: port, hostname: "0.0.0.0", legacyUser: "book", legacyAuth: "token")
            _ = try await waitForHealth(sandbox, port: port, process: guarded)
            let anonymous = try await RawHTTP.request(port: port, method: "GET", path: "/todos")
            #expect(anonymous?.status == 401)
        }
    }

    /// Issue 15: the database is the server's user's alone, and another program holding its
    /// lock (a backup, a sqlite3 shell) gets pushes a 503 within the busy timeout, not a hang.
    @Test func theDatabaseIsPrivateAndALockGivesA503() async throws {
        try await withExecutable { sandbox in
            #expect(try await sandbox.server.run(["user", "add", "alice"]).status == 0)
            let token = try await sandbox.server.run(["token", "add", "alice"]).stdout.trimmingCharacters(in: .newlines)
            let database = sandbox.directory.appendingPathComponent("data.sqlite").path
            let port = try freePort()
            let process = try serve(sandbox, port: port)
            _ = try await waitForHealth(sandbox, port: port, process: process)
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
                let mode =
                    try FileManager.default.attributesOfItem(atPath: database + suffix)[.posixPermissions] as? Int
                #expect(mode == 0o600, "data.sqlite\(suffix)")
            }
            // A use now, so the lock below meets the push alone (a token's last use is written
            // at most once a minute).
            let auth = RawHTTP.header("Authorization: Bearer \(token)")
            #expect(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth])?.status
                    == 200)
            let shell = try SQLiteShell(database: database)
            defer { shell.close() }
            try await shell.run("PRAGMA journal_mode;", until: "wal")
            try await shell.run("BEGIN EXCLUSIVE; SELECT 'holding';", until: "holding")
            let push = #"{"operations":[]}"#
            let locked = try #require(
                try await RawHTTP.request(port: port, method: "POST", path: "/v1/push", headers: [auth], body: push))
            #expect(locked.status == 503, "\(locked.text)")
            #expect(locked.text.contains("the database is locked by another program"), "\(locked.text)")
            #expect(locked.header("Retry-After") == "5")
            try await shell.run("ROLLBACK; SELECT 'released';", until: "released")
            let after = try #require(
                try await RawHTTP.request(port: port, method: "POST", path: "/v1/push", headers: [auth], body: push))
            #expect(after.status == 200, "\(after.text)")
        }
    }

    /// Issue 15: `backup` copies the database while the server runs; a second server started
    /// on the copy (as DEPLOY.md restores one) serves the same changes.
    @Test func backupWhileServingAndRestore() async throws {
        try await withExecutable { sandbox in
            let (port, auth) = try await serveAlice(sandbox)
            let body =
                #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"#
                + #""todo":{"name":"backed up","description":"","notes":"","completed":false,"#
                + #""createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}"#
            #expect(
                try await RawHTTP.request(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)?
                    .status == 200)
            let feed = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth]))

            let copy = sandbox.directory.appendingPathComponent("backup.sqlite").path
            let backup = try await sandbox.server.run(["backup", copy])
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(
                backup.stdout.hasPrefix(
                    "Copied \(sandbox.directory.appendingPathComponent("data.sqlite").path) to \(copy) ("),
                "\(backup.stdout)")
            #expect((try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int) == 0o600)
            let again = try await sandbox.server.run(["backup", copy])
            #expect(again.status == 1)
            #expect(again.stderr.contains("\(copy) already exists: name a new file"), "\(again.stderr)")
            let missing = try await sandbox.server.run([
                "backup", sandbox.directory.appendingPathComponent("no/such/dir/b.sqlite").path
            ])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("cannot write"), "\(missing.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter {
                    $0.contains("partial")
                } == [])

            var restored = sandbox.server
            restored.environment["TODO_SERVER_DB"] = copy
            #expect(try await restored.run(["migrate"]).stdout == "The database is up to date.\n")
            let second = try freePort()
            let process = try sandbox.start(
                ["serve", "--hostname", "127.0.0.1", "--port", "\(second)"], server: restored, log: "restored.log")
            _ = try await waitForHealth(sandbox, port: second, process: process)
            let restoredFeed = try #require(
                try await RawHTTP.request(port: second, method: "GET", path: "/v1/changes", headers: [auth]))
            #expect(restoredFeed.status == 200, "\(restoredFeed.text)")
            let before = try WireJSON.decoder.decode(ChangesResponse.self, from: feed.body)
            let after = try WireJSON.decoder.decode(ChangesResponse.self, from: restoredFeed.body)
            #expect(after.changes == before.changes)
            #expect(before.changes.first?.todo?.name == "backed up")
            // A new dataset id: devices that synced past the backup start again with it.
            #expect(after.datasetId != before.datasetId)
            #expect(restoredFeed.header("X-Todo-Dataset") == after.datasetId.uuidString)

            var postgres = sandbox.server
            postgres.environment["DATABASE_URL"] = "postgres://todo@127.0.0.1:1/todo"
            let refused = try await postgres.run(["backup", sandbox.directory.appendingPathComponent("pg.sqlite").path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("for PostgreSQL use pg_dump"), "\(refused.stderr)")
        }
    }

    /// Issue 39: `copy-database` copies a server's database into the one the environment
    /// names; a server on the copy answers a device as the first did, with the same dataset id.
    @Test func copyDatabaseIntoAnotherDatabase() async throws {
        try await withExecutable { sandbox in
            let (port, auth) = try await serveAlice(sandbox)
            let body =
                #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"#
                + #""todo":{"name":"moved","description":"","notes":"","completed":false,"#
                + #""createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}"#
            #expect(
                try await RawHTTP.request(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)?
                    .status == 200)
            let feed = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth]))

            let source = sandbox.directory.appendingPathComponent("data.sqlite").path
            let target = sandbox.directory.appendingPathComponent("copy.sqlite").path
            var copy = sandbox.server
            copy.environment["TODO_SERVER_DB"] = target
            let copied = try await copy.run(["copy-database", "--from", source])
            #expect(copied.status == 0, "\(copied.stderr)")
            #expect(copied.stdout.hasPrefix("Copied 4 rows from \(source) to \(target) in "), "\(copied.stdout)")
            #expect(copied.stdout.contains(", users 1, ") && copied.stdout.contains(", todos 1, "), "\(copied.stdout)")
            #expect(copied.stderr.contains("copy-database: users: 1 row\n"), "\(copied.stderr)")

            let second = try freePort()
            let process = try sandbox.start(
                ["serve", "--hostname", "127.0.0.1", "--port", "\(second)"], server: copy, log: "copy.log")
            _ = try await waitForHealth(sandbox, port: second, process: process)
            let copiedFeed = try #require(
                try await RawHTTP.request(port: second, method: "GET", path: "/v1/changes", headers: [auth]))
            #expect(copiedFeed.status == 200, "\(copiedFeed.text)")
            #expect(copiedFeed.text == feed.text)

            let again = try await copy.run(["copy-database", "--from", source])
            #expect(again.status == 1)
            #expect(
                again.stderr
                    == """
                    todo-server: error: \(target) already holds the dataset of \(source) (it is that database, or a \
                    copy of it)\n
                    """
            )
            let unnamed = try await copy.run(["copy-database"])
            #expect(unnamed.status == 1)
            #expect(unnamed.stderr.contains("name the database to copy"), "\(unnamed.stderr)")
        }
    }

    /// Issue 15: `prune` removes tombstones and operation results past its horizon.
    @Test func pruneCommand() async throws {
        try await withExecutable { sandbox in
            let (port, auth) = try await serveAlice(sandbox)
            let uuid = UUID()
            for operation in [
                #""kind":"put","baseRev":0,"todo":{"name":"x","description":"","notes":"","completed":false,"#
                    + #""createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}"#,
                #""kind":"delete","baseRev":1"#
            ] {
                let body = #"{"operations":[{"opId":"\#(UUID())","uuid":"\#(uuid)",\#(operation)}]}"#
                #expect(
                    try await RawHTTP.request(
                        port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)?.status == 200)
            }
            #expect(
                try await sandbox.server.run(["prune"]).stdout
                    == "Pruned 0 tombstones, 0 operation results and 0 Taskwarrior versions older than 90 days.\n")
            let pruned = try await sandbox.server.run(["prune", "--older-than", "0"])
            #expect(
                pruned.stdout
                    == "Pruned 1 tombstones, 1 operation results and 0 Taskwarrior versions older than 0 days.\n",
                "\(pruned.stderr)")
            #expect(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes?since=1", headers: [auth])?
                    .status == 410)
            let bad = try await sandbox.server.run(["prune", "--older-than", "soon"])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("older-than"), "\(bad.stderr)")
        }
    }

    /// Issue 15: a user can be disabled (403, data kept) and deleted with their data.
    @Test func usersCanBeDisabledAndDeleted() async throws {
        try await withExecutable { sandbox in
            let (port, auth) = try await serveAlice(sandbox)
            func push(_ name: String) async throws -> RawHTTP.Response {
                let body =
                    #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"#
                    + #""todo":{"name":"\#(name)","description":"","notes":"","completed":false,"#
                    + #""createdAt":"2026-11-21T01:33:29.123Z","updatedAt":"2026-11-21T01:33:29.123Z"}}]}"#
                return try #require(
                    try await RawHTTP.request(port: port, method: "POST", path: "/v1/push", headers: [auth], body: body)
                )
            }
            #expect(try await push("kept").status == 200)
            #expect(try await sandbox.server.run(["user", "disable", "alice"]).stdout == "Disabled user alice.\n")
            #expect(try await sandbox.server.run(["user", "list"]).stdout.contains("alice\trev 1\tdisabled"))
            let refused = try await push("refused")
            #expect(refused.status == 403, "\(refused.text)")
            #expect(refused.text.contains("this account is disabled"), "\(refused.text)")
            #expect(try await sandbox.server.run(["user", "enable", "alice"]).status == 0)
            let feed = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
            #expect(feed.text.contains("kept") && !feed.text.contains("refused"), "\(feed.text)")

            let unsure = try await sandbox.server.run(["user", "delete", "alice"])
            #expect(unsure.status != 0)
            #expect(
                unsure.stderr.contains("this deletes alice and their 1 todos for good; add --yes"), "\(unsure.stderr)")
            #expect(
                try await sandbox.server.run(["user", "delete", "alice", "--yes"]).stdout
                    == "Deleted user alice and their 1 todos.\n")
            #expect(try await push("after").status == 401)
            #expect(try await sandbox.server.run(["user", "list"]).stdout == "")
            #expect(try await sandbox.server.run(["user", "disable", "alice"]).status != 0)
            let rows = try await ChildProcess.output(
                "/usr/bin/sqlite3",
                [
                    sandbox.directory.appendingPathComponent("data.sqlite").path,
                    "SELECT COUNT(*) FROM todos; SELECT COUNT(*) FROM tokens; SELECT COUNT(*) FROM operations;"
                ])
            #expect(rows == "0\n0\n0\n")
        }
    }

    @Test func commandsAndDurabilityAcrossKillDashNine() async throws {
        try await withExecutable { sandbox in
            // Users and tokens.
            #expect(try await sandbox.server.run(["user", "add", "alice"]).status == 0)
            let again = try await sandbox.server.run(["user", "add", "alice"])
            #expect(again.status != 0)
            #expect(again.stderr.contains("already exists"), "\(again.stderr)")
            #expect(try await sandbox.server.run(["user", "add", "bad name"]).status != 0)
            #expect(try await sandbox.server.run(["token", "add", "nobody"]).status != 0)
            let added = try await sandbox.server.run(["token", "add", "alice"])
            #expect(added.status == 0, "\(added.stderr)")
            let token = added.stdout.trimmingCharacters(in: .newlines)
            #expect(added.stdout == token + "\n", "stdout holds the token alone")
            #expect(token.hasPrefix("todo_"), "\(added.stdout)")
            #expect(token.count == 48)
            #expect(!added.stderr.contains(token))
            #expect(try await sandbox.server.run(["user", "add", "book"]).status == 0)

            // Write through both APIs.
            let port = try freePort()
            var process = try serve(sandbox, port: port, legacyUser: "book")
            let health = try await waitForHealth(sandbox, port: port, process: process)
            let dataset = try #require(health.header("X-Todo-Dataset"))
            let uuid = UUID()
            let op = PushOperation(
                opId: UUID(), kind: .put, uuid: uuid, baseRev: 0,
                todo: TodoFields(
                    name: "survive kill -9", createdAt: Date(), updatedAt: Date()))
            let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
            let bearer = RawHTTP.header("Authorization: Bearer \(token)")
            let pushed = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: "/v1/push",
                    headers: [bearer, RawHTTP.header("Content-Type: application/json")], body: body))
            #expect(pushed.status == 200, "\(pushed.text)")
            let pushResponse = try WireJSON.decoder.decode(PushResponse.self, from: pushed.body)
            #expect(pushResponse.results.first?.status == .applied)

            // The book's curl, byte for byte.
            let book = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: "/postTodo/",
                    headers: [
                        "Cookie: test=123", "id: 3", "notes: do not forget to buy potato chips",
                        "Content-Type: application/json", "description: Our first todo item",
                        "completed: false", "name: todo 1"
                    ].map(RawHTTP.header),
                    body: "{}"))
            #expect(book.status == 200, "\(book.text)")
            #expect(book.text.contains(#""name":"todo 1""#), "\(book.text)")

            // Latin-1 bytes in a header: a clear 400, and the server carries on.
            let latin1 = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: "/postTodo",
                    headers: [RawHTTP.header("id: 9"), RawHTTP.header("name: caf") + [0xE9]], body: "{}"))
            #expect(latin1.status == 400, "\(latin1.text)")
            let utf8 = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: "/postTodo",
                    headers: [RawHTTP.header("id: 10"), RawHTTP.header("name: café ☕")], body: "{}"))
            #expect(utf8.status == 200, "\(utf8.text)")
            #expect(utf8.text.contains("café ☕"), "\(utf8.text)")

            // The book's updateTodo curl has "completed : yes", which HTTP forbids (space before the
            // colon): the HTTP parser refuses it with a 400 before any handler runs; nothing
            // changes and the server carries on.
            let update = try await RawHTTP.request(
                port: port, method: "POST", path: "/updateTodo",
                headers: [
                    "Cookie: test=123", "id: 3", "notes: new note", "name: updated name",
                    "description: updated description", "completed : yes"
                ].map(RawHTTP.header))
            #expect(update?.status == 400, "\(String(describing: update?.head))")
            let stillThere = try #require(
                try await RawHTTP.request(
                    port: port, method: "GET", path: "/todo", headers: ["id: 3"].map(RawHTTP.header)))
            #expect(stillThere.text.contains("Our first todo item"), "\(stillThere.text)")

            // kill -9, start again, read everything back.
            kill(process.processIdentifier, SIGKILL)
            #expect(await process.exited(within: 10))
            process = try serve(sandbox, port: port, legacyUser: "book")
            let restarted = try await waitForHealth(sandbox, port: port, process: process)
            #expect(restarted.header("X-Todo-Dataset") == dataset)
            let feed = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes?since=0", headers: [bearer]))
            #expect(feed.status == 200, "\(feed.text)")
            let changes = try WireJSON.decoder.decode(ChangesResponse.self, from: feed.body)
            #expect(changes.datasetId.uuidString == dataset)
            #expect(changes.changes.map(\.uuid) == [uuid])
            #expect(changes.changes.first?.todo?.name == "survive kill -9")
            let legacy = try #require(try await RawHTTP.request(port: port, method: "GET", path: "/todos"))
            #expect(legacy.text.contains("do not forget to buy potato chips"), "\(legacy.text)")
            #expect(legacy.text.contains("café ☕"), "\(legacy.text)")
            #expect(!legacy.text.contains(#""id":9"#), "\(legacy.text)")

            // Revoking the token (by its value) locks it out of the running server.
            let revoked = try await sandbox.server.run(["token", "revoke", token])
            #expect(revoked.status == 0, "\(revoked.stderr)")
            let refused = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [bearer]))
            #expect(refused.status == 401)
            #expect(refused.text.contains(#""error":true"#), "\(refused.text)")

            // One line per request in the log, and never the token.
            kill(process.processIdentifier, SIGTERM)
            #expect(await process.exited(within: 30))
            let lines = sandbox.log()
            #expect(!lines.contains(token))
            #expect(lines.contains("POST /v1/push 200"), "\(lines)")
            #expect(lines.contains("GET /v1/changes 401"), "\(lines)")
        }
    }

    /// TODO_SERVER_HEADER_TIMEOUT and TODO_SERVER_IDLE_TIMEOUT reach the server; a value that is
    /// not a number of seconds stops every command with a message naming it.
    @Test func connectionTimeoutsComeFromTheEnvironment() async throws {
        try await withExecutable { sandbox in
            sandbox.server.environment["TODO_SERVER_HEADER_TIMEOUT"] = "1"
            sandbox.server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "1.5"
            let port = try freePort()
            let process = try serve(sandbox, port: port)
            _ = try await waitForHealth(sandbox, port: port, process: process)
            let partial = try TestSocket(port: port)
            try await partial.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let silent = try TestSocket(port: port)
            let deadline = Date().addingTimeInterval(60)
            #expect(await partial.readUntilClosed(within: deadline.timeIntervalSinceNow).closed == .eof)
            #expect(await silent.readUntilClosed(within: deadline.timeIntervalSinceNow).closed == .eof)
            #expect(try await RawHTTP.request(port: port, method: "GET", path: "/health")?.status == 200)
            kill(process.processIdentifier, SIGTERM)
            #expect(await process.exited(within: 30))
            #expect(sandbox.log().contains("request head incomplete for 1s"), "\(sandbox.log())")
            #expect(sandbox.log().contains("idle for 1.5s"), "\(sandbox.log())")

            sandbox.server.environment["TODO_SERVER_IDLE_TIMEOUT"] = "soon"
            let refused = try await sandbox.server.run(["user", "list"])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("TODO_SERVER_IDLE_TIMEOUT"), "\(refused.stderr)")
        }
    }

    /// Only migrate creates the database: help, every other command, and the data commands
    /// refusing a database not there yet, leave the working sandbox.directory as it was.
    @Test func onlyDataCommandsCreateTheDatabase() async throws {
        try await withExecutable { sandbox in
            let workingDirectory = sandbox.directory.appendingPathComponent("cwd")
            try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
            var environment = sandbox.server.environment
            environment["TODO_SERVER_DB"] = nil
            let inWorkingDirectory = RealServer(
                executable: sandbox.server.executable, directory: workingDirectory, environment: environment)
            func files() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: workingDirectory.path).sorted()
            }

            let help = try await inWorkingDirectory.run(["--help"])
            #expect(help.status == 0, "\(help.stderr)")
            #expect(help.stdout.contains("serve") && help.stdout.contains("token"), "\(help.stdout)")
            #expect(try files() == [], "--help created a file")
            for arguments in [
                ["-h"], ["serve", "--help"], ["user", "--help"], ["user", "add", "--help"],
                ["token", "list", "-h"], ["routes"], ["no-such-command"], ["user", "list"], ["serve"]
            ] {
                let output = try await inWorkingDirectory.run(arguments)
                #expect(try files() == [], "\(arguments) created a file; stderr: \(output.stderr)")
            }
            let refused = try await inWorkingDirectory.run(["user", "list"])
            #expect(refused.status != 0)
            #expect(
                refused.stderr.contains("no database at todo-server.sqlite yet: run todo-server migrate first"),
                "\(refused.stderr)")

            // The check above can see a file appear: migrate creates it.
            #expect(try await inWorkingDirectory.run(["migrate"]).status == 0)
            #expect(try files() == ["todo-server.sqlite"])
            let list = try await inWorkingDirectory.run(["user", "list"])
            #expect(list.status == 0, "\(list.stderr)")
        }
    }

    /// Issue 15: a token names its device, may expire, and shows when it was last used.
    @Test func tokensHaveADeviceAnExpiryAndALastUse() async throws {
        try await withExecutable { sandbox in
            #expect(try await sandbox.server.run(["user", "add", "dana"]).status == 0)
            let added = try await sandbox.server.run([
                "token", "add", "dana", "--device", "work laptop", "--expires", "30"
            ])
            #expect(added.status == 0, "\(added.stderr)")
            let token = added.stdout.trimmingCharacters(in: .newlines)
            var listed = try await sandbox.server.run(["token", "list", "dana"]).stdout
            #expect(listed.contains("\twork laptop\t") && listed.contains("\tused never\tactive"), "\(listed)")
            #expect(!listed.contains("expires never"), "\(listed)")
            for bad in [["--expires", "0"], ["--expires", "soon"], ["--device", ""]] {
                let refused = try await sandbox.server.run(["token", "add", "dana"] + bad)
                #expect(refused.status != 0, "\(bad)")
                #expect(refused.stdout.isEmpty, "no token printed for \(bad)")
            }

            let port = try freePort()
            _ = try await waitForHealth(sandbox, port: port, process: try serve(sandbox, port: port))
            let auth = RawHTTP.header("Authorization: Bearer \(token)")
            let used = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
            #expect(used.status == 200, "\(used.text)")
            listed = try await sandbox.server.run(["token", "list", "dana"]).stdout
            #expect(!listed.contains("used never"), "\(listed)")

            let database = sandbox.directory.appendingPathComponent("data.sqlite").path
            _ = try await ChildProcess.output("/usr/bin/sqlite3", [database, "UPDATE tokens SET expires_at_ms = 1"])
            let expired = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/changes", headers: [auth]))
            #expect(expired.status == 401, "\(expired.text)")
            #expect(expired.text.contains("this token has expired"), "\(expired.text)")
            #expect(try await sandbox.server.run(["token", "list", "dana"]).stdout.contains("\texpired"))
        }
    }

    @Test func tokenRevokeByIdAndTokenList() async throws {
        try await withExecutable { sandbox in
            #expect(try await sandbox.server.run(["user", "add", "carol"]).status == 0)
            let added = try await sandbox.server.run(["token", "add", "carol"])
            let id = try #require(added.stderr.split(separator: " ").dropFirst().first.map(String.init))
            #expect(UUID(uuidString: id) != nil, "\(added.stdout)")
            let listed = try await sandbox.server.run(["token", "list", "carol"])
            #expect(listed.stdout.contains("\(id)") && listed.stdout.contains("active"), "\(listed.stdout)")
            #expect(try await sandbox.server.run(["token", "revoke", id]).status == 0)
            #expect(try await sandbox.server.run(["token", "list", "carol"]).stdout.contains("revoked"))
            #expect(try await sandbox.server.run(["token", "revoke", "todo_unknown"]).status != 0)
        }
    }
}

/// The sqlite3 shell on a database, fed statements one batch at a time.
final class SQLiteShell: @unchecked Sendable {
    private let process: ChildProcess
    private let input = Pipe()
    private let output = Pipe()
    private var seen = ""

    init(database: String) throws {
        process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [database],
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: ProcessInfo.processInfo.environment, input: input.fileHandleForReading.fileDescriptor,
            output: output.fileHandleForWriting.fileDescriptor, error: output.fileHandleForWriting.fileDescriptor)
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
    }

    /// Sends `statements` and waits until the shell prints `marker`.
    func run(_ statements: String, until marker: String) async throws {
        try await offThePool { try self.runNow(statements, until: marker) }
    }

    private func runNow(_ statements: String, until marker: String) throws {
        input.fileHandleForWriting.write(Data((statements + "\n").utf8))
        while !seen.contains(marker) {
            guard let chunk = readSome(output.fileHandleForReading), !chunk.isEmpty else {
                throw TestFailure("sqlite3 ended before printing \(marker): \(seen)")
            }
            seen += String(decoding: chunk, as: UTF8.self)
            // sqlite3 goes on after an error, so its marker may never come.
            if seen.contains("Error") { throw TestFailure("sqlite3: \(seen)") }
        }
        seen = ""
    }

    /// Ends its input, and so the shell.
    func close() {
        try? input.fileHandleForWriting.close()
    }
}
