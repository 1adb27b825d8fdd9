import Foundation
import Testing
import TodoCore

/// `.importTodos`: merge by UUID, numbers never reused or changed, one undo step.
@Suite struct ImportReducerTests {
    let state = Fixture.state
    let now = Fixture.t(100)

    func imported(_ n: Int, _ name: String, updated minutes: Double, completed: Bool = false) -> ImportedTodo {
        ImportedTodo(
            uuid: Fixture.uuid(n), name: name, description: "d\(n)", notes: "n\(n)", completed: completed,
            createdAt: Fixture.t(1), updatedAt: Fixture.t(minutes), completedAt: completed ? Fixture.t(minutes) : nil)
    }

    @Test func newUUIDsGetTheNextNumbersAndKnownNewerOnesReplaceTheText() throws {
        let next = try reduce(
            state,
            .importTodos(
                [
                    imported(9, "  tea ", updated: 50),
                    imported(4, "duck eggs", updated: 60, completed: true),
                    imported(1, "old milk", updated: 0)
                ], at: now))
        var expected = state
        var eggs = state.todos[2]
        eggs.name = "duck eggs"
        eggs.description = "d4"
        eggs.notes = "n4"
        eggs.completed = true
        eggs.completedAt = Fixture.t(60)
        eggs.updatedAt = Fixture.t(60)
        eggs.synced = false
        expected.todos[2] = eggs
        expected.todos.append(
            Todo(
                id: 5, uuid: Fixture.uuid(9), name: "tea", description: "d9", notes: "n9",
                createdAt: Fixture.t(1), updatedAt: Fixture.t(50), synced: false))
        expected.nextId = 6
        expected.history = [
            HistoryEntry(
                summary: "import of 3 todos", kind: .importTodos, at: now,
                before: [PriorVersion(id: 5, todo: nil), PriorVersion(id: 4, todo: state.todos[2])])
        ]
        #expect(next == expected)
        #expect(
            try reduce(next, .undo(at: now)).todos
                == state.todos.map { todo in
                    var restored = todo
                    if todo.id == 4 { restored.updatedAt = now; restored.synced = false }
                    return restored
                })
    }

    @Test func importingTheSameTodosTwiceChangesNothingTheSecondTime() throws {
        let items = [imported(9, "tea", updated: 50), imported(10, "coffee", updated: 51, completed: true)]
        let once = try reduce(state, .importTodos(items, at: now))
        #expect(once.todos.map(\.id) == [1, 2, 4, 5, 6])
        #expect(try reduce(once, .importTodos(items, at: Fixture.t(200))) == once)
    }

    @Test func aNewerCopyWithTheSameContentChangesNothing() throws {
        var same = imported(1, "milk", updated: 500)
        same.content.description = ""
        same.content.notes = ""
        #expect(try reduce(state, .importTodos([same], at: now)) == state)
    }

    @Test func aKnownUUIDKeepsItsNumberAndCreationDate() throws {
        var item = imported(2, "rye bread", updated: 70)
        item.content.createdAt = Fixture.t(-1000)
        let next = try reduce(state, .importTodos([item], at: now))
        let bread = try #require(next.todo(id: 2))
        #expect(bread.createdAt == state.todos[1].createdAt)
        #expect(bread.uuid == Fixture.uuid(2))
        #expect((bread.name, bread.completed, bread.completedAt) == ("rye bread", false, nil))
        #expect(next.nextId == 5)
    }

    @Test func aBlankNameRefusesTheWholeImport() {
        #expect(throws: ReduceError.blankName) {
            try reduce(state, .importTodos([imported(9, "ok", updated: 1), imported(10, " \n", updated: 1)], at: now))
        }
    }

    @Test func anEmptyImportRecordsNothing() throws {
        #expect(try reduce(state, .importTodos([], at: now)) == state)
    }
}
