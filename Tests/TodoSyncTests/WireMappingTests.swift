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

    @Test func fieldsTheWireDoesNotCarryComeFromTheAgreedCopyElseTheLocalOne() {
        var synced = Todo(id: 1, uuid: UUID(), name: "a", createdAt: date)
        synced.tags = ["now"]
        var agreed = synced.content
        agreed.tags = ["agreed"]
        agreed.due = .day(CalendarDay(iso: "2026-12-01")!)
        synced.base = SyncBase(rev: 2, content: agreed)
        var local = Todo(id: 2, uuid: UUID(), name: "b", createdAt: date)
        local.project = "here"
        var gone = TodoContent(name: "c", createdAt: date, updatedAt: date)
        gone.priority = .low
        let deletion = PendingDeletion(uuid: UUID(), base: SyncBase(rev: 3, content: gone), name: "c")
        let state = TodoState(todos: [synced, local], sync: SyncState(deletions: [deletion]))
        let wire = TodoContent(name: "from the server", createdAt: date, updatedAt: date)
        let unknown = UUID()
        let records = [synced.uuid, local.uuid, deletion.uuid, unknown].map { RemoteRecord(uuid: $0, rev: 9, content: wire) }
            + [RemoteRecord(uuid: synced.uuid, rev: 10, content: nil)]
        let filled = state.fillingFieldsNotOnTheWire(records)
        #expect(filled.map { $0.content?.tags } == [["agreed"], [], [], [], nil])
        #expect(filled.map { $0.content?.due } == [agreed.due, nil, nil, nil, nil])
        #expect(filled.map { $0.content?.project } == [nil, "here", nil, nil, nil])
        #expect(filled.map { $0.content?.priority } == [nil, nil, .low, nil, nil])
        #expect(filled.map { $0.content?.name } == ["from the server", "from the server", "from the server", "from the server", nil])
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
