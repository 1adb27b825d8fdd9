import Foundation
import TodoCore

/// A todo's content and the wire's fields, both ways: for the client's sync and for the
/// server's faces that merge with TodoCore (CalDAV).
extension TodoContent {
    /// The content of a record from the server, whose attributes are whole (absent is unset).
    public init(_ fields: TodoFields) throws(ReduceError) {
        self.init(
            name: fields.name, description: fields.description, notes: fields.notes,
            completed: fields.completed, completedAt: fields.completed ? fields.completedAt : nil,
            createdAt: fields.createdAt, updatedAt: fields.updatedAt)
        try fields.attributes.apply(to: &self)
    }

    /// What a push sends: every attribute, unset ones as null or [], so that clearing one
    /// reaches the server.
    public var wire: TodoFields {
        TodoFields(
            name: name, description: description, notes: notes, completed: completed,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            attributes: WireAttributes(all: self))
    }
}
