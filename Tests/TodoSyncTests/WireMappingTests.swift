import Foundation
import Testing
import TodoCore
@testable import TodoSync
import TodoWire

@Suite struct WireMappingTests {
    let date = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func contentRoundTripsThroughTheWire() {
        let (created, updated, completed) = (date, date.addingTimeInterval(60), date.addingTimeInterval(120))
        let content = TodoContent(name: "é 🎉", description: "d", notes: "n", completed: true, completedAt: completed, createdAt: created, updatedAt: updated)
        // Three different dates, so a mapping that swapped two would show.
        #expect(content.wire == TodoFields(name: "é 🎉", description: "d", notes: "n", completed: true, createdAt: created, updatedAt: updated, completedAt: completed))
        #expect(TodoContent(content.wire) == content)
        let operation = OutboxOperation(opId: UUID(), uuid: UUID(), baseRev: 7, content: nil)
        #expect(operation.wire.kind == .delete)
        #expect(operation.wire.baseRev == 7)
    }

    @Test func recordsWithoutContentMustBeTombstones() throws {
        #expect(try RemoteRecord(TodoRecord(uuid: UUID(), rev: 3, deleted: true, todo: nil)).content == nil)
        #expect(throws: SyncError.self) { try RemoteRecord(TodoRecord(uuid: UUID(), rev: 3, deleted: false, todo: nil)) }
    }

    @Test func contentTheServerWouldRefuseIsNamed() {
        func problem(_ name: String, notes: String = "") -> String? {
            TodoContent(name: name, notes: notes, createdAt: date, updatedAt: date).problemForServer
        }
        #expect(problem("fine") == nil)
        #expect(problem(String(repeating: "x", count: 4097)) == "its name is longer than 4096 bytes")
        #expect(problem("nul\u{0}") == "it contains a NUL character")
        #expect(problem("ok", notes: String(repeating: "é", count: 40000)) == "its notes are longer than 65536 bytes")
    }

    @Test func exitStatusesPerKind() {
        #expect(SyncError.unreachable("").exitStatus == 3)
        #expect(SyncError.unauthorized("").exitStatus == 4)
        #expect(SyncError.badResponse("").exitStatus == 5)
        #expect(SyncError.notConfigured("").exitStatus == 1)
    }
}
