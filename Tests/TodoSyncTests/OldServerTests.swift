import Foundation
import Testing
import TodoCore
import TodoStore
import TodoSync
import TodoTestSupport
import TodoWire

/// Today's engine against a todo-server from before tombstones kept the deleted todo (issue 42;
/// Server/ at `.ci/test-cross-version`'s OLD_CLIENT_COMMIT). That server reads a delete's
/// `todo` and ignores it: PushBodyReader reads `todo` for either kind, PushController.validate
/// checks only a put's, and SyncStore applies a delete as `write.delete(uuid)`, whose tombstone
/// (StoredRecord.makeTombstone) clears the content. So its tombstones, in the feed and in a
/// delete's answer, carry none, and the engine merges them as it did before.
@Suite struct OldServerTests {
    let server = ModelServer(
        datasetId: UUID(uuidString: "01D00000-0000-4000-8000-000000000000")!, tombstonesKeepContent: false)
    let deleter: StateFile
    let editor: StateFile
    let link: PushRecorder
    let at = FixedClock.epoch
    let uuid = UUID(uuidString: "01D00000-0000-4000-8000-000000000001")!

    init() throws {
        link = PushRecorder(ModelLink(server))
        let directory = NSTemporaryDirectory() + "todo-old-server-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        deleter = StateFile(path: directory + "/deleter.json")
        editor = StateFile(path: directory + "/editor.json")
        _ = try deleter.update { try reduce($0, .add(NewTodo(uuid: uuid, name: "bread", createdAt: at))) }
        try sync(deleter)
        try sync(editor)
    }

    func sync(_ file: StateFile) throws {
        _ = try SyncEngine(store: file, client: link, now: { at }, newUUID: UUID.init).run()
    }

    func change(_ file: StateFile, _ field: TodoField, _ text: String) throws {
        _ = try file.update { try reduce($0, .edit(id: 1, changes: [FieldChange(field, text)], at: at)) }
    }

    /// The deleter's last change, then its delete; the editor's change meanwhile.
    func deleteAndEdit() throws {
        try change(deleter, .description, "from the deleter")
        _ = try deleter.update { try reduce($0, .delete(ids: [1], at: at)) }
        try change(editor, .notes, "still needed")
    }

    func conflicts(_ file: StateFile) throws -> [[String]] {
        try file.load().todos.flatMap { $0.conflicts.map { [$0.field, $0.lost, $0.kept] } }
    }

    /// The delete reaches the server first: it is applied, and the tombstone in its answer and
    /// in the feed has no content. The edited copy is kept with its own edit alone, and the
    /// conflict does not say that the deleter's changes are merged.
    @Test func aDeleteAnsweredWithATombstoneWithoutContentLeavesTheEditedCopyAsBefore() throws {
        try deleteAndEdit()
        try sync(deleter)
        // The delete carried the deleter's last change; the server took it and kept none.
        let delete = try #require(link.pushes.last?.first)
        #expect(delete.kind == .delete && delete.todo?.description == "from the deleter")
        #expect(server.records[uuid] == TodoRecord(uuid: uuid, rev: 2, deleted: true, todo: nil))
        let deleted = try deleter.load()
        #expect(deleted.todos.isEmpty && deleted.sync.deletions.isEmpty && deleted.sync.outbox.isEmpty)
        #expect(deleted.sync.cursor == 2)

        try sync(editor)
        let kept = try #require(try editor.load().todos.first)
        #expect([kept.name, kept.description, kept.notes] == ["bread", "", "still needed"])
        #expect(try conflicts(editor) == [["deleted", "deleted on another device", "the copy edited here"]])
        #expect(server.live[uuid]?.notes == "still needed" && server.live[uuid]?.description == "")

        try sync(deleter)
        let back = try #require(try deleter.load().todos.first)
        #expect([back.uuid.uuidString, back.description, back.notes] == [uuid.uuidString, "", "still needed"])
        #expect(back.synced)
    }

    /// The edit reaches the server first: the delete meets the live record (a conflict, as on
    /// any server) and loses, and the deleter merges its own last changes into the copy it gets
    /// back, which needs nothing from a tombstone; the editor then gets them.
    @Test func aDeleteThatLosesKeepsTheDeletersLastChangesWithoutTombstoneContent() throws {
        try deleteAndEdit()
        try sync(editor)
        try sync(deleter)
        let back = try #require(try deleter.load().todos.first)
        #expect([back.description, back.notes] == ["from the deleter", "still needed"])
        #expect(
            try conflicts(deleter) == [
                ["deleted", "deleted on this device, whose last changes are merged here", "edited on another device"]
            ])
        try sync(editor)
        let edited = try #require(try editor.load().todos.first)
        #expect([edited.description, edited.notes] == ["from the deleter", "still needed"])
        #expect(server.live[uuid]?.description == "from the deleter")
    }

    /// An untouched copy gives way to a tombstone without content, and a tombstone of a todo
    /// this device never held changes nothing.
    @Test func aTombstoneWithoutContentDeletesAnUntouchedCopy() throws {
        let never = UUID(uuidString: "01D00000-0000-4000-8000-000000000002")!
        _ = try deleter.update { try reduce($0, .add(NewTodo(uuid: never, name: "never synced", createdAt: at))) }
        _ = try deleter.update { try reduce($0, .delete(ids: [1], at: at)) }
        try sync(deleter)
        #expect(server.records[uuid]?.todo == nil && server.records[uuid]?.deleted == true)
        _ = try deleter.update { try reduce($0, .delete(ids: [2], at: at)) }
        try sync(deleter)
        try sync(editor)
        let state = try editor.load()
        #expect(state.todos.isEmpty && state.sync.outbox.isEmpty && state.sync.deletions.isEmpty)
        #expect(state.sync.cursor == server.revision)
        #expect(try conflicts(editor).isEmpty)
    }
}

/// A link that keeps every push it passes on.
final class PushRecorder: SyncTransport, @unchecked Sendable {
    let link: ModelLink
    private(set) var pushes: [[PushOperation]] = []

    init(_ link: ModelLink) { self.link = link }

    var server: URL { link.server }

    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        try link.changes(since: cursor, limit: limit)
    }

    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse {
        pushes.append(operations)
        return try link.push(operations)
    }

    func startPush(_ operations: [PushOperation]) -> PushFlight {
        PushFlight(pushingAtOnce: operations, through: self)
    }
}
