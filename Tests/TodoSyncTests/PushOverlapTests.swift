import Foundation
import Testing
import TodoCore
import TodoStore
import TodoWire
import TodoTestSupport

@testable import TodoSync

/// A server that waits for two pushes on their way at once, then applies them in `order`
/// (1: the one the engine sent first, which holds `firstSent`, whichever arrives first),
/// with `foreign` revisions taken by another device between them, as two HTTP requests may
/// reach the real one.
final class OrderingServer: SyncTransport, @unchecked Sendable {
    let server = URL(string: "http://ordering.invalid")!
    let datasetId = UUID(uuidString: "33333333-0000-4000-8000-000000000000")!
    let order: [Int]
    let foreign: Int64
    let firstSent: UUID
    private let condition = NSCondition()
    private var arrived = 0
    private var applied = 0
    private var rev: Int64 = 0

    init(order: [Int], foreign: Int64 = 0, firstSent: UUID) {
        self.order = order
        self.foreign = foreign
        self.firstSent = firstSent
    }

    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        ChangesResponse(datasetId: datasetId, changes: [], nextCursor: cursor, hasMore: false)
    }

    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        let sent = operations.contains { $0.uuid == firstSent } ? 1 : 2
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: 30)
        while arrived < order.count || applied < order.count && order[applied] != sent {
            guard condition.wait(until: deadline) else { throw .unreachable("the other push never came") }
        }
        guard applied < order.count else { throw .unreachable("more pushes than the test sends") }
        if applied > 0 { rev += foreign }
        let results = operations.map { operation in
            rev += 1
            let record = TodoRecord(uuid: operation.uuid, rev: rev, deleted: false, todo: nil)
            return PushResult(opId: operation.opId, status: .applied, record: record)
        }
        applied += 1
        condition.broadcast()
        return PushResponse(datasetId: datasetId, results: results, cursor: rev)
    }
}

/// The engine sends the next batch while the server writes the last, and moves its feed
/// cursor past its own pushes by the revisions they were answered, whatever order they were
/// applied in, and never past another device's write.
@Suite struct PushOverlapTests {
    let file: StateFile
    let at = FixedClock.epoch
    /// The first todo, which the first push the engine sends holds.
    let first = UUID()

    init() throws {
        file = try StoreFixture("push-overlap").file
        // One more than a batch: two pushes.
        _ = try file.update { [first, at] state in
            var state = state
            for index in 0...SyncAPI.maxOperationsPerPush {
                let uuid = index == 0 ? first : UUID()
                state = try reduce(state, .add(NewTodo(uuid: uuid, name: "todo \(index)", createdAt: at)))
            }
            return state
        }
    }

    func sync(_ server: OrderingServer) throws -> TodoState {
        _ = try SyncEngine(store: file, client: server, now: { at }, newUUID: UUID.init).run()
        return try file.load()
    }

    @Test func twoBatchesAppliedInReverseOrderMoveTheCursorPastBoth() throws {
        let state = try sync(OrderingServer(order: [2, 1], firstSent: first))
        #expect(state.sync.cursor == Int64(SyncAPI.maxOperationsPerPush + 1))
        #expect(state.todos.allSatisfy(\.synced) && state.sync.outbox.isEmpty)
    }

    @Test func anotherDevicesWriteBetweenTheBatchesStopsTheCursorBeforeIt() throws {
        // The first batch takes revisions 1…1000, another device 1001, the second 1002.
        let state = try sync(OrderingServer(order: [1, 2], foreign: 1, firstSent: first))
        #expect(state.sync.cursor == Int64(SyncAPI.maxOperationsPerPush))
    }

    @Test func anotherDevicesWriteAfterTheSecondBatchAppliedFirstStopsTheCursorAtThatBatch() throws {
        // The second batch takes revision 1, another device 2, the first 3…1002.
        let state = try sync(OrderingServer(order: [2, 1], foreign: 1, firstSent: first))
        #expect(state.sync.cursor == 1)
        #expect(state.todos.allSatisfy(\.synced) && state.sync.outbox.isEmpty)
    }

    /// A batch refused as too large while the next is on its way is sent again in halves;
    /// the next is answered once, and every todo arrives.
    @Test func aBatchRefusedWhileTheNextIsOnItsWayIsSentInHalves() throws {
        _ = try file.update { state in
            var state = state
            for index in 0..<(SyncAPI.maxOperationsPerPush / 2) {
                state = try reduce(state, .add(NewTodo(uuid: UUID(), name: "more \(index)", createdAt: at)))
            }
            return state
        }
        let server = FakeServer()
        server.maxOperations = SyncAPI.maxOperationsPerPush - 1
        let report = try SyncEngine(store: file, client: server, now: { at }, newUUID: UUID.init).run()
        #expect(report.pushed == SyncAPI.maxOperationsPerPush * 3 / 2 + 1)
        #expect(server.refused == [SyncAPI.maxOperationsPerPush])
        #expect(server.pushes.map(\.count).sorted() == [501, 500, 500].sorted())
        let state = try file.load()
        #expect(state.todos.allSatisfy(\.synced) && state.sync.outbox.isEmpty)
        #expect(state.sync.cursor == server.revision)
    }

    /// A server answering a revision past its own latest would move the cursor past changes
    /// still to come: the sync stops with an error, and the answers are not applied.
    @Test func anAnswerPastTheServersLatestRevisionIsABadResponse() throws {
        let server = FakeServer()
        server.cursorBehind = 1
        #expect {
            try SyncEngine(store: file, client: server, now: { at }, newUUID: UUID.init).run()
        } throws: { error in
            guard case SyncError.badResponse(let text) = error else { return false }
            return text.contains("outside 1...")
        }
        let state = try file.load()
        #expect(state.sync.cursor == 0 && state.sync.outbox.count == SyncAPI.maxOperationsPerPush + 1)
    }

    @Test func theCursorMovesThroughRevisionsInAnyOrderAndStopsAtAGap() {
        var own = OwnRevisions(after: 10)
        own.note([.applied(opId: UUID(), rev: 13), .applied(opId: UUID(), rev: 12)])
        #expect(own.cursor == 10)
        own.note([
            .conflict(opId: UUID(), record: nil), .applied(opId: UUID(), rev: 9), .applied(opId: UUID(), rev: 11)
        ])
        #expect(own.cursor == 13)
        own.note([.applied(opId: UUID(), rev: 15)])
        #expect(own.cursor == 13)
    }
}
