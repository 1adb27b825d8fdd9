import Foundation
import TodoCore
import TodoWire

extension TodoContent {
    init(_ fields: TodoFields) {
        self.init(
            name: fields.name, description: fields.description, notes: fields.notes,
            completed: fields.completed, completedAt: fields.completed ? fields.completedAt : nil,
            createdAt: fields.createdAt, updatedAt: fields.updatedAt)
    }

    var wire: TodoFields {
        TodoFields(
            name: name, description: description, notes: notes, completed: completed,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt)
    }

    /// Why the server would refuse this content (its documented limits), or nil.
    var problemForServer: String? {
        switch wire.problem {
        case nil: nil
        case .blankName: "its name is blank"
        case .nameTooLong: "its name is longer than \(FieldProblem.maxNameBytes) bytes"
        case .descriptionTooLong: "its description is longer than \(FieldProblem.maxTextBytes) bytes"
        case .notesTooLong: "its notes are longer than \(FieldProblem.maxTextBytes) bytes"
        case .containsNUL: "it contains a NUL character"
        }
    }
}

extension RemoteRecord {
    init(_ record: TodoRecord) throws(SyncError) {
        guard record.deleted || record.todo != nil else {
            throw .badResponse("the server sent todo \(record.uuid.uuidString.lowercased()) with no content")
        }
        self.init(uuid: record.uuid, rev: record.rev, content: record.deleted ? nil : record.todo.map(TodoContent.init))
    }
}

extension OutboxOperation {
    var wire: PushOperation {
        PushOperation(opId: opId, kind: content == nil ? .delete : .put, uuid: uuid, baseRev: baseRev, todo: content?.wire)
    }
}
