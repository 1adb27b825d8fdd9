import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 15: tombstones and stored operation results past the horizon are pruned; a device
/// whose cursor is below a pruned tombstone is told (410) to read the whole feed again.
struct PruningTests {
    @Test func pruningRemovesOldTombstonesAndResultsAndSendsLaggardsBackToTheStart() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let other = try await app.makeUser("bob")
            let (kept, gone, later) = (UUID(), UUID(), UUID())
            let put = Make.put(gone, base: 0, "to delete")
            _ = try await app.push(token, [Make.put(kept, base: 0, "kept"), put])  // revs 1, 2
            let laggard = try await app.changes(token).nextCursor  // a device at 2
            _ = try await app.push(token, [Make.delete(gone, base: 2)])  // rev 3
            _ = try await app.push(other, [Make.put(UUID(), base: 0, "bob's")])

            // Nothing is old enough yet.
            let none = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(-86_400))
            #expect(none == Pruning.Outcome())
            let everything = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            // Of the results, only the creation the delete replaced was stored (the others are on
            // their rows); the delete's is kept as its tombstone goes.
            #expect(everything == Pruning.Outcome(tombstones: 1, operations: 1))

            // Behind the pruned tombstone: 410, and nothing else changes.
            let behind = try await app.send(.GET, "v1/changes?since=\(laggard)", headers: auth(token))
            try app.expectError(behind, .gone)
            #expect(
                behind.body.string.contains("changes up to revision 3 were pruned: read the feed again from since=0"),
                "\(behind.body.string)")
            // From the start, or from past the tombstone: the feed as it is now.
            let fromStart = try await app.changes(token)
            #expect(fromStart.changes.map(\.uuid) == [kept])
            let fromPast = try await app.changes(token, since: 3)
            #expect(fromPast.changes == [])
            // Another user's feed is not concerned.
            let others = try await app.changes(other, since: 1)
            #expect(others.changes == [])

            // A push retried after the horizon is judged afresh (API.md): this creation, whose
            // todo and tombstone are gone, creates it again; revisions go on from the same counter.
            let retried = try await app.push(token, [put])
            #expect(retried.results.map(\.status) == [.applied])
            #expect(retried.results.first?.record?.rev == 4)
            let next = try await app.push(token, [Make.put(later, base: 0, "later")])
            #expect(next.results.first?.record?.rev == 5)
        }
    }
}

/// Issue 42: a pruned tombstone's uuid and revision are kept (`PrunedRows`), so a device that
/// never read the deletion cannot make the todo again by sending it as new.
struct PrunedTombstoneTests {
    @Test func aCreationOfAPrunedTodoFromAClientThatReadsPrunedTombstonesMeetsTheTombstone() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let occurrence = UUID()
            _ = try await app.push(token, [Make.put(occurrence, base: 0, "made on two devices")])  // rev 1
            _ = try await app.push(token, [Make.delete(occurrence, base: 1)])  // rev 2
            let pruned = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            #expect(pruned.tombstones == 1)

            // Another device's copy, sent as new: the tombstone answers, and nothing changes.
            let again = Make.put(occurrence, base: 0, "made on two devices")
            let answer = try await app.push(token, [again], since: 2, prunedTombstones: true)
            #expect(answer.results.map(\.status) == [.conflict])
            #expect(answer.results.first?.record == TodoRecord(uuid: occurrence, rev: 2, deleted: true, todo: nil))
            #expect(answer.cursor == 2)
            #expect(try await app.changes(token).changes == [])

            // A copy kept on purpose, sent against that tombstone, brings the todo back.
            let kept = try await app.push(
                token, [Make.put(occurrence, base: 2, "kept")], since: 2, prunedTombstones: true)
            #expect(kept.results.map(\.status) == [.applied])
            #expect(kept.results.first?.record?.rev == 3)
            #expect(try await app.changes(token).changes.map(\.uuid) == [occurrence])
        }
    }

    @Test func anOlderClientsCreationOfAPrunedTodoIsAppliedAsBefore() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            _ = try await app.push(token, [Make.put(todo, base: 0, "old")])
            _ = try await app.push(token, [Make.delete(todo, base: 1)])
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            let answer = try await app.push(token, [Make.put(todo, base: 0, "old")])
            #expect(answer.results.map(\.status) == [.applied])
        }
    }

    @Test func aTodoPrunedTwiceIsAnsweredWithItsLatestTombstone() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            _ = try await app.push(token, [Make.put(todo, base: 0, "first")])  // rev 1
            _ = try await app.push(token, [Make.delete(todo, base: 1)])  // rev 2
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            _ = try await app.push(token, [Make.put(todo, base: 2, "again")], prunedTombstones: true)  // rev 3
            _ = try await app.push(token, [Make.delete(todo, base: 3)])  // rev 4
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            let answer = try await app.push(token, [Make.put(todo, base: 0, "third")], prunedTombstones: true)
            #expect(answer.results.first?.record == TodoRecord(uuid: todo, rev: 4, deleted: true, todo: nil))
        }
    }
}

/// Issue 42 (seed 770364): what a pruned result keeps (`PrunedOperations`) answers a push
/// retried after pruning as applied, at the revision it was written at, so the device reads
/// a later change made elsewhere as later instead of sending its own again over it.
struct PrunedOperationTests {
    @Test func aPushRetriedAfterItsResultWasPrunedIsAnsweredAsApplied() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (todo, gone) = (UUID(), UUID())
            _ = try await app.push(token, [Make.put(todo, base: 0, "open"), Make.put(gone, base: 0, "to delete")])
            // This device's completion (rev 3) and delete (rev 4): their answers are lost.
            var completed = Make.put(todo, base: 1, "completed")
            completed.todo?.completed = true
            let delete = Make.delete(gone, base: 2)
            _ = try await app.push(token, [completed, delete], revisionsOnly: true)
            // Another device reopens it (rev 5); then everything is pruned.
            _ = try await app.push(token, [Make.put(todo, base: 3, "reopened")])
            let pruned = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            // The results stored are those of the operations replaced since (revs 1 to 3); the
            // delete's goes with its tombstone.
            #expect(pruned == Pruning.Outcome(tombstones: 1, operations: 3))

            // The retry learns where its writes went; nothing changes.
            let retry = try await app.push(token, [completed, delete], since: 2, revisionsOnly: true)
            #expect(retry.results.map(\.status) == [.applied, .applied])
            #expect(
                retry.results.map(\.record) == [
                    TodoRecord(uuid: todo, rev: 3, deleted: false, todo: nil),
                    TodoRecord(uuid: gone, rev: 4, deleted: true, todo: nil)
                ])
            #expect(retry.cursor == 5)
            #expect(try await app.changes(token).changes.map(\.rev) == [5])
            // Asked for whole, the put is answered with what it sent.
            let whole = try await app.push(token, [completed])
            #expect(whole.results.first?.record == TodoRecord(uuid: todo, rev: 3, deleted: false, todo: completed.todo))

            // The same change under a new opId was never applied: a conflict with the reopened copy.
            let fresh = Make.put(todo, base: 1, "completed")
            let conflict = try await app.push(token, [fresh], revisionsOnly: true)
            #expect(conflict.results.map(\.status) == [.conflict])
            #expect(conflict.results.first?.record?.rev == 5)
            #expect(conflict.results.first?.record?.todo?.name == "reopened")
        }
    }

    @Test func aRecreationStoredTwiceIsKeptOnceWhenPrunedAgain() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            let create = Make.put(todo, base: 0, "made")
            _ = try await app.push(token, [create])  // rev 1
            _ = try await app.push(token, [Make.delete(todo, base: 1)])  // rev 2
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            // An older client's creation, retried: todo and tombstone gone, it is made again (rev 3).
            #expect(try await app.push(token, [create]).results.first?.record?.rev == 3)
            _ = try await app.push(token, [Make.put(todo, base: 3, "changed")])  // rev 4
            let again = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            #expect(again.operations == 1)
            let retry = try await app.push(token, [create], revisionsOnly: true)
            #expect(retry.results.first?.record == TodoRecord(uuid: todo, rev: 3, deleted: false, todo: nil))
        }
    }
}
