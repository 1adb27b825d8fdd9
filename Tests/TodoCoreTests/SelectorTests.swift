import Foundation
import Testing
import TodoCore

@Suite struct SelectorTests {
    @Test func listOrdersActiveNewestFirstThenMostRecentlyCompleted() throws {
        var state = Fixture.state
        state = try reduce(state, .toggle(ids: [1], at: Fixture.t(50)))
        state = try reduce(state, .add(NewTodo(uuid: Fixture.uuid(5), name: "new", createdAt: Fixture.t(60))))
        #expect(state.listed(.all).map(\.id) == [5, 4, 1, 2])
        #expect(state.listed(.active).map(\.id) == [5, 4])
        #expect(state.listed(.completed).map(\.id) == [1, 2])
        #expect(state.listed(.unsynced).map(\.id) == [5, 1])
        #expect(state.counts == TodoCounts(total: 4, active: 2, completed: 2, unsynced: 2))
    }
}

@Suite struct ReferenceTests {
    let state = TodoState(todos: [
        Todo(id: 1, uuid: UUID(uuidString: "8f0e1c2a-0000-4000-8000-000000000001")!, name: "a", createdAt: Fixture.t0),
        Todo(id: 2, uuid: UUID(uuidString: "8f0e9999-0000-4000-8000-000000000002")!, name: "b", createdAt: Fixture.t0),
        Todo(id: 12, uuid: UUID(uuidString: "1234abcd-0000-4000-8000-000000000003")!, name: "c", createdAt: Fixture.t0)
    ])

    @Test func numbersAndHashNumbers() throws {
        #expect(try state.resolve("2").id == 2)
        #expect(try state.resolve("#12").id == 12)
        #expect(throws: ReferenceError.noSuchNumber(3)) { try state.resolve("3") }
    }

    @Test func digitsAloneAreNeverAUUIDPrefix() {
        #expect(throws: ReferenceError.noSuchNumber(1234)) { try state.resolve("1234") }
    }

    @Test func uniqueUUIDPrefixesAnyCase() throws {
        #expect(try state.resolve("8f0e1").id == 1)
        #expect(try state.resolve("8F0E99").id == 2)
        // A dash makes a range, never part of a UUID prefix, unless the UUID is whole.
        #expect(throws: ReferenceError.malformed("8F0E-99")) { try state.resolve("8F0E-99") }
        #expect(try state.resolve("1234abcd-0000-4000-8000-000000000003").id == 12)
        #expect(try state.resolve("1234a").id == 12)
    }

    @Test func ambiguousPrefixListsCandidates() {
        #expect(throws: ReferenceError.ambiguous("8f0e", candidates: [state.todos[0], state.todos[1]])) {
            try state.resolve("8f0e")
        }
    }

    @Test(arguments: ["", "abc", "xyz1", "8f0e1c2a00004000800000000000000011", "-"])
    func malformed(reference: String) {
        #expect(throws: ReferenceError.malformed(reference)) { try state.resolve(reference) }
    }

    @Test func unknownPrefix() {
        #expect(throws: ReferenceError.noSuchUUID("ffff")) { try state.resolve("ffff") }
    }
}
