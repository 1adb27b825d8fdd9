import Foundation
import Testing
import TodoCore

/// Local changes to todos the server knows: a todo with a lost conflict and a synced completed
/// one. Each change must drop the conflicts it answers and leave what the next sync sends.
@Suite struct ReducerOnSyncedTodosTests {
    let now = Fixture.t(100)
    let conflict = SyncConflict(field: "name", lost: "oat milk", kept: "milk", at: Fixture.t(50))

    /// #1 "milk" synced at rev 3 with a lost name, #2 "bread" completed and synced at rev 4,
    /// #4 "eggs" completed and never synced.
    var state: TodoState {
        var milk = Fixture.todo(1, "milk")
        milk.base = SyncBase(rev: 3, content: milk.content)
        milk.conflicts = [conflict]
        var bread = Fixture.todo(2, "bread", completed: true)
        bread.base = SyncBase(rev: 4, content: bread.content)
        let eggs = Fixture.todo(4, "eggs", completed: true, synced: false)
        return TodoState(todos: [milk, bread, eggs], nextId: 5, sync: SyncState(datasetId: Fixture.uuid(77), cursor: 4))
    }

    @Test func anEditClearsTheConflictsAndLeavesTheBase() throws {
        let next = try reduce(state, .edit(id: 1, changes: [FieldChange(.notes, "2 litres")], at: now))
        var expected = state
        expected.todos[0].notes = "2 litres"
        expected.todos[0].updatedAt = now
        expected.todos[0].synced = false
        expected.todos[0].conflicts = []
        expected.history = [
            HistoryEntry(
                summary: "edit #1 \"milk\" (notes)", kind: .edit, at: now,
                before: [PriorVersion(id: 1, todo: state.todos[0])])
        ]
        #expect(next == expected)
        #expect(
            next.pendingOperations { Fixture.uuid(100) }.filter { $0.uuid == Fixture.uuid(1) } == [
                OutboxOperation(
                    opId: Fixture.uuid(100), uuid: Fixture.uuid(1), baseRev: 3, content: expected.todos[0].content)
            ])
    }

    @Test func anEditToTheSameValuesKeepsTheConflicts() throws {
        #expect(try reduce(state, .edit(id: 1, changes: [FieldChange(.name, "milk")], at: now)) == state)
    }

    @Test func aToggleClearsTheConflicts() throws {
        let next = try reduce(state, .toggle(ids: [1], at: now))
        #expect(next.todos[0].conflicts == [])
        #expect(next.todos[0].completed)
        #expect(next.todos[0].base == state.todos[0].base)
    }

    @Test func clearCompletedRecordsAPendingDeletionForEachSyncedTodo() throws {
        let next = try reduce(state, .clearCompleted(at: now))
        var expected = state
        expected.todos = [state.todos[0]]
        expected.sync.deletions = [
            PendingDeletion(
                uuid: Fixture.uuid(2), base: SyncBase(rev: 4, content: state.todos[1].content), name: "bread",
                last: state.todos[1].content)
        ]
        expected.history = [
            HistoryEntry(
                summary: "clear-completed (2 todos)", kind: .clearCompleted, at: now,
                before: [PriorVersion(id: 2, todo: state.todos[1]), PriorVersion(id: 4, todo: state.todos[2])])
        ]
        #expect(next == expected)
        #expect(
            next.pendingOperations { Fixture.uuid(100) } == [
                OutboxOperation(
                    opId: Fixture.uuid(100), uuid: Fixture.uuid(2), baseRev: 4, content: nil,
                    last: state.todos[1].content)
            ])
    }

    @Test func undoingClearCompletedTakesBackThePendingDeletion() throws {
        let cleared = try reduce(state, .clearCompleted(at: now))
        let undone = try reduce(cleared, .undo(at: Fixture.t(200)))
        #expect(undone.sync.deletions.isEmpty)
        #expect(undone.todos.map(\.id) == [1, 2, 4])
        #expect(undone.todos[1].base == state.todos[1].base)
        #expect(undone.todos[2].base == nil)
    }

    @Test func deletingAConflictedTodoRecordsItsDeletionAndUndoRestoresIt() throws {
        let deleted = try reduce(state, .delete(ids: [1], at: now))
        #expect(
            deleted.sync.deletions == [
                PendingDeletion(
                    uuid: Fixture.uuid(1), base: state.todos[0].base!, name: "milk", last: state.todos[0].content)
            ]
        )
        let undone = try reduce(deleted, .undo(at: now))
        #expect(undone.sync.deletions.isEmpty)
        #expect(undone.todos[0].base == state.todos[0].base)
        #expect(undone.todos[0].name == "milk")
    }
}
