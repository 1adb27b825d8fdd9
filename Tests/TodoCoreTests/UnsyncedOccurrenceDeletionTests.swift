import Foundation
import Testing
@testable import TodoCore

/// An occurrence deleted before it was ever synced leaves a trace (a delete based on
/// revision 0), since another device that completes its predecessor makes it again with the
/// same UUID: the delete stands against such a copy while no one has changed it.
@Suite struct UnsyncedOccurrenceDeletionTests {
    let now = Fixture.t(100)

    /// #1 "water plants", daily from 2026-12-01, synced at rev 3, then completed here: #2,
    /// its next occurrence, is made here and never synced.
    func completedHere() throws -> TodoState {
        let due = CalendarDay(year: 2026, month: 12, day: 1)!
        var state = try reduce(
            TodoState(todos: [Fixture.todo(1, "water plants")], nextId: 2),
            .edit(id: 1, changes: [.set(.recur, .word("daily")), .set(.due, .date(.day(due)))], at: Fixture.t(2)))
        state.todos[0].base = SyncBase(rev: 3, content: state.todos[0].content)
        state.todos[0].synced = true
        state.sync.cursor = 3
        return try reduce(state, .completed(ids: [1], at: Fixture.t(10)))
    }

    /// The same, with #2 then deleted (skipped: #3 is made).
    func skippedHere() throws -> (TodoState, made: Todo) {
        let completed = try completedHere()
        return (try reduce(completed, .delete(ids: [2], at: Fixture.t(11))), completed.todos[1])
    }

    /// Another device's copy of #2, as it made it (`updatedAt` its `createdAt`), or changed.
    func copy(of made: Todo, changed: Bool = false) -> TodoContent {
        var content = made.content
        content.createdAt = Fixture.t(20)
        content.updatedAt = changed ? Fixture.t(21) : Fixture.t(20)
        if changed { content.name = "water the plants" }
        return content
    }

    @Test func deletingAnOccurrenceNeverSyncedKeepsADeleteBasedOnRevisionZero() throws {
        let (skipped, made) = try skippedHere()
        #expect(made.base == nil && made.origin != nil)
        #expect(skipped.todos.map(\.id) == [1, 3])
        let last = skipped.sync.deletions.first?.last
        #expect(last?.name == "water plants")
        #expect(
            skipped.sync.deletions == [
                PendingDeletion(
                    uuid: made.uuid, base: SyncBase(rev: 0, content: made.origin), name: "water plants", last: last)
            ])
        let deletes = skipped.pendingOperations { Fixture.uuid(90) }.filter { $0.content == nil }
        #expect(
            deletes == [OutboxOperation(opId: Fixture.uuid(90), uuid: made.uuid, baseRev: 0, content: nil, last: last)])
    }

    @Test func deletingATodoNeverSyncedThatNoRecurrenceMadeLeavesNoTrace() throws {
        let next = try reduce(
            TodoState(todos: [Fixture.todo(1, "milk", synced: false)], nextId: 2), .delete(ids: [1], at: now))
        #expect(next.sync.deletions.isEmpty)
    }

    @Test func theDeleteStandsAgainstAnotherDevicesUntouchedCopy() throws {
        let (skipped, made) = try skippedHere()
        let remote = RemoteRecord(uuid: made.uuid, rev: 7, content: copy(of: made))
        let next = try reduce(skipped, .syncPulled(records: [remote], cursor: 7, at: now))
        var expected = skipped
        expected.sync.deletions[0].base = SyncBase(rev: 7, content: copy(of: made))
        expected.sync.cursor = 7
        #expect(next == expected)
        #expect(next.pendingOperations { Fixture.uuid(90) }.filter { $0.content == nil }.map(\.baseRev) == [7])
    }

    @Test func aCopyChangedAfterItWasMadeWinsOverTheDelete() throws {
        let (skipped, made) = try skippedHere()
        let remote = RemoteRecord(uuid: made.uuid, rev: 7, content: copy(of: made, changed: true))
        let next = try reduce(skipped, .syncPulled(records: [remote], cursor: 7, at: now))
        #expect(next.sync.deletions.isEmpty)
        let back = try #require(next.todos.first { $0.uuid == made.uuid })
        #expect(back.name == "water the plants")
        // The skip here handed the rule on to #3: that change of this device's is merged in.
        #expect(back.recur == nil)
        #expect(
            back.conflicts == [
                SyncConflict(
                    field: "deleted", lost: "deleted on this device, whose last changes are merged here",
                    kept: "edited on another device", at: now)
            ])
    }

    @Test func aTombstoneRemovesAnUntouchedOccurrenceMadeHere() throws {
        let completed = try completedHere()
        let made = completed.todos[1]
        let next = try reduce(
            completed, .syncPulled(records: [RemoteRecord(uuid: made.uuid, rev: 7, content: nil)], cursor: 7, at: now))
        var expected = completed
        expected.todos.remove(at: 1)
        expected.sync.cursor = 7
        #expect(next == expected)
    }

    @Test func aTombstoneLeavesAnOccurrenceChangedHereWithAConflict() throws {
        let completed = try completedHere()
        let renamed = try reduce(
            completed, .edit(id: 2, changes: [.set(.name, .text("water the ferns"))], at: Fixture.t(12)))
        let made = renamed.todos[1]
        let next = try reduce(
            renamed, .syncPulled(records: [RemoteRecord(uuid: made.uuid, rev: 7, content: nil)], cursor: 7, at: now))
        let kept = try #require(next.todos.first { $0.uuid == made.uuid })
        #expect(kept.name == "water the ferns")
        #expect(kept.base == SyncBase(rev: 7, content: nil))
        #expect(
            kept.conflicts == [
                SyncConflict(field: "deleted", lost: "deleted on another device", kept: "the copy edited here", at: now)
            ])
    }

    /// Undone, the delete's trace goes back on the todo as what it was made with, not as a
    /// copy the server holds: the todo is new to the server again.
    @Test func undoingTheDeleteTakesTheTraceBackAsItsOrigin() throws {
        let (skipped, made) = try skippedHere()
        let undone = try reduce(skipped, .undo(at: now))
        #expect(undone.sync.deletions.isEmpty)
        let back = try #require(undone.todos.first { $0.uuid == made.uuid })
        #expect(back.base == nil)
        #expect(back.origin == made.origin)
    }

    /// Importing the todo back (a file written before the delete) does the same.
    @Test func importingTheTodoBackTakesTheTraceBackAsItsOrigin() throws {
        let (skipped, made) = try skippedHere()
        var item = ImportedTodo(uuid: made.uuid, name: made.name, createdAt: made.createdAt)
        item.content = made.content
        let imported = try reduce(skipped, .importTodos([item], at: now))
        #expect(imported.sync.deletions.isEmpty)
        let back = try #require(imported.todos.first { $0.uuid == made.uuid })
        #expect(back.base == nil)
        #expect(back.origin == made.origin)
    }

    /// After the server pruned, the whole feed again: the occurrence's delete is still to be
    /// sent (the server never held it), unlike a delete of a record that is gone.
    @Test func aResyncKeepsTheDeleteOfAnOccurrenceTheServerNeverHeld() throws {
        let (skipped, made) = try skippedHere()
        let records = [RemoteRecord(uuid: Fixture.uuid(1), rev: 3, content: skipped.todos[0].base?.content)]
        let next = try reduce(skipped, .syncResynced(records: records, cursor: 12, at: now))
        #expect(next.sync.deletions.map(\.uuid) == [made.uuid])
    }
}
