import Foundation
import Testing
import TodoCore
import TodoWire

/// Issue 15: a device that comes back after the server pruned tombstones it had not read
/// (`todo-server prune`) reads everything again, and converges: what was deleted elsewhere and
/// unchanged here goes, nothing deleted comes back, and its own unsynced changes reach the server.
@Suite(.serialized) struct PruneSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    /// The local number of the todo called `name` on `device`.
    func id(_ name: String, on device: Device) throws -> String {
        String(try #require(try TodoStoreAccess.load(device.file).todos.first { $0.name == name }).id)
    }

    func names(_ device: Device) throws -> [String] {
        try TodoStoreAccess.load(device.file).todos.map(\.name).sorted()
    }

    @Test func aDeviceBackAfterPruningConvergesWithoutResurrectionOrLoss() throws {
        for name in ["gone everywhere", "edited here, deleted there", "kept", "renamed there"] {
            try a.run("add", name, server: server)
        }
        try syncAll([a, b])
        // a goes away. Meanwhile b deletes two todos and renames one; the server prunes.
        try b.run("delete", id("gone everywhere", on: b), id("edited here, deleted there", on: b), server: server)
        try b.run("edit", id("renamed there", on: b), "--name", "renamed on b", server: server)
        try b.sync(server)
        // a, offline, edits a todo b deleted, adds one, and deletes one b kept.
        try a.run("edit", id("edited here, deleted there", on: a), "--notes", "still needed", server: server)
        try a.run("add", "new on a", server: server)
        try a.run("delete", id("kept", on: a), server: server)
        try server.command(["prune", "--older-than", "0"])
        #expect(try server.changes().contains("\"deleted\":true") == false, "the tombstones are pruned")

        let back = try a.sync(server)
        #expect(back.status == 0)
        #expect(back.stdout.contains("The server had pruned deletions this device had not read"), "\(back)")
        #expect(back.stdout.contains("deleted on another device, the copy edited here was kept"), "\(back)")
        try syncAll([b, a])
        let expected = ["edited here, deleted there", "new on a", "renamed on b"]
        #expect(try names(a) == expected)
        #expect(try names(b) == expected)
        #expect(try a.contents() == b.contents())
        let edited = try #require(
            try TodoStoreAccess.load(b.file).todos.first { $0.name == "edited here, deleted there" })
        #expect(edited.notes == "still needed")
    }

    @Test func aDeviceThatSyncedRecentlyIsNotSentBack() throws {
        try a.run("add", "one", server: server)
        try syncAll([a, b])
        try b.run("delete", id("one", on: b), server: server)
        try syncAll([b, a])
        try server.command(["prune", "--older-than", "0"])
        try a.run("add", "two", server: server)
        let result = try a.sync(server)
        #expect(!result.stdout.contains("pruned"), "\(result)")
        try syncAll([a, b])
        #expect(try names(a) == ["two"])
        #expect(try names(b) == ["two"])
    }

    /// A device can hold synced todos with its cursor still at 0 (another device pushed
    /// between its pull and its push, so the server could not move the cursor for it). The
    /// feed answers 0 without a 410, yet that device also missed the pruned deletion.
    @Test func aDeviceAtCursorZeroWithSyncedTodosAlsoLearnsOfPrunedDeletions() throws {
        try a.run("add", "deleted elsewhere", server: server)
        try a.run("add", "kept", server: server)
        try syncAll([a, b])
        try TodoStoreAccess.update(a.file) { $0.sync.cursor = 0 }
        try b.run("delete", id("deleted elsewhere", on: b), server: server)
        try b.sync(server)
        try server.command(["prune", "--older-than", "0"])
        let result = try a.sync(server)
        #expect(result.status == 0, "\(result)")
        #expect(try names(a) == ["kept"])
        try syncAll([a, b])
        #expect(try names(b) == ["kept"])
    }

    /// Issue 42: a todo completed here, the push's reply lost, the server's stored answer
    /// pruned, then the todo cleared here: the retry is answered as a conflict carrying the
    /// completion, which is this device's own write, not an edit made elsewhere. The clear
    /// stands on both devices and the server; it used to lose, and the todo came back.
    @Test func aTodoClearedAfterALostReplyAndPruningStaysGone() throws {
        try a.run("add", "paid", server: server)
        try a.run("add", "kept", server: server)
        try syncAll([a, b])
        try a.run("done", id("paid", on: a), server: server)
        let (proxy, proxied) = try startDropProxy(to: server, drops: 1, in: box)
        defer { proxy.terminate() }
        #expect(try a.run("sync", server: server, environment: ["TODO_SERVER": proxied]).status == 3)
        #expect(try TodoStoreAccess.load(a.file).sync.outbox.count == 1)
        try server.command(["prune", "--older-than", "0"])
        try a.run("clear-completed", server: server)
        let result = try a.sync(server)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("was kept"), "\(result)")
        try syncAll([a, b])
        #expect(try names(a) == ["kept"])
        #expect(try names(b) == ["kept"])
        // The server holds it only as a tombstone (which keeps what it was: issue 42).
        let feed = try WireJSON.decoder.decode(ChangesResponse.self, from: Data(try server.changes().utf8))
        #expect(!feed.changes.filter { !$0.deleted }.contains { $0.todo?.name == "paid" })
        #expect(feed.changes.contains { $0.deleted && $0.todo?.name == "paid" })
    }
}
