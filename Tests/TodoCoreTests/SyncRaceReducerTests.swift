import Foundation
import Testing
@testable import TodoCore

/// The sync reducer's answers to issue 20, each with the exact state it must leave: a
/// device's own write recognised, operations never dropped from the outbox, occurrences made
/// on two devices merged against what they were made with, one rule per series.
@Suite struct SyncRaceReducerTests {
    let now = Fixture.t(100)

    func content(_ name: String, completed: Bool = false, minute: Double = 1) -> TodoContent {
        TodoContent(
            name: name, completed: completed, completedAt: completed ? Fixture.t(minute) : nil, createdAt: Fixture.t(1),
            updatedAt: Fixture.t(minute))
    }

    /// #1 "buy milk", pushed as `pushed` in an operation whose reply was lost (base nil), then
    /// completed here.
    var afterLostReply: TodoState {
        var milk = Fixture.todo(1, "buy milk", synced: false)
        milk.completed = true
        milk.completedAt = Fixture.t(5)
        milk.updatedAt = Fixture.t(5)
        let operation = OutboxOperation(
            opId: Fixture.uuid(50), uuid: milk.uuid, baseRev: 0, content: content("buy milk"))
        return TodoState(todos: [milk], nextId: 2, sync: SyncState(outbox: [operation]))
    }

    @Test func aPulledCopyEqualToAnUnansweredOperationIsTheDevicesOwnWrite() throws {
        let pulled = RemoteRecord(uuid: Fixture.uuid(1), rev: 5, content: content("buy milk"))
        let next = try reduce(afterLostReply, .syncPulled(records: [pulled], cursor: 5, at: now))
        var expected = afterLostReply
        expected.todos[0].base = SyncBase(rev: 5, content: content("buy milk"))
        expected.sync.cursor = 5
        // Read from the start of the feed: a part where a pruned tombstone went unseen.
        expected.sync.noteGap(after: 0, upTo: 5)
        #expect(next == expected)
    }

    /// #1 synced at rev 3, renamed here and pushed (the reply lost), then renamed back: the
    /// server's copy is this device's own write, so the rename back is this device's change
    /// and stays; merged against the older base, the server's copy would look newer and win.
    @Test func aChangeMadeAfterAnUnansweredEditIsKeptOverThatEdit() throws {
        var milk = Fixture.todo(1, "buy milk", synced: false)
        milk.base = SyncBase(rev: 3, content: content("buy milk"))
        milk.updatedAt = Fixture.t(6)
        let sent = content("buy oat milk", minute: 5)
        let operation = OutboxOperation(opId: Fixture.uuid(50), uuid: milk.uuid, baseRev: 3, content: sent)
        let start = TodoState(todos: [milk], nextId: 2, sync: SyncState(outbox: [operation]))
        let pulled = RemoteRecord(uuid: milk.uuid, rev: 5, content: sent)
        let next = try reduce(start, .syncPulled(records: [pulled], cursor: 5, at: now))
        var expected = start
        expected.todos[0].base = SyncBase(rev: 5, content: sent)
        expected.sync.cursor = 5
        // Read from the start of the feed: a part where a pruned tombstone went unseen.
        expected.sync.noteGap(after: 0, upTo: 5)
        #expect(next == expected)
    }

    @Test func aReplayedAnswerGivesTheBaseItWrote() throws {
        let next = try reduce(afterLostReply, .syncPushed([.applied(opId: Fixture.uuid(50), rev: 5)], at: now))
        var expected = afterLostReply
        expected.todos[0].base = SyncBase(rev: 5, content: content("buy milk"))
        expected.sync.outbox = []
        #expect(next == expected)
        #expect(next.pendingOperations { Fixture.uuid(51) }.map(\.baseRev) == [5])
    }

    @Test func anAnswerOlderThanWhatAPullBroughtLeavesTheBase() throws {
        var start = afterLostReply
        start.todos[0].base = SyncBase(rev: 7, content: content("buy oat milk"))
        let next = try reduce(start, .syncPushed([.applied(opId: Fixture.uuid(50), rev: 5)], at: now))
        var expected = start
        expected.sync.outbox = []
        #expect(next == expected)
    }

    @Test func queuingAddsToUnansweredOperationsAndSkipsTheirTodos() throws {
        var start = afterLostReply
        start.todos.append(Fixture.todo(2, "bread", synced: false))
        start.nextId = 3
        let pending = start.pendingOperations { Fixture.uuid(60) }
        #expect(pending.map(\.uuid) == [Fixture.uuid(2)])
        let next = try reduce(
            start,
            .syncQueued(
                pending + [OutboxOperation(opId: Fixture.uuid(61), uuid: Fixture.uuid(1), baseRev: 0, content: nil)]))
        #expect(next.sync.outbox == start.sync.outbox + pending)
    }

    @Test func ownWriteAnsweredAsAConflictAfterPruningDeletesATodoRemovedHere() throws {
        var start = afterLostReply
        start.todos = []
        let record = RemoteRecord(uuid: Fixture.uuid(1), rev: 5, content: content("buy milk"))
        let next = try reduce(start, .syncPushed([.conflict(opId: Fixture.uuid(50), record: record)], at: now))
        let deletion = PendingDeletion(
            uuid: Fixture.uuid(1), base: SyncBase(rev: 5, content: content("buy milk")), name: "buy milk")
        #expect(next == TodoState(todos: [], nextId: 2, sync: SyncState(deletions: [deletion])))
    }

    /// #1 "buy milk" synced at rev 3, completed and pushed (the reply lost), then cleared
    /// here: its pending delete is based on rev 3, and the completion is still in the outbox.
    var clearedAfterLostReply: TodoState {
        let sent = content("buy milk", completed: true, minute: 5)
        let operation = OutboxOperation(opId: Fixture.uuid(50), uuid: Fixture.uuid(1), baseRev: 3, content: sent)
        let deletion = PendingDeletion(
            uuid: Fixture.uuid(1), base: SyncBase(rev: 3, content: content("buy milk")), name: "buy milk")
        return TodoState(todos: [], nextId: 2, sync: SyncState(cursor: 3, deletions: [deletion], outbox: [operation]))
    }

    /// Issue 42: the completion, read back by another sync of this device (or answered as a
    /// conflict by a retry after pruning) is this device's own write, not an edit made
    /// elsewhere: the delete stands, based on it, instead of the todo coming back.
    @Test func aPulledOwnWriteOfATodoDeletedHereKeepsTheDelete() throws {
        let pulled = RemoteRecord(
            uuid: Fixture.uuid(1), rev: 5, content: content("buy milk", completed: true, minute: 5))
        var expected = clearedAfterLostReply
        expected.sync.deletions[0].base = SyncBase(rev: 5, content: pulled.content)
        expected.sync.cursor = 5
        #expect(try reduce(clearedAfterLostReply, .syncPulled(records: [pulled], cursor: 5, at: now)) == expected)
        expected.sync.outbox = []
        expected.sync.cursor = 3
        #expect(
            try reduce(clearedAfterLostReply, .syncPushed([.conflict(opId: Fixture.uuid(50), record: pulled)], at: now))
                == expected)
    }

    /// Issue 42: a todo never acknowledged, removed here while its creation was on its way
    /// (no delete noted: the server was not known to have it), read back by another sync
    /// of this device: it is deleted there too, not brought back.
    @Test func aPulledOwnCreationOfATodoRemovedHereIsDeletedThere() throws {
        var start = afterLostReply
        start.todos = []
        let pulled = RemoteRecord(uuid: Fixture.uuid(1), rev: 5, content: content("buy milk"))
        let next = try reduce(start, .syncPulled(records: [pulled], cursor: 5, at: now))
        let deletion = PendingDeletion(
            uuid: Fixture.uuid(1), base: SyncBase(rev: 5, content: content("buy milk")), name: "buy milk")
        var sync = SyncState(cursor: 5, deletions: [deletion], outbox: start.sync.outbox)
        sync.noteGap(after: 0, upTo: 5)
        #expect(next == TodoState(todos: [], nextId: 2, sync: sync))
    }

    /// #1 "rent", daily, due 2026-12-01, synced at rev 1.
    var rent: Todo {
        var rent = Fixture.todo(1, "rent")
        rent.due = .day(Dates.day("2026-12-01"))
        rent.recur = Recurrence(rule: "daily")
        rent.series = rent.uuid
        rent.anchor = SeriesAnchor(rent.due!, in: .utc)
        rent.base = SyncBase(rev: 1, content: rent.content)
        return rent
    }

    @Test func anOccurrenceMadeOnTwoDevicesKeepsWhatOneChanged() throws {
        let made = try reduce(TodoState(todos: [rent], nextId: 2), .completed(ids: [1], at: Fixture.t(10)))
        let here = try reduce(made, .completed(ids: [2], at: Fixture.t(11)))
        // The other device made #2's copy at another time and left it as it was.
        let elsewhere = try #require(rent.nextOccurrence(doneAt: Fixture.t(20), madeAt: Fixture.t(20)))
        let pulled = RemoteRecord(uuid: elsewhere.uuid, rev: 3, content: elsewhere.content)
        let next = try reduce(here, .syncPulled(records: [pulled], cursor: 3, at: now))
        var expected = here
        expected.todos[1].createdAt = elsewhere.createdAt
        expected.todos[1].updatedAt = elsewhere.updatedAt
        expected.todos[1].base = SyncBase(rev: 3, content: elsewhere.content)
        expected.todos[1].origin = nil
        expected.sync.cursor = 3
        // Read from the start of the feed: a part where a pruned tombstone went unseen.
        expected.sync.noteGap(after: 0, upTo: 3)
        #expect(next == expected)
        #expect(next.todos.filter { $0.recur != nil }.map(\.id) == [3])
    }

    /// Issue 42 (a delete beat an edit): a batch completes #1 and tags the occurrence that
    /// made, in one step at one time; another device made the same occurrence and skipped
    /// it. The tag was made on the copy the skip was based on: it wins, the occurrence is
    /// kept. It used to read as made (changed at the time it was made) and went silently.
    @Test func anOccurrenceEditedInTheBatchThatMadeItIsKeptOverADeleteElsewhere() throws {
        let at = Fixture.t(10)
        let start = TodoState(todos: [rent], nextId: 2, sync: SyncState(cursor: 1))
        let made = try reduce(
            start, .batch([.completed(ids: [1], at: at), .edit(id: 2, changes: [.addTag("later")], at: at)]))
        #expect(made.todos[1].tags == ["later"])
        #expect(!made.todos[1].content.isAsMade)
        let skipped = RemoteRecord(uuid: made.todos[1].uuid, rev: 3, content: nil)
        let next = try reduce(made, .syncPulled(records: [skipped], cursor: 3, at: now))
        #expect(next.todos.map(\.uuid) == made.todos.map(\.uuid))
        #expect(next.todos[1].conflicts.map(\.field) == ["deleted"])
    }

    /// Issue 42: #1 skipped here, its delete still waiting, while another device, finding
    /// the next occurrence beside it on the server, took its rule off: that settles the
    /// series, it is no one's edit, and the skip stands against it.
    @Test func aRuleTakenOffElsewhereDoesNotBeatASkipHere() throws {
        let deletion = PendingDeletion(uuid: rent.uuid, base: rent.base!, name: "rent")
        let start = TodoState(todos: [], nextId: 3, sync: SyncState(cursor: 2, deletions: [deletion]))
        var settled = rent.content
        settled.attributes.dropRule()
        settled.updatedAt = Fixture.t(30)
        let pulled = RemoteRecord(uuid: rent.uuid, rev: 3, content: settled)
        let next = try reduce(start, .syncPulled(records: [pulled], cursor: 3, at: now))
        var expected = start
        expected.sync.deletions[0].base = SyncBase(rev: 3, content: settled)
        expected.sync.cursor = 3
        #expect(next == expected)
    }

    @Test func anOccurrenceKeptOverASkipElsewhereHandsItsRuleToTheNextOne() throws {
        var edited = rent
        edited.tags = ["later"]
        edited.synced = false
        let start = TodoState(todos: [edited], nextId: 2, sync: SyncState(cursor: 1))
        let skipped = RemoteRecord(uuid: rent.uuid, rev: 2, content: nil)
        let next0 = try #require(rent.nextOccurrence(doneAt: Fixture.t(20), madeAt: Fixture.t(20)))
        let made = RemoteRecord(uuid: next0.uuid, rev: 3, content: next0.content)
        let next = try reduce(start, .syncPulled(records: [skipped, made], cursor: 3, at: now))
        var kept = edited
        kept.base = SyncBase(rev: 2, content: nil)
        kept.conflicts = [
            SyncConflict(field: "deleted", lost: "deleted on another device", kept: "the copy edited here", at: now)
        ]
        kept.recur = nil
        kept.anchor = nil
        kept.updatedAt = now
        var following = Todo(id: 2, uuid: next0.uuid, name: "rent", createdAt: next0.createdAt)
        following.content = next0.content
        following.base = SyncBase(rev: 3, content: next0.content)
        following.synced = true
        #expect(next == TodoState(todos: [kept, following], nextId: 3, sync: SyncState(cursor: 3)))
    }

    @Test func aRuleChangedElsewhereDoesNotComeBackOnAnOccurrenceCompletedHere() throws {
        let done = try reduce(TodoState(todos: [rent], nextId: 2), .completed(ids: [1], at: Fixture.t(10)))
        var weekly = rent.content
        weekly.recur = Recurrence(rule: "weekly")
        let next = try reduce(
            done, .syncPulled(records: [RemoteRecord(uuid: rent.uuid, rev: 2, content: weekly)], cursor: 2, at: now))
        var expected = done
        expected.todos[0].base = SyncBase(rev: 2, content: weekly)
        expected.sync.cursor = 2
        // Read from the start of the feed: a part where a pruned tombstone went unseen.
        expected.sync.noteGap(after: 0, upTo: 2)
        #expect(next == expected)
    }

    /// A page read before another sync of this device moved the cursor past it (and deleted
    /// a todo it holds) brings nothing back, by a pull or a whole read again.
    @Test func recordsAtOrBelowTheCursorAreNewsAlreadyHad() throws {
        let moved = TodoState(todos: [], nextId: 2, sync: SyncState(cursor: 3))
        let stale = RemoteRecord(uuid: Fixture.uuid(1), rev: 2, content: content("deleted since"))
        #expect(try reduce(moved, .syncPulled(records: [stale], cursor: 2, at: now)) == moved)
        #expect(try reduce(moved, .syncResynced(records: [stale], cursor: 2, at: now)) == moved)
    }

    /// A todo a pull brings takes its number as every other does: past the last one there
    /// is, the pull is refused, never given a number no file can hold.
    @Test func aPullPastTheLastNumberIsRefused() throws {
        let full = TodoState(todos: [], nextId: TodoState.maxId + 1)
        let pulled = RemoteRecord(uuid: Fixture.uuid(7), rev: 1, content: content("one too many"))
        #expect(throws: ReduceError.numbersExhausted) {
            try reduce(full, .syncPulled(records: [pulled], cursor: 1, at: now))
        }
    }

    @Test func aRuleOnACompletedTodoIsRefused() throws {
        let done = try reduce(TodoState(todos: [rent], nextId: 2), .completed(ids: [1], at: Fixture.t(10)))
        #expect(throws: ReduceError.recurrenceOnCompleted(1)) {
            try reduce(done, .edit(id: 1, changes: [.set(.recur, .word("weekly"))], at: now))
        }
        // Any other change of a completed todo is still taken.
        #expect(
            try reduce(done, .edit(id: 1, changes: [.set(.name, .text("rent paid"))], at: now)).todos[0].name
                == "rent paid")
    }
}
