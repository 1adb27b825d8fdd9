import Foundation
import Testing
@testable import TodoCore

/// Taskwarrior's fields through `reduce` and the sync merge, with exact states: start, stop
/// and done; dependencies added, removed, missing and cyclic; annotations denotated; sets and
/// named values merged.
@Suite struct TaskwarriorFieldReducerTests {
    let state = Fixture.state
    let now = Fixture.t(100)
    let noon = DueDate.instant(Dates.utc("2026-11-25T12:00:00.000Z"))

    /// `todo` edited at `now` with `change` made.
    func edited(_ todo: Todo, _ change: (inout Todo) -> Void) -> Todo { todo.edited(at: now, change) }

    /// The undo history of one edit, described `summary`, of `todos` (as they were before it).
    func history(_ summary: String, _ todos: Todo...) -> [HistoryEntry] {
        [HistoryEntry(summary: summary, kind: .edit, at: now, before: todos.map { PriorVersion(id: $0.id, todo: $0) })]
    }

    @Test func startIsSetByAnEditAndDoneStopsIt() throws {
        let started = try reduce(state, .edit(ids: [1], changes: [.set(.start, .date(noon))], at: now))
        var expected = state
        expected.todos[0] = edited(state.todos[0]) { $0.start = noon }
        expected.history = history("edit #1 \"milk\" (start)", state.todos[0])
        #expect(started == expected)
        let done = try reduce(started, .completed(ids: [1], at: now))
        #expect(done.todos[0].start == nil)
        #expect(done.todos[0].completed)
    }

    @Test func dependenciesAreAddedAndRemovedAsMembers() throws {
        let added = try reduce(
            state, .edit(ids: [1], changes: [.add(.depends, .uuids([Fixture.uuid(2), Fixture.uuid(4)]))], at: now))
        var expected = state
        expected.todos[0] = edited(state.todos[0]) { $0.depends = [Fixture.uuid(2), Fixture.uuid(4)] }
        expected.history = history("edit #1 \"milk\" (depends)", state.todos[0])
        #expect(added == expected)
        let removed = try reduce(
            added, .edit(ids: [1], changes: [.remove(.depends, .uuids([Fixture.uuid(2)]))], at: now))
        #expect(removed.todos[0].depends == [Fixture.uuid(4)])
    }

    @Test(arguments: [
        (
            [1], [FieldChange.add(.depends, .uuids([Fixture.uuid(3)]))],
            ReduceError.unknownDependency(1, Fixture.uuid(3))
        ),
        ([1], [.add(.depends, .uuids([Fixture.uuid(1)]))], .dependencyCycle(1))
    ])
    func aMissingOrCircularDependencyIsRefused(ids: [Int], changes: [FieldChange], error: ReduceError) {
        #expect(throws: error) { try reduce(state, .edit(ids: ids, changes: changes, at: now)) }
    }

    @Test func aCycleThroughOtherTodosIsRefusedWhereverItCloses() throws {
        var chain = state
        chain.todos[0].depends = [Fixture.uuid(2)]  // milk waits on bread
        chain.todos[1].depends = [Fixture.uuid(4)]  // bread waits on eggs
        #expect(throws: ReduceError.dependencyCycle(4)) {
            try reduce(chain, .edit(ids: [4], changes: [.add(.depends, .uuids([Fixture.uuid(1)]))], at: now))
        }
        // Two todos of one edit that wait on each other.
        #expect(throws: ReduceError.self) {
            try reduce(
                state,
                .batch([
                    .edit(ids: [1], changes: [.add(.depends, .uuids([Fixture.uuid(4)]))], at: now),
                    .edit(ids: [4], changes: [.add(.depends, .uuids([Fixture.uuid(1)]))], at: now)
                ]))
        }
        var new = NewTodo(uuid: Fixture.uuid(9), name: "waits on itself", createdAt: now)
        new.depends = [Fixture.uuid(9)]
        #expect(throws: ReduceError.dependencyCycle(0)) { try reduce(state, .add(new)) }
    }

    @Test func aDependencyOnADeletedTodoStaysThroughOtherEdits() throws {
        var start = state
        start.todos[0].depends = [Fixture.uuid(3)]  // #3 was deleted long ago
        let next = try reduce(start, .edit(ids: [1], changes: [.set(.priority, .priority(.high))], at: now))
        #expect(next.todos[0].depends == [Fixture.uuid(3)])
        #expect(next.todos[0].priority == .high)
    }

    @Test func denotateRemovesOneAnnotation() throws {
        var start = state
        let (one, two) = (Annotation(at: now, text: "called"), Annotation(at: now + 5, text: "paid"))
        start.todos[0].annotations = [one, two]
        let next = try reduce(start, .edit(ids: [1], changes: [.remove(.annotations, .annotations([one]))], at: now))
        var expected = start
        expected.todos[0] = edited(start.todos[0]) { $0.annotations = [two] }
        expected.history = history("edit #1 \"milk\" (annotations)", start.todos[0])
        #expect(next == expected)
    }

    @Test func annotationsAndDependenciesMergeAsSets() {
        var base = Fixture.todo(1, "milk").content
        base.annotations = [Annotation(at: now, text: "old")]
        base.depends = [Fixture.uuid(2)]
        var local = base
        local.annotations.append(Annotation(at: now + 1, text: "paid online"))
        local.depends = [Fixture.uuid(2), Fixture.uuid(4)]
        var remote = base
        remote.annotations = [Annotation(at: now + 2, text: "sent a cheque")]  // and removed "old"
        remote.depends = []
        let (merged, conflicts) = mergeContent(base: base, local: local, remote: remote, at: now)
        var expected = base
        expected.annotations = [
            Annotation(at: now + 1, text: "paid online"), Annotation(at: now + 2, text: "sent a cheque")
        ]
        expected.depends = [Fixture.uuid(4)]
        #expect(merged == expected)
        #expect(conflicts.isEmpty)
    }

    @Test func attributesMergeByNameAndTheServerWinsOnOne() {
        var base = Fixture.todo(1, "milk").content
        base.udas = ["client": "acme", "size": "M"]
        var local = base
        local.udas = ["client": "initech", "size": "M", "estimate": "3"]
        var remote = base
        remote.udas = ["client": "globex"]  // and removed size
        let (merged, conflicts) = mergeContent(base: base, local: local, remote: remote, at: now)
        #expect(merged.udas == ["client": "globex", "estimate": "3"])
        #expect(conflicts == [SyncConflict(field: "udas.client", lost: "initech", kept: "globex", at: now)])
    }
}
