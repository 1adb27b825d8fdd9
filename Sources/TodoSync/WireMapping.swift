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
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "its name is blank" }
        if name.utf8.count > 4096 { return "its name is longer than 4096 bytes" }
        if description.utf8.count > 65536 { return "its description is longer than 65536 bytes" }
        if notes.utf8.count > 65536 { return "its notes are longer than 65536 bytes" }
        if [name, description, notes].contains(where: { $0.utf8.contains(0) }) { return "it contains a NUL character" }
        return nil
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
