import Foundation
import Testing
@testable import TodoCore

/// TaskChampion's transform rules (its `src/server/op.rs` tests) and `Action.replicaSynced`.
@Suite struct ReplicaTests {
    let a = Fixture.uuid(1)
    let b = Fixture.uuid(2)

    func update(_ uuid: UUID, _ property: String, _ value: String?, _ second: Double) -> TaskOperation {
        .update(uuid, property: property, value: value, at: Fixture.t(second))
    }

    @Test func createsAndDeletesOfOneTaskCancelOrWinAsTaskChampionsDo() {
        #expect(TaskOperation.transform(server: .create(a), local: .create(a)) == (nil, nil))
        #expect(TaskOperation.transform(server: .delete(a), local: .delete(a)) == (nil, nil))
        #expect(TaskOperation.transform(server: .create(a), local: .delete(a)) == (.create(a), nil))
        #expect(TaskOperation.transform(server: .delete(a), local: .create(a)) == (nil, .create(a)))
        #expect(TaskOperation.transform(server: .create(a), local: .create(b)) == (.create(a), .create(b)))
    }

    @Test func deleteBeatsUpdateOnEitherSide() {
        let edit = update(a, "description", "x", 5)
        #expect(TaskOperation.transform(server: .delete(a), local: edit) == (.delete(a), nil))
        #expect(TaskOperation.transform(server: edit, local: .delete(a)) == (nil, .delete(a)))
        #expect(TaskOperation.transform(server: edit, local: .create(a)) == (edit, nil))
        #expect(TaskOperation.transform(server: .create(a), local: edit) == (nil, edit))
    }

    @Test func ofTwoUpdatesOfOnePropertyTheLaterWinsAndTheServerOnATie() {
        let early = update(a, "priority", "H", 5)
        let late = update(a, "priority", "L", 9)
        #expect(TaskOperation.transform(server: early, local: late) == (nil, late))
        #expect(TaskOperation.transform(server: late, local: early) == (late, nil))
        let tie = update(a, "priority", "M", 5)
        #expect(TaskOperation.transform(server: early, local: tie) == (early, nil))
        #expect(TaskOperation.transform(server: early, local: update(a, "priority", "H", 9)) == (nil, nil))
        let other = update(a, "project", "home", 1)
        #expect(TaskOperation.transform(server: late, local: other) == (late, other))
    }

    @Test func rebaseCarriesEachServerOperationPastEveryLocalOne() {
        let local = [
            update(a, "description", "mine", 9), update(a, "project", "home", 9), update(b, "priority", "H", 9)
        ]
        let server = [update(a, "description", "theirs", 5), .delete(b), update(a, "due", "100", 5)]
        let (applied, rebased) = TaskOperation.rebase(local, over: server)
        #expect(applied == [.delete(b), update(a, "due", "100", 5)])
        #expect(rebased == [update(a, "description", "mine", 9), update(a, "project", "home", 9)])
    }

    @Test func operationsApplyAsTaskChampionAppliesThem() {
        var tasks: [UUID: TaskMap] = [:]
        tasks.apply(update(a, "description", "ignored: no such task", 1))
        #expect(tasks.isEmpty)
        tasks.apply(.create(a))
        tasks.apply(update(a, "description", "milk", 1))
        tasks.apply(.create(a))
        #expect(tasks == [a: ["description": "milk"]])
        tasks.apply(update(a, "description", nil, 2))
        #expect(tasks == [a: [:]])
        tasks.apply(.delete(a))
        #expect(tasks.isEmpty)
    }

    @Test func theOperationsBetweenTwoTasksLeaveKeptPropertiesAlone() {
        let old: TaskMap = ["description": "milk", "parent": "p", "project": "home"]
        let new: TaskMap = ["description": "oat milk", "priority": "H"]
        #expect(
            replicaOperations(uuid: a, from: old, to: new, kept: ["parent"], at: Fixture.t(3)) == [
                update(a, "description", "oat milk", 3), update(a, "priority", "H", 3), update(a, "project", nil, 3)
            ])
        #expect(
            replicaOperations(uuid: a, from: nil, to: ["description": "x"], kept: [], at: Fixture.t(3)) == [
                .create(a), update(a, "description", "x", 3)
            ])
    }

    @Test func aSyncedChangeUpdatesAddsAndRemovesTodosAndDropsTodoServersBookkeeping() throws {
        var milk = Fixture.todo(1, "milk")
        milk.base = SyncBase(rev: 3, content: milk.content)
        let bread = Fixture.todo(2, "bread")
        let start = TodoState(todos: [milk, bread], nextId: 3, sync: SyncState(datasetId: Fixture.uuid(77), cursor: 3))
        var renamed = ImportedTodo(uuid: milk.uuid, name: "oat milk", createdAt: Fixture.t(0), updatedAt: Fixture.t(7))
        renamed.content.project = "shop"
        let added = ImportedTodo(uuid: Fixture.uuid(50), name: "eggs", createdAt: Fixture.t(4))
        let replica = ReplicaState(version: Fixture.uuid(60), tasks: [milk.uuid: ["description": "oat milk"]])
        let next = try reduce(
            start, .replicaSynced(ReplicaChange(replica: replica, todos: [renamed, added], removed: [bread.uuid])))
        #expect(next.todos.map(\.id) == [1, 3])
        #expect(next.todos[0].content == renamed.content)
        #expect(next.todos[0].base == nil)
        #expect(next.todos[1].uuid == Fixture.uuid(50))
        #expect(next.todos[1].content == added.content)
        #expect(next.nextId == 4)
        #expect(next.sync == SyncState(replica: replica))
        #expect(next.history == start.history)
    }
}
