import Foundation
import Testing
@testable import TodoCore

/// Recurring todos through a sync: a completion pulled from another device moves the series
/// on here only when that device did not (a copy still holding its rule), and never makes an
/// occurrence the server has, had, or sends in the same batch.
@Suite struct RecurSyncReducerTests {
    let now = Fixture.t(100)
    let pulledAt = Fixture.t(300)
    let weekly = Recurrence(rule: "weekly")!

    /// #1 "plants" due 2026-03-02, weekly, synced at rev 3.
    var state: TodoState {
        var plants = Fixture.todo(1, "plants")
        plants.due = .day(Dates.day("2026-03-02"))
        plants.recur = weekly
        plants.series = plants.uuid
        plants.anchor = SeriesAnchor(plants.due!, in: .utc)
        plants.base = SyncBase(rev: 3, content: plants.content)
        return TodoState(todos: [plants], nextId: 2, sync: SyncState(cursor: 3))
    }

    /// The server's copy of #1 completed at `now`, its rule still there (`keepingRule`, as a
    /// device that does not hand rules on leaves it) or handed on.
    func completed(keepingRule: Bool, rev: Int64 = 4) -> RemoteRecord {
        var content = state.todos[0].content
        content.completed = true
        content.completedAt = now
        content.updatedAt = now
        if !keepingRule {
            content.recur = nil
            content.anchor = nil
        }
        return RemoteRecord(uuid: Fixture.uuid(1), rev: rev, content: content)
    }

    var nextUUID: UUID { state.todos[0].nextOccurrenceUUID }

    @Test func aPulledCompletionStillHoldingItsRuleMovesTheSeriesOnHere() throws {
        let next = try reduce(state, .syncPulled(records: [completed(keepingRule: true)], cursor: 4, at: pulledAt))
        var plants = state.todos[0]
        plants.content = completed(keepingRule: false).content!
        plants.base = SyncBase(rev: 4, content: completed(keepingRule: true).content)
        plants.updatedAt = pulledAt
        plants.synced = false
        var made = Todo(id: 2, uuid: nextUUID, name: "plants", createdAt: pulledAt)
        made.due = .day(Dates.day("2026-03-09"))
        made.recur = weekly
        made.series = Fixture.uuid(1)
        made.anchor = state.todos[0].anchor
        made.origin = made.content
        #expect(next == TodoState(todos: [plants, made], nextId: 3, sync: SyncState(cursor: 4)))
        #expect(next.pendingOperations { Fixture.uuid(50) }.map(\.uuid) == [Fixture.uuid(1), nextUUID])
    }

    @Test func aPulledCompletionThatHandedItsRuleOnMakesNothingHere() throws {
        let next = try reduce(state, .syncPulled(records: [completed(keepingRule: false)], cursor: 4, at: pulledAt))
        #expect(next.todos.count == 1)
        #expect(next.todos[0].content == completed(keepingRule: false).content)
        #expect(next.todos[0].synced)
    }

    @Test func theOccurrenceInTheSameBatchIsTakenNotMade() throws {
        var theirs = state.todos[0].nextOccurrence(doneAt: now, madeAt: now)!
        theirs.notes = "made there"
        let record = RemoteRecord(uuid: nextUUID, rev: 5, content: theirs.content)
        for records in [[completed(keepingRule: true), record], [record, completed(keepingRule: true)]] {
            let next = try reduce(state, .syncPulled(records: records, cursor: 5, at: pulledAt))
            #expect(next.todos.count == 2)
            #expect(next.todos[1].uuid == nextUUID && next.todos[1].notes == "made there" && next.todos[1].synced)
            #expect(next.todos[0].recur == nil)
        }
        let tombstone = RemoteRecord(uuid: nextUUID, rev: 6, content: nil)
        let gone = try reduce(
            state, .syncPulled(records: [completed(keepingRule: true), tombstone], cursor: 6, at: pulledAt))
        #expect(gone.todos.map(\.uuid) == [Fixture.uuid(1)])
    }

    @Test func twoDevicesCompletingOfflineMakeTheSameOccurrenceAndMergeIt() throws {
        let here = try reduce(state, .completed(ids: [1], at: now))
        let there = try reduce(state, .completed(ids: [1], at: Fixture.t(120)))
        let theirs = there.todos[1]
        #expect(theirs.uuid == here.todos[1].uuid)
        // The other device pushed first: its copies come back here, and merge into ours.
        let pulled = try reduce(
            here,
            .syncPulled(
                records: [
                    RemoteRecord(uuid: Fixture.uuid(1), rev: 4, content: there.todos[0].content),
                    RemoteRecord(uuid: theirs.uuid, rev: 5, content: theirs.content)
                ], cursor: 5, at: pulledAt))
        #expect(pulled.todos.count == 2)
        #expect(pulled.todos.allSatisfy { $0.conflicts.isEmpty && !$0.needsPush })
        #expect(pulled.todos[1].content == theirs.content)
    }
}
