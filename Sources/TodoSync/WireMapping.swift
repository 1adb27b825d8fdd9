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

/// The fields the sync API (`TodoFields`) does not carry yet. The server never holds them, so
/// what it sends is given this device's values for them (the copy last agreed with the
/// server, else the todo as it is here): a merge then never takes their absence on the wire
/// for a change made on another device, and never erases them.
let fieldsNotOnTheWire = TodoField.attributes

extension TodoState {
    /// `records` with the fields the wire does not carry filled in from this state.
    func fillingFieldsNotOnTheWire(_ records: [RemoteRecord]) -> [RemoteRecord] {
        guard !fieldsNotOnTheWire.isEmpty, records.contains(where: { $0.content != nil }) else { return records }
        let wanted = Set(records.map(\.uuid))
        var known: [UUID: TodoContent] = [:]
        for todo in todos where wanted.contains(todo.uuid) { known[todo.uuid] = todo.base?.content ?? todo.content }
        for deletion in sync.deletions where wanted.contains(deletion.uuid) {
            if let content = deletion.base.content { known[deletion.uuid] = content }
        }
        return records.map { record in
            guard var content = record.content, let local = known[record.uuid] else { return record }
            for field in fieldsNotOnTheWire { field.set(field.value(of: local), on: &content) }
            return RemoteRecord(uuid: record.uuid, rev: record.rev, content: content)
        }
    }
}

extension TodoState {
    /// `outcomes` with their records' missing fields filled in from this state, in one pass
    /// over the todos (one pass per outcome made pushing 100,000 todos quadratic).
    func fillingFieldsNotOnTheWire(_ outcomes: [PushOutcome]) -> [PushOutcome] {
        let records = outcomes.compactMap(\.record)
        guard !records.isEmpty else { return outcomes }
        var filled: [UUID: RemoteRecord] = [:]
        for record in fillingFieldsNotOnTheWire(records) { filled[record.uuid] = record }
        return outcomes.map { outcome in
            switch outcome {
            case .applied(let opId, let record): .applied(opId: opId, record: filled[record.uuid] ?? record)
            case .conflict(let opId, let record?): .conflict(opId: opId, record: filled[record.uuid] ?? record)
            case .conflict: outcome
            }
        }
    }
}

extension PushOutcome {
    /// The server's record in the answer, if it sent one.
    var record: RemoteRecord? {
        switch self {
        case .applied(_, let record): record
        case .conflict(_, let record): record
        }
    }
}
