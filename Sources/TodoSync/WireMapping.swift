import Foundation
import TodoCore
import TodoWire

extension TodoContent {
    /// Why the server would refuse this content (its documented limits, in its words), or nil.
    var problemForServer: String? { wireProblem?.message }
}

extension RemoteRecord {
    init(_ record: TodoRecord) throws(SyncError) {
        guard record.deleted || record.todo != nil else {
            throw .badResponse("the server sent todo \(record.uuid.uuidString.lowercased()) with no content")
        }
        do {
            // A tombstone may carry what its deleter last had (newer servers keep it).
            let content = try record.todo.map(TodoContent.init)
            self.init(
                uuid: record.uuid, rev: record.rev, content: record.deleted ? nil : content,
                last: record.deleted ? content : nil)
        } catch {
            let what =
                if case .invalid(let field, let value) = error { "an invalid \(field.key) '\(value)'" } else {
                    "an invalid name"
                }
            throw .badResponse("the server sent todo \(record.uuid.uuidString.lowercased()) with \(what)")
        }
    }
}

extension OutboxOperation {
    var wire: PushOperation {
        // A delete sends what it deleted, when the server's limits let it keep that (older
        // servers ignore it).
        let deleted = last.flatMap { $0.problemForServer == nil ? $0.wire : nil }
        return PushOperation(
            opId: opId, kind: content == nil ? .delete : .put, uuid: uuid, baseRev: baseRev,
            todo: content?.wire ?? deleted)
    }
}
