import Foundation
import Testing
import TodoCore

/// Issue 11: the attributes through `todo sync` and the real `todo-server`, which starts on a
/// database made before attributes existed (Fixtures/server-v1.md) and migrates it.
@Suite(.serialized) struct AttributeSyncTests: SyncingTwoDevices {
    let devices: TwoDevices

    init() throws {
        devices = try TwoDevices(fixture: "server-v1")
    }

    func todo(_ device: Device, named name: String) throws -> Todo {
        try #require(try TodoStoreAccess.load(device.file).todos.first { $0.name == name })
    }

    /// Syncs both devices, each once, and again, so that both have everything.
    func settle() throws {
        for _ in 0..<2 { for device in [a, b] { try device.sync(server) } }
    }

    @Test func todosFromBeforeTheMigrationComeThroughWithNoAttributes() throws {
        #expect(try a.sync(server).stdout == "Synced with \(server.url): pulled 2, pushed 0, 0 conflicts.\n")
        #expect(
            try a.contents().values.sorted() == [
                "file taxes||receipts in the drawer|true", "water the garden|before the heat||false"
            ])
        let garden = try todo(a, named: "water the garden")
        #expect(
            garden.tags.isEmpty && garden.project == nil && garden.priority == nil && garden.due == nil
                && garden.wait == nil)
        #expect(try server.changes().contains("\"tags\"") == false)
    }

    @Test func tagsAddedOnTwoDevicesBothSurviveAndARemovalSticks() throws {
        try settle()
        try a.run(
            "edit", "1", "+garden", "+outside", "project:home", "due:2026-12-01", "wait:2026-11-28", server: server)
        try settle()
        #expect(try todo(b, named: "water the garden").tags == ["garden", "outside"])
        try a.run("edit", "1", "+weekend", "-outside", server: server)
        try b.run("edit", "1", "+summer", server: server)
        let reports = try [a.sync(server), b.sync(server), a.sync(server)]
        #expect(reports.allSatisfy { $0.stdout.hasSuffix(" 0 conflicts.\n") }, "\(reports)")
        for device in [a, b] {
            let garden = try todo(device, named: "water the garden")
            #expect(garden.tags == ["garden", "summer", "weekend"], "\(device.name)")
            #expect(
                (garden.project, garden.due?.wire, garden.wait?.wire) == ("home", "2026-12-01", "2026-11-28"),
                "\(device.name)")
        }
        #expect(try server.changes().contains(#""tags":["garden","summer","weekend"]"#))
    }

    @Test func anAttributeChangedOnBothDevicesIsAConflictTheServerWins() throws {
        try settle()
        try a.run("edit", "1", "project:home", "pri:H", server: server)
        try b.run("edit", "1", "project:work", server: server)
        try a.sync(server)
        let reported = try b.sync(server).stdout
        #expect(reported.contains("1 conflict."), "\(reported)")
        #expect(reported.contains("project kept \"home\" from the server; yours was \"work\""), "\(reported)")
        try settle()
        for device in [a, b] {
            let garden = try todo(device, named: "water the garden")
            #expect((garden.project, garden.priority) == ("home", .high), "\(device.name)")
        }
    }

    @Test func aClientThatSendsNoAttributesErasesNone() throws {
        try a.sync(server)
        try a.run("edit", "1", "+x", "project:p", "pri:L", "due:2026-12-01", server: server)
        try a.sync(server)
        // A push as a client from before attributes makes it: no attribute keys at all.
        let rev = try #require(try currentRev(of: "0B1C2D3E-0000-4000-8000-0000000000A1"))
        let body =
            #"""
            {"operations":[{"opId":"\#(UUID().uuidString)","kind":"put","uuid":"0b1c2d3e-0000-4000-8000-0000000000a1",\#
            "baseRev":\#(rev),"todo":{"name":"water the roses","description":"","notes":"","completed":false,\#
            "createdAt":"2026-11-01T08:00:00.000Z","updatedAt":"2026-11-21T08:00:00.000Z"}}]}
            """#
        let pushed = try Sandbox.execute(
            "/usr/bin/curl",
            [
                "-fsS", "-X", "POST", server.url + "/v1/push", "-H", "Authorization: Bearer \(server.token)", "-H",
                "Content-Type: application/json", "--data-binary", body
            ], stdin: nil, environment: [:])
        #expect(pushed.status == 0 && pushed.stdout.contains(#""status":"applied""#), "\(pushed)")
        try a.sync(server)
        let roses = try todo(a, named: "water the roses")
        #expect((roses.tags, roses.project, roses.priority, roses.due?.wire) == (["x"], "p", .low, "2026-12-01"))
    }

    /// The revision of `uuid` in the server's change feed.
    func currentRev(of uuid: String) throws -> Int? {
        let feed = try JSONSerialization.jsonObject(with: Data(try server.changes().utf8)) as? [String: Any]
        let records = feed?["changes"] as? [[String: Any]] ?? []
        return records.last { ($0["uuid"] as? String) == uuid }?["rev"] as? Int
    }
}
