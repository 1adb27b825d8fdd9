import Foundation
import Testing
import TodoTestSupport

/// Issue 39: a server moved to another database with `todo-server copy-database` goes on with
/// the devices it had: the same tokens, no resync, the same feed byte for byte.
@Suite struct CopyDatabaseSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws { devices = try TwoDevices() }

    @Test func devicesGoOnSyncingWithTheCopyWithoutAResync() throws {
        try a.run("add", "pay rent", "+bills", "due:2026-12-31", server: server)
        try a.run("add", "water plants", "-n", "the fern too", server: server)
        try a.run("add", "call mom", server: server)
        try a.sync(server)
        try b.sync(server)
        try b.run("done", "1", server: server)
        try b.run("delete", "3", server: server)
        try syncAll([b, a])
        let feed = try server.changes()

        try server.moveDatabase(to: server.directory + "/copy.sqlite")
        #expect(try server.changes() == feed)
        let quiet = "Synced with \(server.url): pulled 0, pushed 0, 0 conflicts.\n"
        #expect(try a.run("sync", server: server).stdout == quiet)
        #expect(try b.run("sync", server: server).stdout == quiet)
        try a.run("edit", "2", "--name", "water the plants", server: server)
        try syncAll([a, b])
        #expect(try b.contents() == a.contents())
        #expect(try b.contents().values.contains { $0.hasPrefix("water the plants|") })
        let fresh = Device(box: box, name: "fresh")
        try fresh.sync(server)
        #expect(try fresh.contents() == a.contents())
    }
}
