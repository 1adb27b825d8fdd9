import Foundation
import Testing
import TodoCore

/// Issue 20's three cases, as a person runs them, through the real `todo-server`: a reply
/// lost after the server committed (a proxy drops it), two devices completing one
/// occurrence offline, and a skip on one device while another edits the same occurrence.
@Suite(.serialized) struct RaceSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    /// The todos of a device holding a rule (the open occurrences of their series).
    func ruleHolders(_ device: Device) throws -> [String] {
        try TodoStoreAccess.load(device.file).todos.filter { $0.recur != nil }.map {
            "\($0.name) due \($0.due?.wire ?? "-")"
        }.sorted()
    }

    @Test func aDoneAfterALostReplyIsKeptAndReportsNoConflict() throws {
        let (proxy, proxied) = try startDropProxy(to: server, drops: 1, in: box)
        defer { proxy.terminate() }
        try a.run("add", "buy", "milk", server: server)
        let lost = try a.run("sync", server: server, environment: ["TODO_SERVER": proxied])
        #expect(lost.status == 3, "\(lost)")
        #expect(try server.changes().contains("buy milk"), "the server committed the push")
        try a.run("done", "1", server: server)
        let next = try a.run("sync", server: server)
        #expect(next.status == 0)
        #expect(next.stdout.hasSuffix("0 conflicts.\n"), "\(next)")
        try syncAll([a, b])
        for device in [a, b] {
            #expect(try device.contents().values.sorted() == ["buy milk|||true"])
        }
    }

    @Test func aRenameAfterALostReplyWins() throws {
        let (proxy, proxied) = try startDropProxy(to: server, drops: 1, in: box)
        defer { proxy.terminate() }
        try a.run("add", "v1", server: server)
        try a.sync(server)
        try a.run("edit", "1", "--name", "v2", server: server)
        #expect(try a.run("sync", server: server, environment: ["TODO_SERVER": proxied]).status == 3)
        try a.run("edit", "1", "--name", "v3", server: server)
        let next = try a.run("sync", server: server)
        #expect(next.stdout.hasSuffix("0 conflicts.\n"), "\(next)")
        try syncAll([a, b])
        #expect(try b.contents().values.sorted() == ["v3|||false"])
    }

    @Test func twoDevicesCompletingOneOccurrenceThenOneTheNextKeepThatCompletion() throws {
        try a.run("add", "rent", "recur:daily", "due:2026-12-01", server: server)
        try syncAll([a, b], times: 1)
        try a.run("done", "1", server: server)
        try b.run("done", "1", server: server)
        try a.run("done", "2", server: server)
        let b1 = try b.sync(server)
        let a1 = try a.sync(server)
        let b2 = try b.sync(server)
        for result in [b1, a1, b2] { #expect(result.stdout.hasSuffix("0 conflicts.\n"), "\(result)") }
        for device in [a, b] {
            #expect(try ruleHolders(device) == ["rent due 2026-12-03"])
            let done = try TodoStoreAccess.load(device.file).todos.filter(\.completed).map { $0.due?.wire ?? "-" }
                .sorted()
            #expect(done == ["2026-12-01", "2026-12-02"])
        }
    }

    @Test func anOccurrenceEditedWhileSkippedElsewhereStaysAsAOneOffAndTheSeriesGoesOn() throws {
        try a.run("add", "gym", "recur:weekly", "due:2026-12-01", server: server)
        try syncAll([a, b], times: 1)
        try b.run("delete", "1", server: server)
        try a.run("edit", "1", "+later", server: server)
        try b.sync(server)
        try a.sync(server)
        try b.sync(server)
        try a.sync(server)
        for device in [a, b] {
            #expect(try ruleHolders(device) == ["gym due 2026-12-08"])
            let kept = try #require(try TodoStoreAccess.load(device.file).todos.first { $0.due?.wire == "2026-12-01" })
            #expect(kept.tags == ["later"] && kept.recur == nil && !kept.completed)
        }
        #expect(try a.contents() == b.contents())
    }

    @Test func aRuleOnACompletedTodoIsRefused() throws {
        try a.run("add", "report", "due:2026-12-01", server: server)
        try a.run("done", "1", server: server)
        let refused = try a.run("modify", "1", "recur:weekly", server: server)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "todo: #1 is completed, and only an open todo can recur: reopen it first ('todo reopen 1')\n")
        #expect(try TodoStoreAccess.load(a.file).todos[0].recur == nil)
    }
}
