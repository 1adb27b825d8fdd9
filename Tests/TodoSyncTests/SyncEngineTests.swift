import Foundation
import Testing
import TodoCore
import TodoStore
import TodoSync
import TodoWire
import TodoTestSupport

/// A server in memory that applies every push, and may run something (another `todo`
/// command) while a push is on its way, as a real network round trip allows.
final class FakeServer: SyncTransport, @unchecked Sendable {
    let server = URL(string: "http://fake.invalid")!
    let datasetId = UUID(uuidString: "22222222-0000-4000-8000-000000000000")!
    private let lock = NSLock()
    private var rev: Int64 = 0
    private(set) var pushes: [[PushOperation]] = []
    /// Run once, during the next push, before it is answered.
    var duringPush: (() -> Void)?

    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        ChangesResponse(datasetId: datasetId, changes: [], nextCursor: max(cursor, locked { rev }), hasMore: false)
    }

    func push(_ operations: [PushOperation], since: Int64?) throws(SyncError) -> PushResponse {
        let hook = locked { () -> (() -> Void)? in
            pushes.append(operations)
            defer { duringPush = nil }
            return duringPush
        }
        hook?()
        return locked {
            let results = operations.map { operation in
                rev += 1
                let record = TodoRecord(
                    uuid: operation.uuid, rev: rev, deleted: operation.kind == .delete, todo: operation.todo)
                return PushResult(opId: operation.opId, status: .applied, record: record)
            }
            return PushResponse(datasetId: datasetId, results: results, cursor: rev)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

@Suite struct SyncEngineTests {
    let file: StateFile
    let at = FixedClock.epoch

    init() throws {
        let directory = NSTemporaryDirectory() + "todo-sync-engine-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        file = StateFile(path: directory + "/todos.json")
    }

    func engine(_ server: FakeServer) -> SyncEngine {
        SyncEngine(store: file, client: server, now: { at }, newUUID: UUID.init)
    }

    /// The server acknowledges what was sent; an edit made meanwhile is sent too, in the same
    /// sync, and the todo is synced only with the server holding the edit.
    @Test func anEditMadeDuringAPushIsSentAfterIt() throws {
        _ = try file.update { try reduce($0, .add(NewTodo(uuid: UUID(), name: "milk", createdAt: at))) }
        let server = FakeServer()
        server.duringPush = {
            _ = try? file.update { try reduce($0, .edit(id: 1, changes: [FieldChange(.name, "oat milk")], at: at)) }
        }
        _ = try engine(server).run()
        #expect(server.pushes.map { $0.map(\.todo?.name) } == [["milk"], ["oat milk"]])
        let todo = try #require(try file.load().todo(id: 1))
        #expect(todo.name == "oat milk")
        #expect(todo.synced)
        #expect(todo.base?.content == todo.content)
        #expect(try engine(server).run().pushed == 0)
    }
}
