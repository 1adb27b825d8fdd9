import Foundation
import Testing
import TodoCore

@Suite struct ReducerTests {
    let state = Fixture.state
    let now = Fixture.t(100)

    @Test func addAppendsWithTheNextNumberAndRecordsHistory() throws {
        let new = NewTodo(uuid: Fixture.uuid(9), name: "  call mom \n", description: "d", notes: "n", createdAt: now)
        let next = try reduce(state, .add(new))
        var expected = state
        expected.todos.append(
            Todo(
                id: 5, uuid: Fixture.uuid(9), name: "call mom", description: "d", notes: "n",
                createdAt: now, updatedAt: now, synced: false))
        expected.nextId = 6
        expected.history = [
            HistoryEntry(summary: "add #5 \"call mom\"", kind: .add, at: now, before: [PriorVersion(id: 5, todo: nil)])
        ]
        #expect(next == expected)
    }

    @Test func editChangesOnlyTheGivenFields() throws {
        let next = try reduce(
            state, .edit(id: 4, changes: [FieldChange(.name, "duck eggs"), FieldChange(.notes, "six")], at: now))
        var expected = state
        expected.todos[2].name = "duck eggs"
        expected.todos[2].notes = "six"
        expected.todos[2].updatedAt = now
        expected.todos[2].synced = false
        expected.history = [
            HistoryEntry(
                summary: "edit #4 \"eggs\" (name, notes)", kind: .edit, at: now,
                before: [PriorVersion(id: 4, todo: state.todos[2])])
        ]
        #expect(next == expected)
    }

    @Test func editToTheSameValuesChangesNothing() throws {
        #expect(try reduce(state, .edit(id: 1, changes: [FieldChange(.name, "milk")], at: now)) == state)
    }

    @Test func toggleCompletesAndReopens() throws {
        let next = try reduce(state, .toggle(ids: [1, 2, 1], at: now))
        var expected = state
        expected.todos[0].completed = true
        expected.todos[0].completedAt = now
        expected.todos[1].completed = false
        expected.todos[1].completedAt = nil
        for index in 0...1 {
            expected.todos[index].updatedAt = now
            expected.todos[index].synced = false
        }
        expected.history = [
            HistoryEntry(
                summary: "toggle #1, #2, #1", kind: .toggle, at: now,
                before: [PriorVersion(id: 1, todo: state.todos[0]), PriorVersion(id: 2, todo: state.todos[1])])
        ]
        #expect(next == expected)
    }

    @Test func completedCompletesActiveTodosAndLeavesCompletedOnesAsTheyWere() throws {
        let next = try reduce(state, .completed(ids: [1, 2], at: now))
        var expected = state
        expected.todos[0].completed = true
        expected.todos[0].completedAt = now
        expected.todos[0].updatedAt = now
        expected.todos[0].synced = false
        expected.history = [
            HistoryEntry(
                summary: "complete #1, #2", kind: .complete, at: now,
                before: [PriorVersion(id: 1, todo: state.todos[0])])
        ]
        #expect(next == expected)
        #expect(try reduce(next, .completed(ids: [1, 2], at: Fixture.t(200))) == next)
    }

    @Test func reopenedReopensCompletedTodosAndLeavesActiveOnesAsTheyWere() throws {
        let next = try reduce(state, .reopened(ids: [2, 4], at: now))
        var expected = state
        expected.todos[1].completed = false
        expected.todos[1].completedAt = nil
        expected.todos[1].updatedAt = now
        expected.todos[1].synced = false
        expected.history = [
            HistoryEntry(
                summary: "reopen #2, #4", kind: .reopen, at: now, before: [PriorVersion(id: 2, todo: state.todos[1])])
        ]
        #expect(next == expected)
        #expect(try reduce(next, .reopened(ids: [2], at: Fixture.t(200))) == next)
    }

    @Test func annotatedAddsAnAnnotationAtTheFirstFreeSecond() throws {
        var start = state
        start.todos[0].notes = "2 litres"
        let once = try reduce(start, .annotated(id: 1, text: "shop was shut", at: now.addingTimeInterval(0.75)))
        let twice = try reduce(once, .annotated(id: 1, text: "bought it", at: now))
        var expected = start
        // Two in one second: the second moves on to the next, as Taskwarrior's do, so their order holds.
        expected.todos[0].annotations = [
            Annotation(at: now, text: "shop was shut"), Annotation(at: now + 1, text: "bought it")
        ]
        expected.todos[0].updatedAt = now
        expected.todos[0].synced = false
        expected.history = [
            HistoryEntry(
                summary: "annotate #1 \"milk\"", kind: .annotate, at: now.addingTimeInterval(0.75),
                before: [PriorVersion(id: 1, todo: start.todos[0])]),
            HistoryEntry(
                summary: "annotate #1 \"milk\"", kind: .annotate, at: now,
                before: [PriorVersion(id: 1, todo: once.todos[0])])
        ]
        #expect(twice == expected)
    }

    @Test func deleteRemovesAndNeverRenumbers() throws {
        let next = try reduce(state, .delete(ids: [1], at: now))
        #expect(next.todos == [state.todos[1], state.todos[2]])
        #expect(next.nextId == 5)
        #expect(
            next.history == [
                HistoryEntry(
                    summary: "delete #1 \"milk\"", kind: .delete, at: now,
                    before: [PriorVersion(id: 1, todo: state.todos[0])])
            ])
        let added = try reduce(next, .add(NewTodo(uuid: Fixture.uuid(7), name: "x", createdAt: now)))
        #expect(added.todos.last?.id == 5)
    }

    @Test func clearCompletedRemovesOnlyCompleted() throws {
        let next = try reduce(state, .clearCompleted(at: now))
        var expected = state
        expected.todos.remove(at: 1)
        expected.history = [
            HistoryEntry(
                summary: "clear-completed (1 todo)", kind: .clearCompleted, at: now,
                before: [PriorVersion(id: 2, todo: state.todos[1])])
        ]
        #expect(next == expected)
    }

    @Test func clearCompletedWithNothingCompletedRecordsNothing() throws {
        let none = try reduce(state, .delete(ids: [2], at: now))
        #expect(try reduce(none, .clearCompleted(at: now)) == none)
    }

    @Test func undoRestoresWhatTheLastStepChanged() throws {
        let later = Fixture.t(200)
        let deleted = try reduce(state, .delete(ids: [1, 4], at: now))
        let undone = try reduce(deleted, .undo(at: later))
        var expected = state
        for index in [0, 2] {
            expected.todos[index].updatedAt = later
            expected.todos[index].synced = false
        }
        #expect(undone == expected)
    }

    @Test func undoOfAnAddRemovesItButKeepsTheNumberUsed() throws {
        let added = try reduce(state, .add(NewTodo(uuid: Fixture.uuid(9), name: "x", createdAt: now)))
        let undone = try reduce(added, .undo(at: now))
        #expect(undone.todos == state.todos)
        #expect(undone.nextId == 6)
        #expect(undone.history.isEmpty)
    }

    @Test func undoIsRepeatableBackThroughHistory() throws {
        let one = try reduce(state, .toggle(ids: [1], at: now))
        let two = try reduce(one, .edit(id: 1, changes: [FieldChange(.name, "oat milk")], at: now))
        let back = try reduce(try reduce(two, .undo(at: now)), .undo(at: now))
        #expect(back.todos[0].name == "milk")
        #expect(back.todos[0].completed == false)
        #expect(throws: ReduceError.nothingToUndo) { try reduce(back, .undo(at: now)) }
    }

    @Test func batchIsOneStepAndAllOrNothing() throws {
        let batch = Action.batch([
            .add(NewTodo(uuid: Fixture.uuid(9), name: "x", createdAt: now)),
            .toggle(ids: [5], at: now)
        ])
        let next = try reduce(state, batch)
        #expect(next.todos.last?.completed == true)
        #expect(next.history.count == 1)
        #expect(next.history[0].summary == "batch of 2 actions")
        #expect(try reduce(next, .undo(at: now)).todos == state.todos)
        #expect(throws: ReduceError.unknownId(99)) {
            try reduce(state, .batch([.toggle(ids: [1], at: now), .delete(ids: [99], at: now)]))
        }
    }

    @Test func aBatchReductionIsTheBatchReduced() throws {
        var batch = BatchReduction(state)
        try batch.apply(.add(NewTodo(uuid: Fixture.uuid(9), name: "x", createdAt: now)))
        // The todo just added is there for the next action to name.
        #expect(batch.state.todo(id: 5)?.name == "x")
        try batch.apply(.toggle(ids: [5], at: now))
        #expect(batch.actions.count == 2)
        #expect(batch.finished == (try reduce(state, .batch(batch.actions))))
        #expect(BatchReduction(state).finished == state)
        var failing = BatchReduction(state)
        #expect(throws: ReduceError.unknownId(99)) { try failing.apply(.delete(ids: [99], at: now)) }
    }

    @Test func historyIsBounded() throws {
        var next = state
        for minute in 0..<(TodoState.historyLimit + 5) {
            next = try reduce(next, .toggle(ids: [1], at: Fixture.t(Double(minute))))
        }
        #expect(next.history.count == TodoState.historyLimit)
    }

    @Test(arguments: [
        (Action.toggle(ids: [3], at: Fixture.t0), ReduceError.unknownId(3)),
        (.delete(ids: [1, 42], at: Fixture.t0), .unknownId(42)),
        (.edit(id: 3, changes: [FieldChange(.notes, "x")], at: Fixture.t0), .unknownId(3)),
        (.edit(id: 1, changes: [FieldChange(.name, " \n ")], at: Fixture.t0), .blankName),
        (.add(NewTodo(uuid: Fixture.uuid(9), name: "   ", createdAt: Fixture.t0)), .blankName),
        (.toggle(ids: [], at: Fixture.t0), .noTodosGiven),
        (.completed(ids: [1, 3], at: Fixture.t0), .unknownId(3)),
        (.reopened(ids: [], at: Fixture.t0), .noTodosGiven),
        (.annotated(id: 3, text: "x", at: Fixture.t0), .unknownId(3)),
        (.undo(at: Fixture.t0), .nothingToUndo),
        (.batch([.undo(at: Fixture.t0)]), .undoInsideBatch)
    ])
    func invalidActionsAreRefused(action: Action, error: ReduceError) {
        #expect(throws: error) { try reduce(state, action) }
    }

    @Test func actionsAreCodable() throws {
        let action = Action.batch([
            .edit(id: 1, changes: [FieldChange(.description, "é\n\"")], at: now), .clearCompleted(at: now)
        ])
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(Action.self, from: data) == action)
    }

    /// Numbers are never reused: an undo step that would put another todo in a number's
    /// place (a damaged or forged history) is refused and changes nothing.
    @Test func anUndoStepNamingAnotherTodoIsRefused() throws {
        var state = TodoState(todos: [Fixture.todo(1, "now here")], nextId: 2)
        state.history = [
            HistoryEntry(
                summary: "delete #1", kind: .delete, at: Fixture.t(1),
                before: [PriorVersion(id: 1, todo: Fixture.todo(9, "other").renumbered(1))])
        ]
        #expect(throws: ReduceError.undoStepMismatch(1)) { try reduce(state, .undo(at: Fixture.t(2))) }
    }
}

extension Todo {
    func renumbered(_ id: Int) -> Todo {
        var todo = self
        todo.id = id
        return todo
    }
}
