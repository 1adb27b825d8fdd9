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
    /// The most operations a push may hold; more are refused as too large (HTTP 413).
    var maxOperations = Int.max
    /// The number of operations of each push refused as too large.
    private(set) var refused: [Int] = []
    /// The latest revision handed out.
    var revision: Int64 { locked { rev } }
    /// How far behind its latest revision a push's answer says the server is (a broken
    /// server when above 0).
    var cursorBehind: Int64 = 0

    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        ChangesResponse(datasetId: datasetId, changes: [], nextCursor: max(cursor, locked { rev }), hasMore: false)
    }

    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse {
        guard operations.count <= maxOperations else {
            locked { refused.append(operations.count) }
            throw .tooLarge("fake.invalid refused a request as too large (HTTP 413)")
        }
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
            return PushResponse(datasetId: datasetId, results: results, cursor: rev - cursorBehind)
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
        file = try StoreFixture("sync-engine").file
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

    /// A push the server (or its proxy) refuses as too large is sent again in halves, until
    /// each is taken: every todo reaches the server once, and the state file is written once.
    @Test func aPushRefusedAsTooLargeIsSentInHalves() throws {
        let names = (1...10).map { "todo \($0)" }
        for name in names {
            _ = try file.update { try reduce($0, .add(NewTodo(uuid: UUID(), name: name, createdAt: at))) }
        }
        let server = FakeServer()
        server.maxOperations = 3
        let report = try engine(server).run()
        #expect(report.pushed == 10)
        #expect(server.refused == [10, 5, 5])
        #expect(server.pushes.map(\.count) == [2, 3, 2, 3])
        #expect(server.pushes.flatMap { $0.map(\.todo?.name) } == names)
        let state = try file.load()
        #expect(state.todos.allSatisfy(\.synced) && state.sync.outbox.isEmpty)
    }

    /// One operation refused alone is an error that says what to raise; nothing is lost: the
    /// operation waits in the outbox and goes once the limit lets it.
    @Test func aTodoRefusedAloneAsTooLargeIsAnErrorAndWaits() throws {
        _ = try file.update { try reduce($0, .add(NewTodo(uuid: UUID(), name: "milk", createdAt: at))) }
        let server = FakeServer()
        server.maxOperations = 0
        #expect {
            try engine(server).run()
        } throws: { error in
            guard case SyncError.tooLarge(let text) = error else { return false }
            return text.contains("holding todo") && text.contains("client_max_body_size")
                && (error as? SyncError)?.exitStatus == 5
        }
        #expect(try file.load().sync.outbox.count == 1)
        server.maxOperations = .max
        #expect(try engine(server).run().pushed == 1)
        let state = try file.load()
        #expect(state.todos.allSatisfy(\.synced) && state.sync.outbox.isEmpty)
    }
}
