#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `todo sync` between state files through the real `todo-server`.
@Suite(.serialized) struct SyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    @Test func everyLocalCommandReachesTheOtherDeviceBothWays() throws {
        try a.run("add", "milk", "--notes", "2 l", server: server)
        try a.run("add", "bread", server: server)
        try a.run("add", "eggs", server: server)
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 0, pushed 3, 0 conflicts.\n")
        #expect(try b.sync(server).stdout == "Synced with \(server.url): pulled 3, pushed 0, 0 conflicts.\n")
        #expect(try b.contents() == a.contents())
        let bread = try #require(
            try b.run("list", "--json", server: server).stdout.components(separatedBy: "\n").first {
                $0.contains("bread")
            })
        #expect(bread.contains("\"synced\": true"))
        try b.run("edit", "2", "--name", "rye bread", server: server)
        try b.run("toggle", "1", server: server)
        try b.run("delete", "3", server: server)
        try syncAll([b, a], times: 1)
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().count == 2)
        try a.run("clear-completed", server: server)
        try a.run("undo", server: server)
        try a.run("clear-completed", server: server)
        try syncAll([a, b], times: 1)
        #expect(try b.contents().values.sorted() == ["rye bread|||false"])
        #expect(try b.run("list", "--filter", "unsynced", server: server).stdout == "")
    }

    /// Issue 40: an attribute travels with the todos. A device that pulls a todo carrying one
    /// it has not declared declares it, so that its words are read as that attribute there too.
    @Test func attributeDeclarationsTravelWithTheTodos() throws {
        try a.run("config", "uda.client.type", "string", server: server)
        try a.run("add", "call", "back", "client:acme", server: server)
        try a.sync(server)
        let elsewhere = ["XDG_CONFIG_HOME": box.directory + "/b-config"]
        #expect(
            try b.run("sync", server: server, environment: elsewhere)
                == RunResult(
                    stdout: "Synced with \(server.url): pulled 1, pushed 0, 0 conflicts.\n",
                    stderr:
                        """
                        note: kept user-defined attribute 'client' on 1 todo, declared as string ('todo config \
                        uda.client.type TYPE' changes it)\n
                        """,
                    status: 0))
        #expect(try b.run("list", "client:acme", "--ids", server: server, environment: elsewhere).stdout == "1\n")
        #expect(try b.run("sync", server: server, environment: elsewhere).stderr == "")
    }

    /// Issue 41: changes that arrive by sync run no on-add or on-modify hook (as Taskwarrior's
    /// sync runs none); on-launch runs around sync itself, once, in todo-sync.
    @Test func syncRunsNoChangeHooks() throws {
        try a.run("add", "milk", server: server)
        try a.run("add", "bread", server: server)
        try a.sync(server)
        let log = box.directory + "/launch.log"
        try box.addHook("on-add-reject", "#!/bin/sh\necho refused\nexit 1\n")
        try box.addHook("on-modify-reject", "#!/bin/sh\necho refused\nexit 1\n")
        try box.addHook("on-launch.log", "#!/bin/sh\necho launched >> \(log)\n")
        #expect(try b.sync(server).stdout == "Synced with \(server.url): pulled 2, pushed 0, 0 conflicts.\n")
        try a.run("done", "1", server: server, environment: ["TODO_HOOKS": "off"])
        try a.sync(server)
        #expect(try b.sync(server).stdout == "Synced with \(server.url): pulled 1, pushed 0, 0 conflicts.\n")
        #expect(try b.contents() == a.contents())
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "launched\nlaunched\nlaunched\n")
        #expect(try a.run("done", "2", server: server).status == 1)
    }

    /// Issue 13: after a push the feed holds only this device's own changes, so the cursor
    /// moves past them and the next sync downloads nothing; a change from another device in
    /// between keeps the cursor where it was, and that change is pulled.
    @Test func aPushIsNotDownloadedAgain() throws {
        for name in ["one", "two", "three"] { try a.run("add", name, server: server) }
        try a.sync(server)
        #expect(try TodoStoreAccess.load(a.file).sync.cursor == 3)
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 0, pushed 0, 0 conflicts.\n")
        try b.sync(server)
        try b.run("add", "from b", server: server)
        try b.sync(server)
        try a.run("toggle", "1", server: server)
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 1, pushed 1, 0 conflicts.\n")
        #expect(try TodoStoreAccess.load(a.file).sync.cursor == 5)
        #expect(try a.contents() == b.contents().merging(try a.contents()) { _, mine in mine })
    }

    /// Issue 13: a delete sent, then undone here and synced again, is this device's doing:
    /// no "deleted on another device", and the todo comes back everywhere.
    @Test func undoingASyncedDeleteIsNoConflict() throws {
        try a.run("add", "keep me", server: server)
        try a.run("add", "other", server: server)
        try syncAll([a, b], times: 1)
        try a.run("delete", "1", server: server)
        try a.sync(server)
        try b.sync(server)
        #expect(try b.contents().values.sorted() == ["other|||false"])
        #expect(try a.run("undo", server: server).stdout == "Undid: delete #1 \"keep me\"\n")
        let first = try a.sync(server).stdout
        let second = try a.sync(server).stdout
        #expect(first.hasSuffix("0 conflicts.\n"), "\(first)")
        #expect(second.hasSuffix("0 conflicts.\n"), "\(second)")
        #expect(!first.contains("deleted") && !second.contains("deleted"))
        #expect(try a.run("show", "1", server: server).stdout.contains("Conflict") == false)
        try syncAll([b, a])
        #expect(try b.contents() == a.contents())
        #expect(try b.contents().values.sorted() == ["keep me|||false", "other|||false"])
    }

    @Test func editsToDifferentFieldsAreBothKept() throws {
        try a.run("add", "report", server: server)
        try syncAll([a, b], times: 1)
        try a.run("edit", "1", "--notes", "from a", server: server)
        try b.run("edit", "1", "--description", "from b", server: server)
        try b.run("toggle", "1", server: server)
        try syncAll([a, b])
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().values.first == "report|from b|from a|true")
        #expect(try b.run("show", "1", server: server).stdout.contains("Conflict") == false)
    }

    /// Another device's edit of other fields must not erase the attributes, nor report a
    /// conflict about them.
    @Test func attributesSurviveEditsFromAnotherDevice() throws {
        try a.run("add", "report", "+work", "project:office", "pri:H", "due:2026-12-01", server: server)
        try syncAll([a, b], times: 1)
        #expect(try TodoStoreAccess.load(b.file).todos.first?.project == "office")
        try b.run("edit", "1", "--notes", "from b", server: server)
        try syncAll([b, a])
        let todo = try #require(try TodoStoreAccess.load(a.file).todos.first)
        #expect(todo.notes == "from b")
        #expect((todo.tags, todo.project, todo.priority, todo.due?.wire) == (["work"], "office", .high, "2026-12-01"))
        #expect(todo.conflicts.isEmpty)
        try a.run("edit", "1", "+more", server: server)
        #expect(try a.sync(server).stdout.hasSuffix("0 conflicts.\n"))
        #expect(try TodoStoreAccess.load(a.file).todos.first?.tags == ["more", "work"])
    }

    @Test func theSameFieldResolvesTheSameEverywhereAndTheLoserIsKept() throws {
        try a.run("add", "report", server: server)
        try syncAll([a, b], times: 1)
        try a.run("edit", "1", "--name", "name from a", server: server)
        try b.run("edit", "1", "--name", "name from b", server: server)
        try a.sync(server)
        let reported = try b.sync(server)
        #expect(reported.stdout.contains("1 conflict."))
        #expect(
            reported.stdout.contains(
                "#1 \"name from a\": name kept \"name from a\" from the server; yours was \"name from b\""))
        try syncAll([a, b])
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().values.first == "name from a|||false")
        let shown = try b.run("show", "1", server: server).stdout
        #expect(shown.contains("Conflict:     name: kept \"name from a\"; lost \"name from b\""))
        #expect(try b.run("list", server: server).stdout == "1 [ ] ! name from a\n")
        let json = try b.run("show", "1", "--json", server: server).stdout
        #expect(json.contains("\"conflicts\": [{\"field\": \"name\", \"lost\": \"name from b\""))
        try b.run("edit", "1", "--notes", "seen", server: server)
        #expect(try b.run("show", "1", server: server).stdout.contains("Conflict") == false)
    }

    @Test(arguments: [true, false])
    func deleteAgainstEditKeepsTheEditInBothOrders(deleterFirst: Bool) throws {
        try a.run("add", "contested", server: server)
        try syncAll([a, b], times: 1)
        try a.run("delete", "1", server: server)
        try b.run("edit", "1", "--notes", "still needed", server: server)
        if deleterFirst { try syncAll([a, b]) } else { try syncAll([b, a]) }
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().values.sorted() == ["contested||still needed|false"])
        let onA = try a.run("list", server: server).stdout
        #expect(onA.hasSuffix("contested\n"))
        // The device that learns its change lost records it: the deleter when the edit
        // reached the server first, the editor when the delete did.
        let (reporter, note) =
            deleterFirst
            ? (b, "Conflict:     deleted on another device; the copy edited here was kept")
            : (a, "Conflict:     deleted on this device; edited on another device was kept")
        let id = try TodoStoreAccess.load(reporter.file).todos[0].id
        #expect(try reporter.run("show", String(id), server: server).stdout.contains(note))
    }

    /// Issue 42 (tombstones that carry their content): `a` edits a todo and then deletes it
    /// while `b` edits it too. In both orders the todo survives on every device with both
    /// devices' changes: the deleter's last changes travel with its delete (in the tombstone,
    /// or merged when its delete loses), and `show` names both sides.
    @Test(arguments: [true, false])
    func aCopyKeptOverADeleteHasTheDeletersLastChanges(deleterFirst: Bool) throws {
        try a.run("add", "contested", server: server)
        try syncAll([a, b], times: 1)
        try a.run("edit", "1", "-d", "from the deleter", server: server)
        try a.run("delete", "1", server: server)
        try b.run("edit", "1", "--notes", "still needed", server: server)
        if deleterFirst { try syncAll([a, b]) } else { try syncAll([b, a]) }
        #expect(try a.contents() == b.contents())
        #expect(try a.contents().values.sorted() == ["contested|from the deleter|still needed|false"])
        let (reporter, note) =
            deleterFirst
            ? (
                b,
                """
                Conflict:     deleted on another device, whose last changes are merged here; the copy edited here was \
                kept
                """
            )
            : (
                a,
                """
                Conflict:     deleted on this device, whose last changes are merged here; edited on another device was \
                kept
                """
            )
        let id = try TodoStoreAccess.load(reporter.file).todos[0].id
        #expect(try reporter.run("show", String(id), server: server).stdout.contains(note))
    }

    /// Issue 42 (a delete beat an edit): `a` completes a recurring todo and tags the
    /// occurrence that made in one batch (one time for every line); `b` completes it too and
    /// skips the same occurrence (the same UUID everywhere). The tag was made on the copy the
    /// skip was based on, so it wins and the occurrence is kept, tagged, with the lost delete
    /// reported; it used to read as never changed and go silently.
    @Test func anOccurrenceTaggedInTheBatchThatMadeItIsKeptOverASkipElsewhere() throws {
        try a.run("add", "rent", "recur:daily", "due:2026-12-01", server: server)
        try syncAll([a, b])
        try b.run("done", "1", server: server)
        try b.run("delete", "2", server: server)
        let batch = #"{"action": "toggle", "ids": [1]}"# + "\n" + #"{"action": "edit", "id": 2, "tags": ["later"]}"#
        #expect(
            try box.run(["--file", a.file, "batch"], stdin: batch, environment: server.clientEnvironment).status == 0)
        try b.sync(server)
        let merged = try a.sync(server)
        #expect(merged.stdout.contains("the copy edited here was kept"), "\(merged)")
        try syncAll([a, b])
        for device in [a, b] {
            let state = try TodoStoreAccess.load(device.file)
            #expect(state.todos.filter { $0.tags == ["later"] }.map(\.due?.wire) == ["2026-12-02"], "\(device.name)")
        }
        #expect(try a.contents() == b.contents())
    }

    @Test func aKilledSyncResumesWithoutDuplicates() throws {
        for index in 1...600 { try a.run("add", "todo \(index)", server: server) }
        var interrupted = 0
        for delay in [0.05, 0.15, 0.3, 0.6] {
            let process = try ChildProcess(
                Sandbox.binary, ["--file", a.file, "sync"],
                environment: box.baseEnvironment.merging(server.clientEnvironment) { $1 })
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.signal != nil { interrupted += 1 }
            #expect(try TodoStoreAccess.load(a.file).todos.count == 600)
        }
        // Else every sync finished before its kill, and the test proved nothing.
        #expect(interrupted >= 1)
        try syncAll([a, b])
        #expect(try b.contents().count == 600)
        #expect(try b.contents() == a.contents())
        let changes = try server.changes(limit: 1000)
        #expect(changes.components(separatedBy: "\"uuid\"").count - 1 == 600)
    }

    @Test func aReplyLostAfterTheServerCommittedIsNotAppliedTwice() throws {
        let (proxy, proxied) = try startDropProxy(to: server, drops: 1, in: box)
        defer { proxy.terminate() }
        try a.run("add", "once", server: server)
        try a.run("add", "only once", server: server)
        let lost = try a.run("sync", server: server, environment: ["TODO_SERVER": proxied])
        #expect(lost.status == 3)
        #expect(try TodoStoreAccess.load(a.file).sync.outbox.count == 2)
        let retried = try a.run("sync", server: server, environment: ["TODO_SERVER": proxied])
        #expect(retried.status == 0)
        // The replayed answers count as applied: a server ignoring the opIds would answer
        // "conflict" and the count would be 0.
        #expect(retried.stdout.contains("pushed 2"), "\(retried)")
        #expect(try TodoStoreAccess.load(a.file).sync.outbox.isEmpty)
        try syncAll([a, b])
        #expect(try b.contents().values.sorted() == ["once|||false", "only once|||false"])
        let changes = try server.changes()
        #expect(changes.contains("\"nextCursor\":2"))
    }

    @Test func aStoppedServerIsReportedAndSyncResumesWhenItIsBack() throws {
        try a.run("add", "offline work", server: server)
        try a.sync(server)
        try a.run("add", "more offline work", server: server)
        server.stop()
        let before = try #require(FileManager.default.contents(atPath: a.file))
        let failed = try a.run("sync", server: server)
        #expect(failed.status == 3)
        #expect(failed.stdout == "")
        #expect(failed.stderr.hasPrefix("todo: cannot reach \(server.url)"))
        #expect(failed.stderr.split(separator: "\n").count == 1)
        #expect(!failed.stderr.contains(server.token))
        #expect(FileManager.default.contents(atPath: a.file) == before)
        try server.start()
        try syncAll([a, b])
        #expect(try b.contents().count == 2)
    }

    @Test func aWipedServerGetsEverythingAgainAndNothingIsDeletedLocally() throws {
        try a.run("add", "precious", server: server)
        try a.run("add", "also precious", server: server)
        try syncAll([a, b])
        try server.wipe()
        let result = try a.run("sync", server: server)
        #expect(result.status == 0)
        #expect(result.stdout.contains("The server was reset"))
        #expect(result.stdout.contains("pushed 2"))
        try syncAll([a, b])
        #expect(try a.contents().count == 2)
        #expect(try b.contents() == a.contents())
    }

    /// A bad answer is exit 5; a proxy's 502 page for a server that is down is "unavailable,
    /// try again" (exit 3, issue 39). Either way one line, and the state file as it was.
    @Test(arguments: [("html502", Int32(3)), ("truncated", 5), ("wrongshape", 5)])
    func aBadServerIsReportedAndChangesNothing(mode: String, status: Int32) throws {
        try a.run("add", "kept safe", server: server)
        try a.sync(server)
        try a.run("toggle", "1", server: server)
        let portFile = box.directory + "/\(mode).port"
        let fake = try startFixture("fake_server.py", [mode, portFile])
        defer { fake.terminate() }
        let url = "http://127.0.0.1:\(try waitForPort(portFile))"
        let before = try #require(FileManager.default.contents(atPath: a.file))
        let result = try a.run("sync", server: server, environment: ["TODO_SERVER": url])
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.contents(atPath: a.file) == before)
    }

    @Test func authTimeoutsAndConfigurationErrorsHaveTheirOwnStatus() throws {
        try a.run("add", "x", server: server)
        let refused = try a.run("sync", server: server, environment: ["TODO_TOKEN": "wrong"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("refused the token (HTTP 401"))
        #expect(!refused.stderr.contains("wrong"))
        let portFile = box.directory + "/hang.port"
        let hanging = try startFixture("fake_server.py", ["hang", portFile])
        defer { hanging.terminate() }
        let start = Date()
        let slow = try a.run(
            "sync", server: server,
            environment: ["TODO_SERVER": "http://127.0.0.1:\(try waitForPort(portFile))", "TODO_TIMEOUT": "1"])
        #expect(slow.status == 3)
        #expect(slow.stderr.contains("did not answer within 1 s"))
        #expect(Date().timeIntervalSince(start) < 10)
        let unconfigured = try box.run(["--file", a.file, "sync"])
        #expect(
            unconfigured
                == RunResult(
                    stdout: "",
                    stderr: "todo: no server to sync with: set TODO_SERVER or run 'todo config server URL'\n", status: 1
                ))
    }

    @Test func configFileHoldsTheSettingsPrivately() throws {
        #expect(try box.run(["config", "server", server.url]).status == 0)
        #expect(try box.run(["config", "token", "-"], stdin: server.token + "\n").status == 0)
        let path = box.directory + "/.config/todo/config.json"
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let shown = try box.run(["config"])
        #expect(
            shown.stdout.contains(
                "server = \(server.url)\ntoken = (set, \(server.token.count) characters)\ntimeout = (not set)\n"))
        #expect(!shown.stdout.contains(server.token))
        try box.run(["--file", a.file, "add", "configured"])
        #expect(try box.run(["--file", a.file, "sync"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let unsafe = try box.run(["--file", a.file, "sync"])
        #expect(unsafe.status == 1)
        #expect(
            unsafe.stderr
                == "todo: config file \(path) holds a token but others can read it (mode 644); run: chmod 600 \(path)\n"
        )
        #expect(try box.run(["config", "server", "ftp://x"]).status == 2)
        #expect(try box.run(["config", "colour"]).status == 2)
    }

    @Test func dryRunShowsWithoutSendingOrSaving() throws {
        try a.run("add", "one", server: server)
        try a.run("add", "two", server: server)
        let before = try #require(FileManager.default.contents(atPath: a.file))
        #expect(
            try a.run("sync", "--dry-run", server: server).stdout
                == "Would pull 0 and push 2 (dry run: nothing sent or saved).\n")
        #expect(FileManager.default.contents(atPath: a.file) == before)
        #expect(try b.sync(server).stdout.contains("pulled 0"))
        let json = try parseJSON(try a.run("sync", "--json", server: server).stdout) as? [String: Any]
        #expect(json?["pushed"] as? Int == 2)
        #expect(try a.run("sync", "--quiet", server: server).stdout == "")
    }

    /// 150 todos with 60 KB of notes each are 9 MB, more than the server takes in one request
    /// (8 MiB): the push it refuses with 413 is sent again in halves, and every todo arrives.
    @Test func aPushLargerThanTheServerTakesArrivesInHalves() throws {
        let names = (1...150).map { "large \($0)" }.joined(separator: "\n") + "\n"
        #expect(try a.box.run(["--file", a.file, "--quiet", "add", "-"], stdin: names).status == 0)
        let ids = (1...150).map(String.init).joined(separator: "\n") + "\n"
        let notes = String(repeating: "0123456789", count: 6_000)
        #expect(try a.box.run(["--file", a.file, "--quiet", "modify", "-", "--notes", notes], stdin: ids).status == 0)
        let json = try parseJSON(try a.run("sync", "--json", server: server).stdout) as? [String: Any]
        #expect(json?["pushed"] as? Int == 150)
        try b.sync(server)
        let pulled = try b.contents()
        #expect(pulled.count == 150)
        #expect(pulled == (try a.contents()))
        let again = try parseJSON(try a.run("sync", "--json", server: server).stdout) as? [String: Any]
        #expect(again?["pushed"] as? Int == 0)
    }

    /// A push of three batches goes out two at a time (the next while the server writes the
    /// last): every todo arrives, and the cursor moves past all of them by their revisions,
    /// so the next sync downloads none.
    @Test func aPushOfSeveralBatchesIsNotDownloadedAgain() throws {
        let names = (1...2_500).map { "todo \($0)" }.joined(separator: "\n") + "\n"
        #expect(try a.box.run(["--file", a.file, "--quiet", "add", "-"], stdin: names).status == 0)
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 0, pushed 2500, 0 conflicts.\n")
        #expect(try TodoStoreAccess.load(a.file).sync.cursor == 2_500)
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 0, pushed 0, 0 conflicts.\n")
        try b.sync(server)
        #expect(try b.contents() == a.contents())
    }

    @Test func cronSyncingWhileAHundredAddsRunLosesNothing() throws {
        let stop = box.directory + "/stop"
        let loop = """
            while [ ! -e '\(stop)' ]; do '\(Sandbox.binary)' --file '\(a.file)' sync --quiet || exit 1; sleep 0.05; done
            """
        let cron = try ChildProcess(
            "/bin/sh", ["-c", loop], environment: box.baseEnvironment.merging(server.clientEnvironment) { $1 })
        for index in 1...100 {
            let added = try a.run("add", "while syncing \(index)", server: server)
            #expect(added.status == 0, "\(added)")
        }
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        cron.waitUntilExit()
        #expect(cron.terminationStatus == 0)
        try syncAll([a, b])
        #expect(try b.contents().count == 100)
        #expect(try b.contents() == a.contents())
    }

    @Test func randomWorkOnThreeDevicesConverges() throws {
        let c = Device(box: box, name: "c")
        let devices = [a, b, c]
        var generator = SeededGenerator(seed: 20261121)
        for step in 0..<90 {
            let device = devices[Int.random(in: 0..<3, using: &generator)]
            let state = try TodoStoreAccess.load(device.file)
            let ids = state.todos.map { String($0.id) }
            switch Int.random(in: 0..<10, using: &generator) {
            case _ where ids.isEmpty, 0...2: try device.run("add", "item \(step)", server: server)
            case 3:
                try device.run(
                    "edit", ids.randomElement(using: &generator)!, "--name", "renamed \(step)", server: server)
            case 4:
                try device.run("edit", ids.randomElement(using: &generator)!, "--notes", "note \(step)", server: server)
            case 5: try device.run("toggle", ids.randomElement(using: &generator)!, server: server)
            case 6: try device.run("delete", ids.randomElement(using: &generator)!, server: server)
            case 7: try device.run("undo", server: server)
            case 8: try device.run("clear-completed", server: server)
            default: try device.sync(server)
            }
        }
        try syncAll(devices)
        let reference = try a.contents()
        #expect(try b.contents() == reference)
        #expect(try c.contents() == reference)
    }
}
