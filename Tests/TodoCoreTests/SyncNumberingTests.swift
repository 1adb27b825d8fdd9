import Foundation
import Testing
@testable import TodoCore

/// A todo that a sync brings or makes takes its number as an added one does (`takeNextId`):
/// the last number there is, then a refusal, never a number no file can hold. One test per
/// sync action that can number a todo, and one for the next occurrence a pulled completion makes.
@Suite struct SyncNumberingTests {
    let now = Fixture.t(100)
    let last = TodoState.maxId

    /// Content edited after it was made (so never taken for an occurrence as made).
    func content(_ name: String) -> TodoContent {
        TodoContent(name: name, createdAt: Fixture.t(1), updatedAt: Fixture.t(2))
    }

    /// The server's copy of a todo this device does not have.
    var record: RemoteRecord { RemoteRecord(uuid: Fixture.uuid(7), rev: 1, content: content("from the server")) }

    /// `record` as a todo of number `id`, synced at its rev.
    func pulled(_ id: Int, conflicts: [SyncConflict] = []) -> Todo {
        var todo = Todo(id: id, uuid: Fixture.uuid(7), name: "from the server", createdAt: Fixture.t(1))
        todo.content = record.content!
        todo.base = SyncBase(rev: record.rev, content: record.content)
        todo.synced = true
        todo.conflicts = conflicts
        return todo
    }

    /// The feed read from 0 to 1: a part where a pruned tombstone would have gone unseen.
    var readFromTheStart: SyncState {
        var sync = SyncState(cursor: 1)
        sync.noteGap(after: 0, upTo: 1)
        return sync
    }

    @Test func aPulledTodoTakesTheLastNumber() throws {
        let next = try reduce(TodoState(todos: [], nextId: last), .syncPulled(records: [record], cursor: 1, at: now))
        #expect(next == TodoState(todos: [pulled(last)], nextId: last + 1, sync: readFromTheStart))
        #expect(throws: ReduceError.numbersExhausted) {
            try reduce(
                next,
                .syncPulled(
                    records: [RemoteRecord(uuid: Fixture.uuid(8), rev: 2, content: content("one more"))], cursor: 2,
                    at: now))
        }
    }

    @Test func aResyncedTodoTakesTheLastNumber() throws {
        let next = try reduce(TodoState(todos: [], nextId: last), .syncResynced(records: [record], cursor: 1, at: now))
        #expect(next == TodoState(todos: [pulled(last)], nextId: last + 1, sync: readFromTheStart))
        #expect(throws: ReduceError.numbersExhausted) {
            try reduce(TodoState(todos: [], nextId: last + 1), .syncResynced(records: [record], cursor: 1, at: now))
        }
    }

    /// A delete sent from here meets an edit made elsewhere: the answer's copy comes back as a
    /// todo (the edit wins), and takes a number.
    @Test func aTodoAPushAnswerBringsBackTakesTheLastNumber() throws {
        let deletion = PendingDeletion(
            uuid: Fixture.uuid(7), base: SyncBase(rev: 0, content: content("from the server")), name: "from the server")
        let delete = OutboxOperation(opId: Fixture.uuid(50), uuid: Fixture.uuid(7), baseRev: 0, content: nil)
        let start = TodoState(todos: [], nextId: last, sync: SyncState(deletions: [deletion], outbox: [delete]))
        let answer = Action.syncPushed([.conflict(opId: Fixture.uuid(50), record: record)], at: now)
        let next = try reduce(start, answer)
        let lostDelete = SyncConflict(
            field: "deleted", lost: "deleted on this device", kept: "edited on another device", at: now)
        #expect(next == TodoState(todos: [pulled(last, conflicts: [lostDelete])], nextId: last + 1))
        var full = start
        full.nextId = last + 1
        #expect(throws: ReduceError.numbersExhausted) { try reduce(full, answer) }
    }

    /// A completion pulled from a device that did not hand the rule on makes the next
    /// occurrence here, which needs a number.
    @Test func theNextOccurrenceAPulledCompletionMakesTakesTheLastNumber() throws {
        var plants = Fixture.todo(1, "plants")
        plants.due = .day(CalendarDay(year: 2026, month: 3, day: 2)!)
        plants.recur = Recurrence(rule: "weekly")!
        plants.series = plants.uuid
        plants.anchor = SeriesAnchor(plants.due!, in: .utc)
        plants.base = SyncBase(rev: 3, content: plants.content)
        var done = plants.content
        done.completed = true
        done.completedAt = now
        done.updatedAt = now
        let completion = Action.syncPulled(
            records: [RemoteRecord(uuid: plants.uuid, rev: 4, content: done)], cursor: 4, at: now)
        let next = try reduce(TodoState(todos: [plants], nextId: last, sync: SyncState(cursor: 3)), completion)

        var handedOn = plants
        handedOn.content = done
        handedOn.attributes.dropRule()
        handedOn.base = SyncBase(rev: 4, content: done)
        handedOn.synced = false
        var made = Todo(id: last, uuid: plants.nextOccurrenceUUID, name: "plants", createdAt: now)
        made.due = .day(CalendarDay(year: 2026, month: 3, day: 9)!)
        made.recur = plants.recur
        made.series = plants.uuid
        made.anchor = plants.anchor
        made.origin = made.content
        #expect(next == TodoState(todos: [handedOn, made], nextId: last + 1, sync: SyncState(cursor: 4)))
        #expect(throws: ReduceError.numbersExhausted) {
            try reduce(TodoState(todos: [plants], nextId: last + 1, sync: SyncState(cursor: 3)), completion)
        }
    }
}
