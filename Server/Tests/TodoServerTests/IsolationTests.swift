import TodoWire
import XCTVapor

@testable import TodoServer

/// User B knows the UUIDs of user A's todos and still cannot read, change or delete them.
final class IsolationTests: ServerTestCase {
    func testUsersCannotSeeOrTouchEachOthersTodos() async throws {
        let alice = try await makeUser("alice")
        let bob = try await makeUser("bob")
        let (shared, secret) = (UUID(), UUID())
        _ = try await push(alice, [Make.put(shared, base: 0, "alice 1"), Make.put(secret, base: 0, "alice 2")])
        let aliceBefore = try await changes(alice)

        // Read: bob's feed is his own, empty.
        let bobsFeed = try await changes(bob).changes
        XCTAssertEqual(bobsFeed, [])

        // Change: bob's put at alice's revision finds no record of his: a conflict, no record.
        let overwrite = try await push(bob, [Make.put(shared, base: 1, "bob was here")])
        XCTAssertEqual(overwrite.results[0].status, .conflict)
        XCTAssertNil(overwrite.results[0].record)

        // Delete: bob's delete of alice's uuid makes a tombstone in bob's data only.
        let delete = try await push(bob, [Make.delete(secret, base: 0)])
        XCTAssertEqual(delete.results[0].status, .applied)
        XCTAssertEqual(delete.results[0].record?.rev, 1)

        // Create with the same uuid: bob gets his own record, keyed by (bob, uuid).
        let own = try await push(bob, [Make.put(shared, base: 0, "bob's own")])
        XCTAssertEqual(own.results[0].status, .applied)
        XCTAssertEqual(own.results[0].record?.rev, 2)

        let aliceAfter = try await changes(alice)
        XCTAssertEqual(aliceAfter.changes, aliceBefore.changes)
        XCTAssertEqual(aliceAfter.changes.map { $0.todo?.name }, ["alice 1", "alice 2"])
        let bobsUUIDs = try await changes(bob).changes.map(\.uuid)
        XCTAssertEqual(bobsUUIDs, [secret, shared])

        // Revisions are per user: alice's next change is her rev 3, whatever bob did.
        let next = try await push(alice, [Make.put(shared, base: 1, "alice 1b")])
        XCTAssertEqual(next.results[0].record?.rev, 3)
    }
}
