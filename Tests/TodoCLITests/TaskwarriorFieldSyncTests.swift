import Foundation
import Testing
import TodoCore

/// Issue 21: Taskwarrior's fields through `todo sync` and the real `todo-server`: annotations
/// and dependencies merge as sets, user-defined attributes travel untouched, and a client
/// that does not know these fields erases none of them.
@Suite(.serialized) struct TaskwarriorFieldSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices()
    }

    func todo(_ device: Device, named name: String) throws -> Todo {
        try #require(try TodoStoreAccess.load(device.file).todos.first { $0.name == name })
    }

    /// The UUID of `name` on `device`, whole: a reference both devices share (a prefix of
    /// digits alone would be read as a todo's number).
    func reference(_ device: Device, _ name: String) throws -> String {
        try todo(device, named: name).uuid.uuidString.lowercased()
    }

    @Test func annotationsAndDependenciesAddedOfflineOnTwoDevicesAreAllKept() throws {
        for name in ["pay the bill", "find the invoice", "ask the bank"] { try a.run("add", name, server: server) }
        try syncAll([a, b])
        let (invoice, bank) = (try reference(a, "find the invoice"), try reference(a, "ask the bank"))
        let billOnB = try todo(b, named: "pay the bill").id
        try a.run("annotate", "1", "paid online", server: server)
        #expect(try a.run("edit", "1", "dep:\(invoice)", server: server).status == 0)
        try b.run("annotate", String(billOnB), "sent a cheque instead", server: server)
        #expect(try b.run("edit", String(billOnB), "dep:\(bank)", server: server).status == 0)
        let reports = try [a.sync(server), b.sync(server), a.sync(server)]
        #expect(reports.allSatisfy { $0.stdout.hasSuffix(" 0 conflicts.\n") }, "\(reports)")
        let expected = Set(try [todo(a, named: "find the invoice").uuid, todo(a, named: "ask the bank").uuid])
        for device in [a, b] {
            let bill = try todo(device, named: "pay the bill")
            #expect(bill.annotations.map(\.text).sorted() == ["paid online", "sent a cheque instead"], "\(device.name)")
            #expect(bill.depends == expected, "\(device.name)")
            #expect(bill.conflicts.isEmpty)
        }
        // A removal on one device sticks: the set merge drops what one side removed.
        try b.run("denotate", String(billOnB), "cheque", server: server)
        try syncAll([b, a])
        #expect(try todo(a, named: "pay the bill").annotations.map(\.text) == ["paid online"])
    }

    @Test func anAttributeReachesTheOtherDeviceAndTheServerStoresItUntouched() throws {
        try a.run("config", "uda.client.type", "string", server: server)
        try a.run("config", "uda.estimate.type", "number", server: server)
        #expect(try a.run("add", "call back", "client:Acme & Söhne", "estimate:2.50", server: server).status == 0)
        try a.sync(server)
        #expect(try server.changes().contains(#""udas":{"client":"Acme & Söhne","estimate":"2.50"}"#))
        // b declares nothing: the values are kept, shown, and sent back unchanged after an edit.
        let bare = ["TODO_CONFIG": box.directory + "/b-config.json"]
        try b.run("sync", server: server, environment: bare)
        let onB = try todo(b, named: "call back")
        #expect(onB.udas == ["client": "Acme & Söhne", "estimate": "2.50"])
        try b.run("edit", String(onB.id), "pri:H", server: server, environment: bare)
        try b.run("sync", server: server, environment: bare)
        try a.sync(server)
        let back = try todo(a, named: "call back")
        #expect((back.udas, back.priority) == (["client": "Acme & Söhne", "estimate": "2.50"], .high))
    }

    @Test func aClientThatKnowsNoneOfTheseFieldsErasesNone() throws {
        try a.run("add", "dependency", server: server)
        try a.run("config", "uda.client.type", "string", server: server)
        try a.run("add", "water the roses", "scheduled:2026-12-01", "dep:1", "client:acme", server: server)
        try a.run("start", "2", server: server)
        try a.run("annotate", "2", "bought a can", server: server)
        try a.sync(server)
        let before = try todo(a, named: "water the roses")
        let uuid = before.uuid.uuidString.lowercased()
        let rev = try #require(try currentRev(of: uuid))
        // A push as the previous todo-sync makes it: none of the new keys at all.
        let body =
            #"""
            {"operations":[{"opId":"\#(UUID().uuidString)","kind":"put","uuid":"\#(uuid)","baseRev":\#(rev),\#
            "todo":{"name":"water the red roses","description":"","notes":"","completed":false,\#
            "createdAt":"2026-11-01T08:00:00.000Z","updatedAt":"2026-11-21T08:00:00.000Z","tags":[],"project":null,\#
            "priority":null,"due":null,"wait":null}}]}
            """#
        let pushed = try Sandbox.execute(
            "/usr/bin/curl",
            [
                "-fsS", "-X", "POST", server.url + "/v1/push", "-H", "Authorization: Bearer \(server.token)", "-H",
                "Content-Type: application/json", "--data-binary", body
            ], stdin: nil, environment: [:])
        #expect(pushed.status == 0 && pushed.stdout.contains(#""status":"applied""#), "\(pushed)")
        try a.sync(server)
        let after = try todo(a, named: "water the red roses")
        #expect(after.scheduled == before.scheduled && after.scheduled != nil)
        #expect(after.start == before.start && after.start != nil)
        #expect(after.depends == before.depends && after.depends.count == 1)
        #expect(after.annotations == before.annotations && after.annotations.count == 1)
        #expect(after.udas == ["client": "acme"])
    }

    /// The revision of `uuid` in the server's change feed.
    func currentRev(of uuid: String) throws -> Int? {
        let feed = try JSONSerialization.jsonObject(with: Data(try server.changes().utf8)) as? [String: Any]
        let records = feed?["changes"] as? [[String: Any]] ?? []
        return records.last { ($0["uuid"] as? String)?.lowercased() == uuid.lowercased() }?["rev"] as? Int
    }
}
