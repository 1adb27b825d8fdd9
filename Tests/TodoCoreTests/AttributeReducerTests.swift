import Foundation
import Testing
@testable import TodoCore

/// The attribute fields (tags, project, priority, due, wait) through `reduce`, with exact states.
@Suite struct AttributeReducerTests {
    let state = Fixture.state
    let now = Fixture.t(100)
    let friday = DueDate.day(Dates.day("2026-11-20"))
    let noon = DueDate.instant(Dates.utc("2026-11-25T12:00:00.000Z"))

    /// `todo` edited at `now` with `change` made.
    func edited(_ todo: Todo, _ change: (inout Todo) -> Void) -> Todo { todo.edited(at: now, change) }

    @Test func addKeepsEveryAttribute() throws {
        var new = NewTodo(uuid: Fixture.uuid(9), name: "pay rent", createdAt: now)
        new.tags = ["bills", "home"]
        new.project = "home.money"
        new.priority = .high
        new.due = friday
        new.wait = noon
        let next = try reduce(state, .add(new))
        var todo = Todo(id: 5, uuid: Fixture.uuid(9), name: "pay rent", createdAt: now)
        todo.tags = ["bills", "home"]
        todo.project = "home.money"
        todo.priority = .high
        todo.due = friday
        todo.wait = noon
        var expected = state
        expected.todos.append(todo)
        expected.nextId = 6
        expected.history = [
            HistoryEntry(summary: "add #5 \"pay rent\"", kind: .add, at: now, before: [PriorVersion(id: 5, todo: nil)])
        ]
        #expect(next == expected)
    }

    @Test func addMadeFromChangesIsTheSameTodo() throws {
        let changes: [FieldChange] = [
            .addTag("home"), .addTag("bills"), .set(.project, .word("home")), .set(.priority, .priority(.low)),
            .set(.due, .date(friday)), FieldChange(.notes, "n")
        ]
        let new = NewTodo(uuid: Fixture.uuid(9), name: "x", changes: changes, createdAt: now)
        var expected = NewTodo(uuid: Fixture.uuid(9), name: "x", notes: "n", createdAt: now)
        expected.tags = ["bills", "home"]
        expected.project = "home"
        expected.priority = .low
        expected.due = friday
        #expect(new == expected)
    }

    @Test func editSetsAndClearsAttributes() throws {
        var start = state
        start.todos[0].project = "old"
        start.todos[0].wait = friday
        let changes: [FieldChange] = [
            .set(.project, .word(nil)), .set(.priority, .priority(.medium)), .set(.due, .date(noon)),
            .set(.wait, .date(nil))
        ]
        let next = try reduce(start, .edit(id: 1, changes: changes, at: now))
        var expected = start
        expected.todos[0] = edited(start.todos[0]) {
            $0.project = nil
            $0.priority = .medium
            $0.due = noon
            $0.wait = nil
        }
        expected.history = [
            HistoryEntry(
                summary: "edit #1 \"milk\" (project, priority, due, wait)", kind: .edit, at: now,
                before: [PriorVersion(id: 1, todo: start.todos[0])])
        ]
        #expect(next == expected)
    }

    @Test func anEmptyProjectIsNone() throws {
        var start = state
        start.todos[2].project = "garden"
        let next = try reduce(start, .edit(id: 4, changes: [.set(.project, .word(""))], at: now))
        #expect(next.todos[2] == edited(start.todos[2]) { $0.project = nil })
    }

    @Test func plusAndMinusTagsAddToAndTakeFromTheTagsThere() throws {
        var start = state
        start.todos[0].tags = ["home", "later"]
        let next = try reduce(
            start, .edit(id: 1, changes: [.addTag("errand"), .removeTag("later"), .removeTag("absent")], at: now))
        var expected = start
        expected.todos[0] = edited(start.todos[0]) { $0.tags = ["errand", "home"] }
        expected.history = [
            HistoryEntry(
                summary: "edit #1 \"milk\" (tags)", kind: .edit, at: now,
                before: [PriorVersion(id: 1, todo: start.todos[0])])
        ]
        #expect(next == expected)
    }

    @Test func editOfSeveralTodosIsOneStepAndSkipsThoseAlreadySo() throws {
        var start = state
        start.todos[2].tags = ["q4"]
        let next = try reduce(start, .edit(ids: [1, 2, 4, 1], changes: [.addTag("q4")], at: now))
        var expected = start
        expected.todos[0] = edited(start.todos[0]) { $0.tags = ["q4"] }
        expected.todos[1] = edited(start.todos[1]) { $0.tags = ["q4"] }
        expected.history = [
            HistoryEntry(
                summary: "edit #1, #2, #4, #1 (tags)", kind: .edit, at: now,
                before: [PriorVersion(id: 1, todo: start.todos[0]), PriorVersion(id: 2, todo: start.todos[1])])
        ]
        #expect(next == expected)
        var undone = start
        for index in 0...1 {
            undone.todos[index].updatedAt = Fixture.t(200)
            undone.todos[index].synced = false
        }
        #expect(try reduce(next, .undo(at: Fixture.t(200))) == undone)
    }

    @Test func editOfSeveralTodosIsAllOrNothing() {
        #expect(throws: ReduceError.unknownId(3)) {
            try reduce(state, .edit(ids: [1, 3], changes: [.addTag("q4")], at: now))
        }
        #expect(throws: ReduceError.noTodosGiven) {
            try reduce(state, .edit(ids: [], changes: [.addTag("q4")], at: now))
        }
    }

    @Test func anEditEndsTheTodosConflicts() throws {
        var start = state
        start.todos[0].conflicts = [SyncConflict(field: "project", lost: "a", kept: "b", at: Fixture.t0)]
        let next = try reduce(start, .edit(id: 1, changes: [.set(.priority, .priority(.high))], at: now))
        #expect(
            next.todos[0]
                == edited(start.todos[0]) {
                    $0.priority = .high
                    $0.conflicts = []
                })
    }

    @Test(arguments: [
        (FieldChange.addTag("a b"), ReduceError.invalid(.tags, "a b")),
        (.addTag("+x"), .invalid(.tags, "+x")),
        (.addTag("1st"), .invalid(.tags, "1st")),
        (.addTag(""), .invalid(.tags, "")),
        (.set(.tags, .tags(["ok", "not ok"])), .invalid(.tags, "not ok")),
        (.set(.project, .word("two words")), .invalid(.project, "two words")),
        (.set(.project, .word("tab\there")), .invalid(.project, "tab\there")),
        (.set(.due, .text("tomorrow")), .invalid(.due, "tomorrow")),
        (.set(.name, .tags(["x"])), .invalid(.name, "x"))
    ])
    func valuesAFieldCannotHoldAreRefused(change: FieldChange, error: ReduceError) {
        #expect(throws: error) { try reduce(state, .edit(id: 1, changes: [change], at: now)) }
        var new = NewTodo(uuid: Fixture.uuid(9), name: "x", createdAt: now)
        if case .add(.tags, .tags(let tags)) = change, let tag = tags.first {
            new.tags = [tag]
            #expect(throws: error) { try reduce(state, .add(new)) }
        }
    }

    @Test func aTodoIsWhatFiltersAndUrgencyRead() throws {
        var todo = Fixture.todo(1, "milk")
        todo.tags = ["next"]
        todo.project = "home.kitchen"
        todo.priority = .high
        let context = Dates.at("2026-11-18T12:00:00.000Z")
        #expect(
            try FilterParser.parse(["+next", "project:home", "priority:H"], in: context).matches(
                todo, in: FilterContext(dates: context)))
        #expect(try !FilterParser.parse(["-next"], in: context).matches(todo, in: FilterContext(dates: context)))
        #expect(Urgency.score(todo, in: FilterContext(dates: context)) > 15 + 6)
    }

    @Test func waitingIsAnActiveTodoBeforeItsWaitDate() {
        var todo = Fixture.todo(1, "milk")
        todo.wait = .day(Dates.day("2026-11-19"))
        #expect(todo.isWaiting(in: Dates.at("2026-11-18T23:00:00.000Z")))
        #expect(!todo.isWaiting(in: Dates.at("2026-11-19T00:00:00.000Z")))
        #expect(todo.isWaiting(in: Dates.at("2026-11-19T00:00:00.000Z", "America/New_York")))
        todo.completed = true
        #expect(!todo.isWaiting(in: Dates.at("2026-11-18T23:00:00.000Z")))
    }

    @Test func actionsWithAttributesAreCodable() throws {
        let action = Action.edit(
            ids: [1, 2],
            changes: [
                .addTag("x"), .removeTag("y"), .set(.due, .date(noon)), .set(.wait, .date(friday)),
                .set(.priority, .priority(nil))
            ],
            at: now)
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(Action.self, from: data) == action)
    }
}
