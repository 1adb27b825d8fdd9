import Foundation
import Testing
import TodoTestSupport

@testable import TodoServer

/// Issue 43: `todo-server taskchampion add|list|remove` on the real executable, with the server
/// running: a registered client id syncs, a removed one or a deleted user's gets 403, and the
/// client id is printed once and never listed; a backup holds it; over the real HTTP front, a
/// body past the limit gets 400.
struct TaskChampionCommandTests {
    let executable = ExecutableTests()

    @Test func clientIdsAreAddedListedAndRemoved() async throws {
        try await executable.withExecutable { sandbox in
            #expect(try await sandbox.server.run(["user", "add", "alice"]).status == 0)
            let unknownUser = try await sandbox.server.run(["taskchampion", "add", "nobody"])
            #expect(unknownUser.status != 0 && unknownUser.stdout.isEmpty)
            #expect(unknownUser.stderr.contains("no user nobody"), "\(unknownUser.stderr)")
            let added = try await sandbox.server.run(["taskchampion", "add", "alice"])
            #expect(added.status == 0, "\(added.stderr)")
            let client = added.stdout.trimmingCharacters(in: .newlines)
            #expect(UUID(uuidString: client) != nil && client == client.lowercased(), "\(added.stdout)")
            #expect(added.stderr.contains("sync.server.client_id"), "\(added.stderr)")

            let port = try freePort()
            _ = try await executable.waitForHealth(
                sandbox, port: port, process: try executable.serve(sandbox, port: port))
            let id = RawHTTP.header("X-Client-Id: \(client)")
            let type = RawHTTP.header("Content-Type: application/vnd.taskchampion.history-segment")
            let path = "/v1/client/add-version/00000000-0000-0000-0000-000000000000"
            let version = try #require(
                try await RawHTTP.request(port: port, method: "POST", path: path, headers: [id, type], body: "segment"))
            #expect(version.status == 200, "\(version.text)")
            #expect(version.header("X-Snapshot-Request") == "urgency=high")

            // Past the body limit: 400 from the HTTP front, before the route reads anything, as
            // the protocol answers (413 elsewhere).
            let large = try #require(
                try await RawHTTP.request(
                    port: port, method: "POST", path: path, headers: [id, type],
                    body: String(repeating: "x", count: (8 << 20) + 1)))
            #expect(large.status == 400, "\(large.text)")
            #expect(large.text.contains("request body is larger than"), "\(large.text)")

            // A backup holds the client id, its version and its bytes.
            let copy = sandbox.directory.appendingPathComponent("backup.sqlite").path
            #expect(try await sandbox.server.run(["backup", copy]).status == 0)
            let backedUp = try await ChildProcess.output(
                "/usr/bin/sqlite3", [copy, "SELECT COUNT(*) FROM tc_clients; SELECT hex(segment) FROM tc_versions;"])
            #expect(
                backedUp == "1\n" + "segment".utf8.map { String(format: "%02X", $0) }.joined() + "\n", "\(backedUp)")

            let listed = try await sandbox.server.run(["taskchampion", "list", "alice"]).stdout
            let fields = listed.split(separator: "\t").map(String.init)
            #expect(
                listed.split(separator: "\n").count == 1 && !listed.contains(client), "never the client id: \(listed)")
            #expect(
                fields.count == 6 && fields[2] == "versions 1"
                    && fields[3] == "bytes \(7 + TaskChampionStore.rowBytes)", "\(listed)")
            #expect(!listed.contains("last version never") && listed.contains("snapshot never"), "\(listed)")

            #expect(try await sandbox.server.run(["taskchampion", "remove", UUID().uuidString]).status != 0)
            let removed = try await sandbox.server.run(["taskchampion", "remove", client])
            #expect(
                removed.stdout == "Removed client id registration \(fields[0]) with its versions and snapshot.\n",
                "\(removed.stderr)")
            let refused = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/client/snapshot", headers: [id]))
            #expect(refused.status == 403 && refused.text.contains("unknown client id"), "\(refused.text)")
            #expect(try await sandbox.server.run(["taskchampion", "list", "alice"]).stdout == "")

            // A deleted user's client ids go with them, versions and all.
            let again = try await sandbox.server.run(["taskchampion", "add", "alice"]).stdout.trimmingCharacters(
                in: .newlines)
            let againID = RawHTTP.header("X-Client-Id: \(again)")
            #expect(
                try await RawHTTP.request(port: port, method: "POST", path: path, headers: [againID, type], body: "s")?
                    .status == 200)
            #expect(try await sandbox.server.run(["user", "delete", "alice", "--yes"]).status == 0)
            let gone = try #require(
                try await RawHTTP.request(port: port, method: "GET", path: "/v1/client/snapshot", headers: [againID]))
            #expect(gone.status == 403, "\(gone.text)")
            let rows = try await ChildProcess.output(
                "/usr/bin/sqlite3",
                [
                    sandbox.directory.appendingPathComponent("data.sqlite").path,
                    "SELECT COUNT(*) FROM tc_clients; SELECT COUNT(*) FROM tc_versions; SELECT COUNT(*) FROM "
                        + "tc_snapshots;"
                ])
            #expect(rows == "0\n0\n0\n")
        }
    }
}
