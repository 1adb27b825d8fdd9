import TodoWire
import XCTVapor

@testable import TodoServer

/// Issue 15: tombstones and stored operation results past the horizon are pruned; a device
/// whose cursor is below a pruned tombstone is told (410) to read the whole feed again.
final class PruningTests: ServerTestCase {
    func testPruningRemovesOldTombstonesAndResultsAndSendsLaggardsBackToTheStart() async throws {
        let token = try await makeUser("alice")
        let other = try await makeUser("bob")
        let (kept, gone, later) = (UUID(), UUID(), UUID())
        let put = Make.put(gone, base: 0, "to delete")
        _ = try await push(token, [Make.put(kept, base: 0, "kept"), put])   // revs 1, 2
        let laggard = try await changes(token).nextCursor                      // a device at 2
        _ = try await push(token, [Make.delete(gone, base: 2)])                // rev 3
        _ = try await push(other, [Make.put(UUID(), base: 0, "bob's")])

        // Nothing is old enough yet.
        let none = try await Pruning.prune(app.db, queue: .of(app), olderThan: Date().addingTimeInterval(-86_400))
        XCTAssertEqual(none, Pruning.Outcome())
        let everything = try await Pruning.prune(app.db, queue: .of(app), olderThan: Date().addingTimeInterval(60))
        XCTAssertEqual(everything, Pruning.Outcome(tombstones: 1, operations: 4))

        // Behind the pruned tombstone: 410, and nothing else changes.
        let behind = try await send(.GET, "v1/changes?since=\(laggard)", headers: auth(token))
        try assertError(behind, .gone)
        XCTAssertTrue(behind.body.string.contains("changes up to revision 3 were pruned: read the feed again from since=0"), behind.body.string)
        // From the start, or from past the tombstone: the feed as it is now.
        let fromStart = try await changes(token)
        XCTAssertEqual(fromStart.changes.map(\.uuid), [kept])
        let fromPast = try await changes(token, since: 3)
        XCTAssertEqual(fromPast.changes, [])
        // Another user's feed is not concerned.
        let others = try await changes(other, since: 1)
        XCTAssertEqual(others.changes, [])

        // A push retried after the horizon is judged afresh (API.md): this creation, whose
        // todo and tombstone are gone, creates it again; revisions go on from the same counter.
        let retried = try await push(token, [put])
        XCTAssertEqual(retried.results.map(\.status), [.applied])
        XCTAssertEqual(retried.results.first?.record?.rev, 4)
        let next = try await push(token, [Make.put(later, base: 0, "later")])
        XCTAssertEqual(next.results.first?.record?.rev, 5)
    }
}
