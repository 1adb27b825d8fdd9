import Foundation
import TodoCore
import TodoWire

extension TodoContent {
    /// The content of a record from the server, whose attributes are whole (absent is unset).
    init(_ fields: TodoFields) throws(ReduceError) {
        self.init(
            name: fields.name, description: fields.description, notes: fields.notes,
            completed: fields.completed, completedAt: fields.completed ? fields.completedAt : nil,
            createdAt: fields.createdAt, updatedAt: fields.updatedAt)
        try fields.attributes.apply(to: &self)
    }

    /// What a push sends: every attribute, unset ones as null or [], so that clearing one
    /// reaches the server.
    var wire: TodoFields {
        TodoFields(
            name: name, description: description, notes: notes, completed: completed,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            attributes: WireAttributes(all: self))
    }

    /// Why the server would refuse this content (its documented limits, in its words), or nil.
    var problemForServer: String? { wire.problem?.message }
}

extension RemoteRecord {
    init(_ record: TodoRecord) throws(SyncError) {
        guard record.deleted || record.todo != nil else {
            throw .badResponse("the server sent todo \(record.uuid.uuidString.lowercased()) with no content")
        }
        guard !record.deleted, let fields = record.todo else {
            self.init(uuid: record.uuid, rev: record.rev, content: nil)
            return
        }
        do {
            self.init(uuid: record.uuid, rev: record.rev, content: try TodoContent(fields))
        } catch {
            let what = if case .invalid(let field, let value) = error { "an invalid \(field.key) '\(value)'" } else { "an invalid name" }
            throw .badResponse("the server sent todo \(record.uuid.uuidString.lowercased()) with \(what)")
        }
    }
}

extension OutboxOperation {
    var wire: PushOperation {
        PushOperation(opId: opId, kind: content == nil ? .delete : .put, uuid: uuid, baseRev: baseRev, todo: content?.wire)
    }
}
