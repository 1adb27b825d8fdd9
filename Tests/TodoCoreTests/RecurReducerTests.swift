import Foundation
import Testing
@testable import TodoCore

/// Recurring todos through `reduce`, with exact states: a series starts, moves on at each
/// completion (by any path) exactly once, and is skipped, ended and undone.
@Suite struct RecurReducerTests {
    let now = Fixture.t(100)
    let berlin = Dates.zone("Europe/Berlin")
    let monthly = Recurrence(rule: "monthly")!
    func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }

    /// #1 "pay rent" due 2026-01-31, monthly, its series started here in Berlin; #2 "milk".
    var state: TodoState {
        var rent = Fixture.todo(1, "pay rent")
        rent.description = "transfer"
        rent.notes = "ref 42"
        rent.tags = ["bills"]
        rent.project = "home"
        rent.priority = .high
        rent.due = day("2026-01-31")
        rent.wait = day("2026-01-24")
        rent.recur = monthly
        rent.series = rent.uuid
        rent.anchor = SeriesAnchor(day("2026-01-31"), in: berlin)
        return TodoState(todos: [rent, Fixture.todo(2, "milk")], nextId: 3)
    }

    /// #1 as completing it at `now` leaves it: done, its rule handed on.
    var rentDone: Todo {
        var rent = state.todos[0]
        rent.completed = true
        rent.completedAt = now
        rent.updatedAt = now
        rent.synced = false
        rent.recur = nil
        rent.anchor = nil
        return rent
    }

    /// The occurrence completing #1 at `now` makes, numbered `id`.
    func february(_ id: Int = 3, madeAt: Date? = nil) -> Todo {
        var next = Todo(
            id: id, uuid: UUID(name: Fixture.uuid(1).uuidString.lowercased(), namespace: Fixture.uuid(1)),
            name: "pay rent",
            description: "transfer", createdAt: madeAt ?? now)
        next.tags = ["bills"]
        next.project = "home"
        next.priority = .high
        next.due = day("2026-02-28")
        next.wait = day("2026-02-21")
        next.recur = monthly
        next.series = Fixture.uuid(1)
        next.anchor = state.todos[0].anchor
        // What it was made with: the base its copies from other devices merge against.
        next.origin = next.content
        return next
    }

    @Test func addStartsASeriesCountedOnTheClockItWasSetOn() throws {
        var new = NewTodo(uuid: Fixture.uuid(9), name: "standup", createdAt: now)
        new.due = .instant(Dates.utc("2026-03-27T08:00:00Z"))
        new.recur = Recurrence(rule: "weekdays")
        let next = try reduce(TodoState(), .add(new), in: berlin)
        var todo = Todo(id: 1, uuid: Fixture.uuid(9), name: "standup", createdAt: now)
        todo.due = new.due
        todo.recur = new.recur
        todo.series = Fixture.uuid(9)
        todo.anchor = SeriesAnchor(text: "2026-03-27T09:00:00+01:00[Europe/Berlin]")
        #expect(
            next
                == TodoState(
                    todos: [todo], nextId: 2,
                    history: [
                        HistoryEntry(
                            summary: "add #1 \"standup\"", kind: .add, at: now, before: [PriorVersion(id: 1, todo: nil)]
                        )
                    ]))
    }

    @Test func aRuleNeedsADueDate() {
        var new = NewTodo(uuid: Fixture.uuid(9), name: "x", createdAt: now)
        new.recur = monthly
        #expect(throws: ReduceError.recurrenceNeedsDue(0)) { try reduce(state, .add(new)) }
        #expect(throws: ReduceError.recurrenceNeedsDue(2)) {
            try reduce(state, .edit(id: 2, changes: [.set(.recur, .word("2w"))], at: now))
        }
        #expect(throws: ReduceError.recurrenceNeedsDue(1)) {
            try reduce(state, .edit(id: 1, changes: [.set(.due, .date(nil))], at: now))
        }
        #expect(throws: ReduceError.invalid(.recur, "fortnightly")) {
            try reduce(state, .edit(id: 1, changes: [.set(.recur, .word("fortnightly"))], at: now))
        }
    }

    @Test func editingTheDueDateOrRuleCountsFromTheNewDueDate() throws {
        let moved = try reduce(state, .edit(id: 1, changes: [.set(.due, .date(day("2026-02-15")))], at: now), in: .utc)
        #expect(moved.todos[0].anchor == SeriesAnchor(text: "2026-02-15[\(TimeZone.utc.identifier)]"))
        #expect(moved.todos[0].series == Fixture.uuid(1))
        let renamed = try reduce(state, .edit(id: 1, changes: [FieldChange(.name, "rent")], at: now), in: .utc)
        #expect(renamed.todos[0].anchor == state.todos[0].anchor)
        let started = try reduce(
            state, .edit(id: 2, changes: [.set(.recur, .word("Weekly")), .set(.due, .date(day("2026-03-02")))], at: now)
        )
        #expect(
            (started.todos[1].recur?.rule, started.todos[1].series, started.todos[1].anchor?.text) == (
                "weekly", Fixture.uuid(2), "2026-03-02[\(TimeZone.utc.identifier)]"
            ))
    }

    @Test func anEmptyRuleEndsTheSeriesThere() throws {
        let next = try reduce(state, .edit(id: 1, changes: [.set(.recur, .word(nil))], at: now))
        var expected = state.todos[0]
        expected.recur = nil
        expected.anchor = nil
        expected.updatedAt = now
        expected.synced = false
        #expect(next.todos[0] == expected)
        #expect(try reduce(next, .completed(ids: [1], at: now)).todos.count == 2)
    }

    @Test func completingAnOccurrenceMakesTheNextOne() throws {
        let next = try reduce(state, .completed(ids: [1], at: now))
        let expected = TodoState(
            todos: [rentDone, state.todos[1], february()], nextId: 4,
            history: [
                HistoryEntry(
                    summary: "complete #1 \"pay rent\"", kind: .complete, at: now,
                    before: [
                        PriorVersion(id: 1, todo: state.todos[0]), PriorVersion(id: 3, todo: nil)
                    ])
            ])
        #expect(next == expected)
        #expect(try reduce(state, .toggle(ids: [1], at: now)).todos == expected.todos)
    }

    /// The rule `todo done` and a CalDAV app's completion share (`Todo.completingOccurrence`),
    /// exactly: the occurrence done at `doneAt` without its rule; the next one counted from
    /// `doneAt`, created at `at` (not at `doneAt`), without the start of the work done.
    @Test func completingAnOccurrenceIsOnePureFunction() throws {
        let doneAt = Fixture.t(50)
        var rent = state.todos[0]
        rent.start = .instant(Fixture.t(10))
        let (done, next) = rent.completingOccurrence(doneAt: doneAt, madeAt: now)
        var wantedDone = rent
        (wantedDone.completed, wantedDone.completedAt, wantedDone.recur, wantedDone.anchor) = (true, doneAt, nil, nil)
        #expect(done == wantedDone)
        // february(0): due a month on, its wait as far, made at `now`, no start.
        #expect(next == february(0))

        // The first occurrence names its series; a todo that does not recur is only completed.
        rent.series = nil
        #expect(rent.completingOccurrence(doneAt: doneAt, madeAt: now).done.series == rent.uuid)
        let milk = state.todos[1]
        var milkDone = milk
        (milkDone.completed, milkDone.completedAt) = (true, doneAt)
        #expect(milk.completingOccurrence(doneAt: doneAt, madeAt: now) == (milkDone, nil))
    }

    @Test func undoOfTheCompletionTakesTheNextOneBack() throws {
        let later = Fixture.t(200)
        let undone = try reduce(try reduce(state, .completed(ids: [1], at: now)), .undo(at: later))
        var rent = state.todos[0]
        rent.updatedAt = later
        rent.synced = false
        #expect(undone == TodoState(todos: [rent, state.todos[1]], nextId: 4))
        let again = try reduce(undone, .completed(ids: [1], at: later))
        #expect(again.todos.last == february(4, madeAt: later))
    }

    @Test func anOccurrenceThatIsThereOrBeingDeletedIsNotMadeAgain() throws {
        var start = state
        start.todos.append(february())
        start.nextId = 4
        var next = try reduce(start, .completed(ids: [1], at: now))
        #expect(next.todos == [rentDone, state.todos[1], february()])
        start.todos.removeLast()
        start.sync.deletions = [
            PendingDeletion(uuid: february().uuid, base: SyncBase(rev: 5, content: nil), name: "pay rent")
        ]
        next = try reduce(start, .completed(ids: [1], at: now))
        #expect(next.todos == [rentDone, state.todos[1]])
    }

    @Test func deletingTheOpenOccurrenceSkipsItAndDeletingTheSeriesEndsIt() throws {
        let skipped = try reduce(state, .delete(ids: [1], at: now))
        #expect(skipped.todos == [state.todos[1], february()])
        #expect(
            skipped.history.last?.before == [PriorVersion(id: 1, todo: state.todos[0]), PriorVersion(id: 3, todo: nil)])
        let ended = try reduce(state, .deleteSeries(ids: [1], at: now))
        #expect(ended.todos == [state.todos[1]])
        #expect(ended.history.last?.summary == "delete the series of #1 \"pay rent\"")
    }

    @Test func aBatchMovesTheSeriesOnAtEachCompletion() throws {
        let next = try reduce(state, .batch([.completed(ids: [1], at: now), .toggle(ids: [3], at: now)]))
        #expect(next.todos.map(\.due) == [day("2026-01-31"), nil, day("2026-02-28"), day("2026-03-31")])
        #expect(next.todos.map(\.recur) == [nil, nil, nil, monthly])
        #expect(next.todos.map(\.completed) == [true, false, true, false])
        #expect(next.history.count == 1)
    }

    @Test func untilEndsTheSeries() throws {
        var start = state
        start.todos[0].until = day("2026-02-28")
        let first = try reduce(start, .completed(ids: [1], at: now))
        #expect(first.todos.count == 3 && first.todos[2].until == day("2026-02-28"))
        let second = try reduce(first, .completed(ids: [3], at: now))
        #expect(second.todos.count == 3)
        #expect(second.todos[2].recur == nil && second.todos[2].completed)
    }

    /// Taskwarrior's expiry: an open todo whose until has passed (a whole day once it is
    /// over), recurring or not; a completed one never.
    @Test func expiredPicksTheOpenTodosWhoseUntilHasPassed() throws {
        var start = state
        start.todos[0].until = day("2026-02-28")
        start.todos[1].until = .instant(Dates.utc("2026-02-28T10:00:00Z"))
        var done = Fixture.todo(3, "done long ago")
        done.completed = true
        done.until = day("2026-01-01")
        start.todos.append(done)
        func expired(_ wire: String) -> [Int] { start.expired(in: DateContext(now: Dates.utc(wire), timeZone: berlin)) }
        #expect(expired("2026-02-28T09:59:59Z") == [])
        #expect(expired("2026-02-28T10:00:00Z") == [2])
        // Berlin's 28 February ends at 23:00 UTC.
        #expect(expired("2026-02-28T22:59:59Z") == [2])
        #expect(expired("2026-02-28T23:00:00Z") == [1, 2])
    }

    @Test func anExpiredSeriesIsDeletedWithNoNextOccurrenceInAStepOfItsOwn() throws {
        var start = state
        start.todos[0].until = day("2026-01-31")
        let expired = try reduce(start, .expired(ids: [1], at: now))
        #expect(expired.todos == [state.todos[1]])
        #expect(expired.nextId == 3)
        #expect(expired.history.last?.summary == "expire #1 \"pay rent\"")
        #expect(expired.history.last?.before == [PriorVersion(id: 1, todo: start.todos[0])])
        let undone = try reduce(expired, .undo(at: now))
        #expect(
            undone.todos.map(\.id) == [1, 2] && undone.todos[0].until == day("2026-01-31")
                && undone.todos[0].recur == monthly)
    }

    @Test func aSeriesEndsWhereDatesCannotBeWritten() throws {
        var start = state
        start.todos[0].recur = Recurrence(rule: "999y")
        start.todos[0].due = day("9500-01-31")
        start.todos[0].anchor = SeriesAnchor(day("9500-01-31"), in: berlin)
        let next = try reduce(start, .completed(ids: [1], at: now))
        #expect(next.todos.count == 2 && next.todos[0].recur == nil)
    }

    @Test func afterCompletionCountsFromTheCompletion() throws {
        var start = state
        start.todos[0].recur = Recurrence(rule: "+2w")
        let done = Dates.utc("2026-02-10T23:30:00Z")  // already 11 February in Berlin
        let next = try reduce(start, .completed(ids: [1], at: done))
        #expect(next.todos[2].due == day("2026-02-25"))
        #expect(next.todos[2].wait == day("2026-02-18"))
    }

    @Test func fiftyTwoWeeklyCompletionsMakeFiftyTwoOccurrences() throws {
        var current = state
        current.todos[0].recur = Recurrence(rule: "weekly")
        current.todos[0].due = day("2026-01-05")
        current.todos[0].anchor = SeriesAnchor(day("2026-01-05"), in: berlin)
        for _ in 0..<52 {
            let open = try #require(current.todos.last { $0.recur != nil })
            current = try reduce(current, .completed(ids: [open.id], at: now))
        }
        let series = current.todos.filter { $0.series == Fixture.uuid(1) }
        #expect(series.count == 53)
        #expect(Set(series.map(\.uuid)).count == 53)
        #expect(series.filter { $0.recur != nil }.map(\.due) == [day("2027-01-04")])
        #expect(series.map { $0.due!.wire }.sorted() == series.map { $0.due!.wire })
    }

    func imported(_ uuid: UUID, _ content: TodoContent) -> ImportedTodo {
        var item = ImportedTodo(uuid: uuid, name: content.name, createdAt: content.createdAt)
        item.content = content
        return item
    }

    @Test func anImportThatCompletesAnOccurrenceMakesTheNextOneOnce() throws {
        var content = state.todos[0].content
        content.completed = true
        content.completedAt = now
        content.updatedAt = now
        let item = imported(Fixture.uuid(1), content)
        let once = try reduce(state, .importTodos([item], at: now))
        #expect(once.todos.map(\.uuid) == [Fixture.uuid(1), Fixture.uuid(2), february().uuid])
        #expect(once.todos[2] == february())
        let again = try reduce(once, .importTodos([item], at: Fixture.t(200)))
        #expect(again.todos == once.todos)
        // A file holding the next occurrence too: it is taken from the file, not made.
        var theirs = february(3, madeAt: Fixture.t(50))
        theirs.notes = "from the file"
        let both = try reduce(state, .importTodos([item, imported(theirs.uuid, theirs.content)], at: now))
        #expect(both.todos.count == 3 && both.todos[2].notes == "from the file")
    }
}
