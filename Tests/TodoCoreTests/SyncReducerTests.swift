import Foundation
import Testing
@testable import TodoCore

@Suite struct SyncReducerTests {
    let now = Fixture.t(100)
    let dataset = UUID(uuidString: "11111111-0000-4000-8000-000000000000")!

    /// #1 synced at rev 3, #2 synced at rev 4 then edited here, #3 never synced.
    var state: TodoState {
        var one = Fixture.todo(1, "milk")
        one.base = SyncBase(rev: 3, content: one.content)
        var two = Fixture.todo(2, "bread")
        two.base = SyncBase(rev: 4, content: two.content)
        two.name = "rye bread"
        two.synced = false
        let three = Fixture.todo(3, "eggs", synced: false)
        return TodoState(todos: [one, two, three], nextId: 4, sync: SyncState(datasetId: dataset, cursor: 4))
    }

    func content(_ name: String, notes: String = "", completed: Bool = false, minute: Double = 1) -> TodoContent {
        TodoContent(
            name: name, notes: notes, completed: completed, completedAt: completed ? Fixture.t(minute) : nil,
            createdAt: Fixture.t(1), updatedAt: Fixture.t(minute))
    }

    @Test func resetForgetsTheServerButNoTodo() throws {
        var start = state
        start.sync.deletions = [PendingDeletion(uuid: Fixture.uuid(9), base: SyncBase(rev: 2, content: nil), name: "x")]
        let next = try reduce(start, .syncReset(datasetId: Fixture.uuid(77)))
        var expected = start
        for index in expected.todos.indices {
            expected.todos[index].base = nil
            expected.todos[index].synced = false
        }
        expected.sync = SyncState(datasetId: Fixture.uuid(77))
        #expect(next == expected)
    }

    /// Issue 42: a sync that loaded its state before another sync of this device met the
    /// dataset (a first sync, or one after a reset) resets nothing: the other sync's outbox,
    /// waiting for answers, and the bases it learned are of this dataset.
    @Test func aResetToTheDatasetAlreadyMetChangesNothing() throws {
        var start = state
        start.sync.outbox = [
            OutboxOperation(opId: Fixture.uuid(50), uuid: Fixture.uuid(3), baseRev: 0, content: start.todos[2].content)
        ]
        #expect(try reduce(start, .syncReset(datasetId: start.sync.datasetId!)) == start)
    }

    @Test func queuedOperationsAreRemembered() throws {
        var ids = (100...).makeIterator()
        let operations = state.pendingOperations { Fixture.uuid(ids.next()!) }
        #expect(
            operations == [
                OutboxOperation(
                    opId: Fixture.uuid(100), uuid: Fixture.uuid(2), baseRev: 4, content: state.todos[1].content),
                OutboxOperation(
                    opId: Fixture.uuid(101), uuid: Fixture.uuid(3), baseRev: 0, content: state.todos[2].content)
            ])
        var expected = state
        expected.sync.outbox = operations
        #expect(try reduce(state, .syncQueued(operations)) == expected)
    }

    @Test func pulledRecordsMergeAddAndDelete() throws {
        let records = [
            RemoteRecord(uuid: Fixture.uuid(1), rev: 5, content: nil),
            RemoteRecord(
                uuid: Fixture.uuid(2), rev: 6,
                content: TodoContent(name: "bread", notes: "fresh", createdAt: Fixture.t(2), updatedAt: Fixture.t(50))),
            RemoteRecord(uuid: Fixture.uuid(8), rev: 7, content: content("from elsewhere")),
            RemoteRecord(uuid: Fixture.uuid(1), rev: 2, content: content("stale"))
        ]
        let next = try reduce(state, .syncPulled(records: records, cursor: 7, at: now))
        var two = state.todos[1]
        two.notes = "fresh"
        two.updatedAt = Fixture.t(50)
        two.base = SyncBase(rev: 6, content: records[1].content)
        var added = Todo(
            id: 4, uuid: Fixture.uuid(8), name: "from elsewhere", createdAt: Fixture.t(1), updatedAt: Fixture.t(1),
            synced: true)
        added.base = SyncBase(rev: 7, content: added.content)
        #expect(next.todos == [two, state.todos[2], added])
        #expect(next.nextId == 5)
        #expect(next.sync == SyncState(datasetId: dataset, cursor: 7))
        #expect(next.history == state.history)
    }

    @Test func pushedAnswersSetBasesAndConflictsMerge() throws {
        var start = state
        start.sync.outbox = [
            OutboxOperation(
                opId: Fixture.uuid(100), uuid: Fixture.uuid(2), baseRev: 4, content: start.todos[1].content),
            OutboxOperation(opId: Fixture.uuid(101), uuid: Fixture.uuid(3), baseRev: 0, content: start.todos[2].content)
        ]
        let serverTwo = TodoContent(name: "white bread", createdAt: Fixture.t(2), updatedAt: Fixture.t(60))
        let outcomes: [PushOutcome] = [
            .conflict(opId: Fixture.uuid(100), record: RemoteRecord(uuid: Fixture.uuid(2), rev: 9, content: serverTwo)),
            .applied(opId: Fixture.uuid(101), rev: 10)
        ]
        let next = try reduce(start, .syncPushed(outcomes, at: now))
        var two = start.todos[1]
        two.name = "white bread"
        two.updatedAt = Fixture.t(60)
        two.base = SyncBase(rev: 9, content: serverTwo)
        two.synced = true
        two.conflicts = [SyncConflict(field: "name", lost: "rye bread", kept: "white bread", at: now)]
        var three = start.todos[2]
        three.base = SyncBase(rev: 10, content: three.content)
        three.synced = true
        #expect(next.todos == [start.todos[0], two, three])
        #expect(next.sync.outbox.isEmpty)
    }

    /// An edit made while its todo's push is in flight is not what the server acknowledged:
    /// the base is the content sent, so the edit stays unsynced and is sent next.
    @Test func anAppliedAnswerTakesTheSentContentAsTheBase() throws {
        let sent = state.todos[2].content
        var start = state
        start.sync.outbox = [OutboxOperation(opId: Fixture.uuid(101), uuid: Fixture.uuid(3), baseRev: 0, content: sent)]
        let edited = try reduce(start, .edit(id: 3, changes: [FieldChange(.name, "duck eggs")], at: now))
        let answer = PushOutcome.applied(opId: Fixture.uuid(101), rev: 10)
        let next = try reduce(edited, .syncPushed([answer], at: now))
        let three = try #require(next.todo(id: 3))
        #expect(three.name == "duck eggs")
        #expect(three.base == SyncBase(rev: 10, content: sent))
        #expect(!three.synced)
        #expect(
            next.pendingOperations { Fixture.uuid(102) }.filter { $0.uuid == Fixture.uuid(3) } == [
                OutboxOperation(opId: Fixture.uuid(102), uuid: Fixture.uuid(3), baseRev: 10, content: three.content)
            ])
    }

    /// Two overlapping syncs can apply pages out of order: the cursor only moves forward.
    @Test func thePulledCursorNeverGoesBack() throws {
        let behind = try reduce(state, .syncPulled(records: [], cursor: 2, at: now))
        #expect(behind.sync.cursor == 4)
        let ahead = try reduce(behind, .syncPulled(records: [], cursor: 9, at: now))
        #expect(ahead.sync.cursor == 9)
    }

    /// Issue 42: a read from the start of the feed, where the server sends no 410, is noted
    /// as a gap (a tombstone pruned before it went unseen); gaps that meet become one.
    @Test func readsFromTheStartOfTheFeedAreNotedAsGaps() throws {
        var fresh = TodoState()
        fresh.sync.datasetId = UUID()
        let first = try reduce(fresh, .syncPulled(records: [], cursor: 5, at: now))
        #expect(first.sync.feedGaps == [1...5])
        let later = try reduce(first, .syncPulled(records: [], cursor: 8, at: now))
        #expect(later.sync.feedGaps == [1...5])
        #expect(!later.sync.mayHaveMissed(7) && later.sync.mayHaveMissed(3) && later.sync.mayHaveMissed(9))
        let resynced = try reduce(later, .syncResynced(records: [], cursor: 12, at: now))
        #expect(resynced.sync.feedGaps == [1...5, 9...12])
        var sync = resynced.sync
        sync.noteGap(after: 5, upTo: 8)
        #expect(sync.feedGaps == [1...12])
    }

    @Test func deletingASyncedTodoLeavesAPendingDeletionThatUndoTakesBack() throws {
        let deleted = try reduce(state, .delete(ids: [1], at: now))
        #expect(
            deleted.sync.deletions == [
                PendingDeletion(
                    uuid: Fixture.uuid(1), base: state.todos[0].base!, name: "milk", last: state.todos[0].content)
            ])
        let neverSynced = try reduce(state, .delete(ids: [3], at: now))
        #expect(neverSynced.sync.deletions.isEmpty)
        let undone = try reduce(deleted, .undo(at: now))
        #expect(undone.sync.deletions.isEmpty)
        #expect(undone.todos[0].base == state.todos[0].base)
        #expect(undone.pendingOperations { UUID() }.map(\.uuid) == [Fixture.uuid(1), Fixture.uuid(2), Fixture.uuid(3)])
    }

    @Test func importingATodoDeletedHereTakesBackItsPendingDelete() throws {
        let deleted = try reduce(state, .delete(ids: [1], at: now))
        let milk = state.todos[0]
        let back = ImportedTodo(uuid: milk.uuid, name: "milk", createdAt: milk.createdAt, updatedAt: now)
        let next = try reduce(deleted, .importTodos([back], at: now))
        #expect(next.sync.deletions.isEmpty)
        #expect(next.todo(uuid: milk.uuid)?.base == milk.base)
        #expect(next.pendingOperations { UUID() }.filter { $0.uuid == milk.uuid }.map(\.baseRev) == [3])
    }

    @Test func aTombstoneDeletesOnlyAnUnchangedTodo() throws {
        let tombstones = [
            RemoteRecord(uuid: Fixture.uuid(1), rev: 8, content: nil),
            RemoteRecord(uuid: Fixture.uuid(2), rev: 9, content: nil)
        ]
        let next = try reduce(state, .syncPulled(records: tombstones, cursor: 9, at: now))
        #expect(next.todos.map(\.id) == [2, 3])
        #expect(next.todos[0].base == SyncBase(rev: 9, content: nil))
        #expect(next.todos[0].conflicts.map(\.field) == ["deleted"])
        #expect(next.todos[0].needsPush)
    }

    /// The whole feed again after the server pruned tombstones: #1 (synced, unchanged) is not
    /// in it, so it was deleted there and goes here; #2 (synced, edited here) is not in it
    /// either and is kept, to be sent afresh; #3 was never synced; a deletion waiting to be sent
    /// for a record that is gone has nothing left to do, one for a record still there stays.
    @Test func aResyncDeletesWhatTheServerNoLongerHoldsUnlessChangedHere() throws {
        var start = state
        start.sync.deletions = [
            PendingDeletion(uuid: Fixture.uuid(9), base: SyncBase(rev: 2, content: nil), name: "gone"),
            PendingDeletion(uuid: Fixture.uuid(10), base: SyncBase(rev: 1, content: nil), name: "there")
        ]
        // What another sync brought in while the feed was read (revisions past its end) is
        // not judged by this read.
        var newer = Fixture.todo(5, "synced meanwhile")
        newer.base = SyncBase(rev: 20, content: newer.content)
        start.todos.append(newer)
        start.nextId = 6
        start.sync.deletions.append(
            PendingDeletion(uuid: Fixture.uuid(11), base: SyncBase(rev: 21, content: nil), name: "deleted meanwhile"))
        let records = [
            RemoteRecord(uuid: Fixture.uuid(10), rev: 1, content: content("there")),
            RemoteRecord(uuid: Fixture.uuid(8), rev: 12, content: content("from elsewhere"))
        ]
        let next = try reduce(start, .syncResynced(records: records, cursor: 12, at: now))
        var two = start.todos[1]
        two.base = nil
        two.conflicts = [
            SyncConflict(field: "deleted", lost: "deleted on another device", kept: "the copy edited here", at: now)
        ]
        var expected = start
        var added = Fixture.todo(6, "from elsewhere")
        added.uuid = Fixture.uuid(8)
        added.content = content("from elsewhere")
        added.base = SyncBase(rev: 12, content: content("from elsewhere"))
        expected.todos = [two, start.todos[2], newer, added]
        expected.nextId = 7
        expected.sync.deletions = [start.sync.deletions[1], start.sync.deletions[2]]
        expected.sync.cursor = 12
        #expect(next.todos.map(\.name) == ["rye bread", "eggs", "synced meanwhile", "from elsewhere"])
        #expect(next.todos[2] == newer)
        #expect(next.todos[0] == two)
        #expect(next.todos[0].needsPush)
        #expect(next.sync.deletions == expected.sync.deletions)
        #expect(next.sync.cursor == 12)
        #expect(next.todos[3].base == added.base)
        #expect(next.pendingOperations { UUID() }.map(\.baseRev) == [1, 21, 0, 0])
    }

    /// Issue 42: #2, renamed here ("rye bread"), was noted and completed on another device,
    /// then deleted there. The copy edited here is kept, with the deleter's last changes
    /// merged in as any other edit (its note and its completion), and the conflict says both.
    @Test func aCopyKeptOverADeleteTakesTheDeletersLastChanges() throws {
        var last = state.todos[1].base!.content!
        last.notes = "the sourdough one"
        last.completed = true
        last.completedAt = Fixture.t(50)
        last.updatedAt = Fixture.t(50)
        let tombstone = RemoteRecord(uuid: Fixture.uuid(2), rev: 9, content: nil, last: last)
        let next = try reduce(state, .syncPulled(records: [tombstone], cursor: 9, at: now))
        var expected = state.todos[1]
        expected.notes = "the sourdough one"
        expected.completed = true
        expected.completedAt = Fixture.t(50)
        expected.updatedAt = Fixture.t(50)
        expected.base = SyncBase(rev: 9, content: nil)
        expected.conflicts = [
            SyncConflict(
                field: "deleted", lost: "deleted on another device, whose last changes are merged here",
                kept: "the copy edited here", at: now)
        ]
        #expect(next.todos.map(\.id) == [1, 2, 3])
        #expect(next.todos[1] == expected)
        #expect(
            next.pendingOperations { Fixture.uuid(70) } == [
                OutboxOperation(opId: Fixture.uuid(70), uuid: Fixture.uuid(2), baseRev: 9, content: expected.content),
                OutboxOperation(
                    opId: Fixture.uuid(70), uuid: Fixture.uuid(3), baseRev: 0, content: state.todos[2].content)
            ])
    }

    /// Seed 50054 of the sync chaos run: #3, never acknowledged (its creation's answer lost,
    /// then deleted and the delete undone), completed here; its push meets a tombstone whose
    /// last copy is the open one this device once sent. With no copy both last agreed on,
    /// nothing tells the deleter's changes from this device's: #3 stays as it is, completed.
    @Test func aCopyWithNoBaseKeptOverADeleteTakesNothingFromItsTombstone() throws {
        var start = state
        let open = start.todos[2].content
        start.todos[2].completed = true
        start.todos[2].completedAt = Fixture.t(60)
        start.todos[2].updatedAt = Fixture.t(60)
        let done = start.todos[2].content
        start.sync.outbox = [OutboxOperation(opId: Fixture.uuid(103), uuid: Fixture.uuid(3), baseRev: 0, content: done)]
        let tombstone = RemoteRecord(uuid: Fixture.uuid(3), rev: 12, content: nil, last: open)
        let next = try reduce(
            start, .syncPushed([.conflict(opId: Fixture.uuid(103), record: tombstone)], feedCursor: nil, at: now))
        #expect(next.todos[2].content == done)
        #expect(next.todos[2].base == SyncBase(rev: 12, content: nil))
        #expect(
            next.todos[2].conflicts == [
                SyncConflict(field: "deleted", lost: "deleted on another device", kept: "the copy edited here", at: now)
            ])
        #expect(next.pendingOperations { Fixture.uuid(71) }.last?.content == done)
    }

    /// #3, made here and never acknowledged (its push answered late, to a sync still waiting,
    /// its stored answer pruned), is sent again by a second sync and meets the tombstone of a
    /// device that pulled it as it is here and deleted it: the delete stands (seed 700025).
    @Test func aCreationNeverAcknowledgedHereDeletedByADeviceThatHadItAsItIsGoes() throws {
        var start = state
        let content = start.todos[2].content
        #expect(start.todos[2].base == nil)
        start.sync.outbox = [
            OutboxOperation(opId: Fixture.uuid(103), uuid: Fixture.uuid(3), baseRev: 0, content: content)
        ]
        var last = content
        last.updatedAt = Fixture.t(90)
        let tombstone = RemoteRecord(uuid: Fixture.uuid(3), rev: 12, content: nil, last: last)
        let next = try reduce(
            start, .syncPushed([.conflict(opId: Fixture.uuid(103), record: tombstone)], feedCursor: nil, at: now))
        #expect(next.todos.map(\.uuid) == [Fixture.uuid(1), Fixture.uuid(2)])
        #expect(next.sync.outbox.isEmpty && next.sync.deletions.isEmpty)
        #expect(!next.pendingOperations { Fixture.uuid(71) }.contains { $0.uuid == Fixture.uuid(3) })
        // Changed here since, the copy is kept over the delete, as before.
        start.todos[2].name = "renamed here"
        let kept = try reduce(
            start, .syncPushed([.conflict(opId: Fixture.uuid(103), record: tombstone)], feedCursor: nil, at: now))
        #expect(kept.todos[2].name == "renamed here")
        #expect(kept.todos[2].conflicts.map(\.field) == ["deleted"])
    }

    /// Seed 710316: #2, renamed here ("rye bread"), was pushed, applied and its answer lost
    /// (the stored answer pruned since); another device pulled it, noted it and deleted it.
    /// The retry meets that tombstone: every change made here, the deleter had too, so the
    /// delete stands. A change the deleter lacked (completed here since) still keeps the copy.
    @Test func aCopyWhoseChangesTheDeleterHadGoesWithTheDelete() throws {
        var start = state
        let sent = start.todos[1].content
        start.sync.outbox = [OutboxOperation(opId: Fixture.uuid(100), uuid: Fixture.uuid(2), baseRev: 4, content: sent)]
        var last = sent
        last.notes = "the sourdough one"
        last.updatedAt = Fixture.t(90)
        let tombstone = RemoteRecord(uuid: Fixture.uuid(2), rev: 12, content: nil, last: last)
        let answer = PushOutcome.conflict(opId: Fixture.uuid(100), record: tombstone)
        let next = try reduce(start, .syncPushed([answer], feedCursor: nil, at: now))
        #expect(next.todos.map(\.id) == [1, 3])
        #expect(next.sync.outbox.isEmpty && next.sync.deletions.isEmpty)
        #expect(!next.pendingOperations { Fixture.uuid(71) }.contains { $0.uuid == Fixture.uuid(2) })
        start.todos[1].completed = true
        start.todos[1].completedAt = Fixture.t(95)
        let kept = try reduce(start, .syncPushed([answer], feedCursor: nil, at: now))
        #expect(kept.todos.map(\.id) == [1, 2, 3])
        #expect(kept.todos[1].name == "rye bread" && kept.todos[1].notes == "the sourdough one")
        #expect(kept.todos[1].completed)
        #expect(kept.todos[1].conflicts.map(\.field) == ["deleted"])
    }

    /// Seed 770364: #2, completed here, was pushed, applied (rev 5) and its answer lost; another
    /// device reopened it (rev 7). A retry after the server pruned the stored answer is still
    /// answered as applied (the server keeps each applied operation's revision), so the reopen
    /// reads as the later change it is and stands: nothing is sent again. (Answered with a
    /// conflict instead, this device could only merge against rev 4 and resend its completion.)
    @Test func aRetryAnsweredAsAppliedLetsALaterChangeElsewhereStand() throws {
        var start = state
        start.todos[1].completed = true
        start.todos[1].completedAt = Fixture.t(60)
        start.todos[1].updatedAt = Fixture.t(60)
        let done = start.todos[1].content
        let baseRev = try #require(start.todos[1].base?.rev)
        start.sync.outbox = [
            OutboxOperation(opId: Fixture.uuid(100), uuid: Fixture.uuid(2), baseRev: baseRev, content: done)
        ]
        let answered = try reduce(
            start, .syncPushed([.applied(opId: Fixture.uuid(100), rev: 5)], feedCursor: nil, at: now))
        #expect(answered.todos[1].base == SyncBase(rev: 5, content: done))
        var reopened = done
        reopened.completed = false
        reopened.completedAt = nil
        reopened.updatedAt = Fixture.t(70)
        let record = RemoteRecord(uuid: Fixture.uuid(2), rev: 7, content: reopened)
        let next = try reduce(answered, .syncPulled(records: [record], cursor: 7, at: now))
        #expect(next.todos[1].content == reopened)
        #expect(next.todos[1].base == SyncBase(rev: 7, content: reopened))
        #expect(next.todos[1].conflicts.isEmpty && next.todos[1].synced)
        #expect(next.sync.outbox.isEmpty)
        #expect(!next.pendingOperations { Fixture.uuid(71) }.contains { $0.uuid == Fixture.uuid(2) })
    }

    /// A field both the deleter and this device changed keeps the deleter's value (its change
    /// reached the server first, as for any edit), and the value lost stays as a conflict.
    @Test func aFieldBothChangedBeforeADeleteGoesAsAnyConflict() throws {
        var last = state.todos[1].base!.content!
        last.name = "spelt bread"
        let tombstone = RemoteRecord(uuid: Fixture.uuid(2), rev: 9, content: nil, last: last)
        let next = try reduce(state, .syncPulled(records: [tombstone], cursor: 9, at: now))
        #expect(next.todos[1].name == "spelt bread")
        #expect(
            next.todos[1].conflicts == [
                SyncConflict(field: "name", lost: "rye bread", kept: "spelt bread", at: now),
                SyncConflict(
                    field: "deleted", lost: "deleted on another device, whose last changes are merged here",
                    kept: "the copy edited here", at: now)
            ])
    }

    /// A tombstone whose last content is what this device already had (no change made before
    /// the delete) says only that the todo was deleted there; an unchanged todo still goes.
    @Test func aTombstoneWithContentStillDeletesAnUnchangedTodo() throws {
        let one = state.todos[0], two = state.todos[1]
        let tombstones = [
            RemoteRecord(uuid: one.uuid, rev: 8, content: nil, last: one.content),
            RemoteRecord(uuid: two.uuid, rev: 9, content: nil, last: two.base!.content)
        ]
        let next = try reduce(state, .syncPulled(records: tombstones, cursor: 9, at: now))
        #expect(next.todos.map(\.id) == [2, 3])
        #expect(next.todos[0].name == "rye bread")
        #expect(next.todos[0].conflicts.map(\.lost) == ["deleted on another device"])
    }

    /// Issue 42: #1 is noted here and then deleted here while another device edits it; the
    /// edit wins, and the todo comes back with this device's last changes merged in, to be
    /// sent. The delete sends them too.
    @Test func aDeleteThatLosesToAnEditKeepsTheDeletersLastChanges() throws {
        let noted = try reduce(state, .edit(ids: [1], changes: [.set(.notes, .text("two litres"))], at: Fixture.t(40)))
        let deleted = try reduce(noted, .delete(ids: [1], at: Fixture.t(41)))
        #expect(deleted.sync.deletions.map(\.last?.notes) == ["two litres"])
        let operations = deleted.pendingOperations { Fixture.uuid(70) }
        #expect(operations[0].content == nil && operations[0].last == noted.todos[0].content)
        let edited = RemoteRecord(uuid: Fixture.uuid(1), rev: 8, content: content("oat milk"))
        let next = try reduce(deleted, .syncPulled(records: [edited], cursor: 8, at: now))
        #expect(next.sync.deletions.isEmpty)
        let back = try #require(next.todo(uuid: Fixture.uuid(1)))
        var expected = content("oat milk")
        expected.notes = "two litres"
        expected.updatedAt = Fixture.t(40)
        #expect(back.content == expected)
        #expect(back.base == SyncBase(rev: 8, content: content("oat milk")))
        #expect(!back.synced && back.needsPush)
        #expect(
            back.conflicts == [
                SyncConflict(
                    field: "deleted", lost: "deleted on this device, whose last changes are merged here",
                    kept: "edited on another device", at: now)
            ])
    }

    @Test func anEditElsewhereBringsBackATodoDeletedHere() throws {
        let deleted = try reduce(state, .delete(ids: [1], at: now))
        let edited = RemoteRecord(uuid: Fixture.uuid(1), rev: 8, content: content("milk", notes: "oat"))
        let next = try reduce(deleted, .syncPulled(records: [edited], cursor: 8, at: now))
        #expect(next.sync.deletions.isEmpty)
        let back = try #require(next.todo(uuid: Fixture.uuid(1)))
        #expect(back.id == 4)
        #expect(back.notes == "oat")
        #expect(
            back.conflicts == [
                SyncConflict(
                    field: "deleted", lost: "deleted on this device", kept: "edited on another device", at: now)
            ])
    }

    @Test func mergeRulesFieldByField() {
        let base = content("a", notes: "n")
        let local = TodoContent(
            name: "a", description: "mine", notes: "n2", createdAt: Fixture.t(1), updatedAt: Fixture.t(5))
        let remote = TodoContent(
            name: "b", description: "theirs", notes: "n", completed: true, completedAt: Fixture.t(6),
            createdAt: Fixture.t(1), updatedAt: Fixture.t(6))
        let (merged, conflicts) = mergeContent(base: base, local: local, remote: remote, at: now)
        #expect(
            merged
                == TodoContent(
                    name: "b", description: "theirs", notes: "n2", completed: true, completedAt: Fixture.t(6),
                    createdAt: Fixture.t(1), updatedAt: Fixture.t(6)))
        #expect(conflicts == [SyncConflict(field: "description", lost: "mine", kept: "theirs", at: now)])
    }

    @Test func tagsMergeAsSetsAndTheOtherAttributesThreeWay() {
        var base = content("a")
        base.tags = ["both", "gone-here", "gone-there"]
        base.project = "p"
        base.due = .day(CalendarDay(iso: "2026-12-01")!)
        var local = base
        local.tags = ["both", "gone-there", "new-here"]
        local.project = "mine"
        local.priority = .high
        local.updatedAt = Fixture.t(5)
        var remote = base
        remote.tags = ["both", "gone-here", "new-there"]
        remote.project = "theirs"
        remote.due = nil
        remote.updatedAt = Fixture.t(6)
        let (merged, conflicts) = mergeContent(base: base, local: local, remote: remote, at: now)
        var expected = remote
        expected.tags = ["both", "new-here", "new-there"]
        expected.priority = .high
        #expect(merged == expected)
        #expect(conflicts == [SyncConflict(field: "project", lost: "mine", kept: "theirs", at: now)])
    }

    @Test func tagsMergeWithoutABaseKeepEveryTag() {
        var local = content("a")
        local.tags = ["x"]
        var remote = content("a")
        remote.tags = ["y"]
        let (merged, conflicts) = mergeContent(base: nil, local: local, remote: remote, at: now)
        #expect(merged.tags == ["x", "y"])
        #expect(conflicts.isEmpty)
    }

    /// Issue 13: a delete sent and acknowledged, then undone here, is this device's own doing:
    /// the tombstone coming back in the feed is no "deleted on another device".
    @Test func undoingADeleteTheServerHasResurrectsWithoutAConflict() throws {
        var ids = (200...).makeIterator()
        let deleted = try reduce(state, .delete(ids: [1], at: Fixture.t(10)))
        let outbox = deleted.pendingOperations { Fixture.uuid(ids.next()!) }.filter { $0.uuid == Fixture.uuid(1) }
        let queued = try reduce(deleted, .syncQueued(outbox))
        let tombstone = RemoteRecord(uuid: Fixture.uuid(1), rev: 9, content: nil)
        let pushed = try reduce(queued, .syncPushed([.applied(opId: outbox[0].opId, rev: tombstone.rev)], at: now))
        #expect(pushed.sync.deletions.isEmpty)

        let undone = try reduce(pushed, .undo(at: Fixture.t(20)))
        var restored = state.todos[0]
        restored.updatedAt = Fixture.t(20)
        restored.synced = false
        restored.base = SyncBase(rev: 3, content: nil)
        #expect(undone.todo(id: 1) == restored)

        // The own tombstone arrives from the feed: kept, no conflict, the base moves on.
        let pulled = try reduce(undone, .syncPulled(records: [tombstone], cursor: 9, at: now))
        restored.base = SyncBase(rev: 9, content: nil)
        #expect(pulled.todo(id: 1) == restored)
        #expect(pulled.todos.allSatisfy { $0.conflicts.isEmpty })
        let resend = pulled.pendingOperations { Fixture.uuid(ids.next()!) }.filter { $0.uuid == Fixture.uuid(1) }
        #expect(resend.map(\.baseRev) == [9])
        #expect(resend.first?.content == restored.content)

        // Without the feed (it skipped the device's own change), the push meets the tombstone,
        // and the next push is based on it.
        let first = undone.pendingOperations { Fixture.uuid(ids.next()!) }.filter { $0.uuid == Fixture.uuid(1) }
        #expect(first.map(\.baseRev) == [3])
        let conflicted = try reduce(
            try reduce(undone, .syncQueued(first)),
            .syncPushed([.conflict(opId: first[0].opId, record: tombstone)], at: now))
        #expect(conflicted.todo(id: 1)?.base == SyncBase(rev: 9, content: nil))
        #expect(conflicted.todo(id: 1)?.conflicts == [])
    }

    /// The server's feed cursor after a push moves the cursor on, never back.
    @Test func aFeedCursorMovesTheCursorForwardOnly() throws {
        let queued = try reduce(state, .syncQueued(state.pendingOperations { Fixture.uuid(300) }))
        #expect(try reduce(queued, .syncPushed([], feedCursor: 12, at: now)).sync.cursor == 12)
        #expect(try reduce(queued, .syncPushed([], feedCursor: 2, at: now)).sync.cursor == 4)
        #expect(try reduce(queued, .syncPushed([], at: now)).sync.cursor == 4)
    }
}
