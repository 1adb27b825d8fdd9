import Foundation
import TodoWire

/// Builders for wire values with fixed, millisecond-exact dates.
enum Make {
    /// The instant every test's todos are made at, and the clock tests that take one read.
    static let created = ISO8601Millis.parse("2026-11-21T01:33:29.123Z")!

    static func fields(_ name: String, notes: String = "", completed: Bool = false) -> TodoFields {
        TodoFields(
            name: name, description: "about \(name)", notes: notes, completed: completed,
            createdAt: created, updatedAt: created.addingTimeInterval(1.5),
            completedAt: completed ? created.addingTimeInterval(2) : nil)
    }

    static func put(_ uuid: UUID, base: Int64, _ name: String, opId: UUID = UUID()) -> PushOperation {
        PushOperation(opId: opId, kind: .put, uuid: uuid, baseRev: base, todo: fields(name))
    }

    /// A delete; `last`: the todo as the client last had it, which the tombstone keeps.
    static func delete(_ uuid: UUID, base: Int64, last: TodoFields? = nil, opId: UUID = UUID()) -> PushOperation {
        PushOperation(opId: opId, kind: .delete, uuid: uuid, baseRev: base, todo: last)
    }
}
