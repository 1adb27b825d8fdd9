import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// User B knows the UUIDs of user A's todos and still cannot read, change or delete them.
struct IsolationTests {
    @Test func usersCannotSeeOrTouchEachOthersTodos() async throws {
        try await withTestApp { app in
            let alice = try await app.makeUser("alice")
            let bob = try await app.makeUser("bob")
            let (shared, secret) = (UUID(), UUID())
            _ = try await app.push(alice, [Make.put(shared, base: 0, "alice 1"), Make.put(secret, base: 0, "alice 2")])
            let aliceBefore = try await app.changes(alice)

            // Read: bob's feed is his own, empty.
            let bobsFeed = try await app.changes(bob).changes
            #expect(bobsFeed == [])

            // Change: bob's put at alice's revision finds no record of his: a conflict, no record.
            let overwrite = try await app.push(bob, [Make.put(shared, base: 1, "bob was here")])
            #expect(overwrite.results[0].status == .conflict)
            #expect(overwrite.results[0].record == nil)

            // Delete: bob's delete of alice's uuid makes a tombstone in bob's data only.
            let delete = try await app.push(bob, [Make.delete(secret, base: 0)])
            #expect(delete.results[0].status == .applied)
            #expect(delete.results[0].record?.rev == 1)

            // Create with the same uuid: bob gets his own record, keyed by (bob, uuid).
            let own = try await app.push(bob, [Make.put(shared, base: 0, "bob's own")])
            #expect(own.results[0].status == .applied)
            #expect(own.results[0].record?.rev == 2)

            let aliceAfter = try await app.changes(alice)
            #expect(aliceAfter.changes == aliceBefore.changes)
            #expect(aliceAfter.changes.map { $0.todo?.name } == ["alice 1", "alice 2"])
            let bobsUUIDs = try await app.changes(bob).changes.map(\.uuid)
            #expect(bobsUUIDs == [secret, shared])

            // Revisions are per user: alice's next change is her rev 3, whatever bob did.
            let next = try await app.push(alice, [Make.put(shared, base: 1, "alice 1b")])
            #expect(next.results[0].record?.rev == 3)
        }
    }
}
