import Foundation
import TodoCore
import TodoWire

extension TodoContent {
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
