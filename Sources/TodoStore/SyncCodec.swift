import Foundation
import TodoCore
import TodoWire

/// The sync bookkeeping's part of the state file.
enum SyncCodec {
    static func write(_ sync: SyncState, to out: inout JSONWriter) {
        out.raw("{\"datasetId\": ")
        if let datasetId = sync.datasetId { out.lowercaseUUID(datasetId) } else { out.null() }
        out.raw(", \"cursor\": ")
        out.int(Int(sync.cursor))
        out.raw(", \"deletions\": [")
        for (index, deletion) in sync.deletions.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"uuid\": ")
            out.lowercaseUUID(deletion.uuid)
            out.raw(", \"name\": ")
            out.string(deletion.name)
            out.raw(", \"rev\": ")
            out.int(Int(deletion.base.rev))
            out.raw(", \"base\": ")
            write(deletion.base.content, to: &out)
            writeLast(deletion.last, to: &out)
            out.raw("}")
        }
        out.raw("], \"outbox\": [")
        for (index, operation) in sync.outbox.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"opId\": ")
            out.lowercaseUUID(operation.opId)
            out.raw(", \"uuid\": ")
            out.lowercaseUUID(operation.uuid)
            out.raw(", \"baseRev\": ")
            out.int(Int(operation.baseRev))
            out.raw(", \"todo\": ")
            write(operation.content, to: &out)
            writeLast(operation.last, to: &out)
            out.raw("}")
        }
        out.raw("]")
        // Only when there are any: a state file without gaps reads as it always did.
        if !sync.feedGaps.isEmpty {
            out.raw(", \"feedGaps\": [")
            for (index, gap) in sync.feedGaps.enumerated() {
                if index > 0 { out.raw(", ") }
                out.raw("[")
                out.int(Int(gap.lowerBound))
                out.raw(", ")
                out.int(Int(gap.upperBound))
                out.raw("]")
            }
            out.raw("]")
        }
        if let replica = sync.replica { write(replica, to: &out) }
        out.raw("}")
    }

    /// `"taskchampion": {"version": UUID, "tasks": {UUID: {property: value}}}`, tasks and
    /// properties sorted, so that the same state is the same bytes.
    static func write(_ replica: ReplicaState, to out: inout JSONWriter) {
        out.raw(", \"taskchampion\": {\"version\": ")
        out.lowercaseUUID(replica.version)
        out.raw(", \"tasks\": ")
        TaskMapCodec.write(replica.tasks, to: &out)
        out.raw("}")
    }

    static func readReplica(_ reader: inout JSONReader) throws -> ReplicaState {
        var replica = ReplicaState()
        try reader.readObject { key, reader in
            switch key {
            case "version": replica.version = try reader.readUUID()
            case "tasks": replica.tasks = try TaskMapCodec.read(&reader)
            default: try reader.skipValue()
            }
        }
        return replica
    }

    /// `, "last": CONTENT` of a delete that has it; nothing else, so that a state file
    /// without them reads (and is written) as it always was.
    private static func writeLast(_ last: TodoContent?, to out: inout JSONWriter) {
        guard let last else { return }
        out.raw(", \"last\": ")
        write(last, to: &out)
    }

    static func write(_ content: TodoContent?, to out: inout JSONWriter) {
        guard let content else { return out.null() }
        FieldCodec.writeStored(content, opening: true, to: &out)
        out.raw(", \"completed\": ")
        out.bool(content.completed)
        out.raw(", \"createdAt\": ")
        out.date(content.createdAt)
        out.raw(", \"updatedAt\": ")
        out.date(content.updatedAt)
        out.raw(", \"completedAt\": ")
        out.date(content.completedAt)
        FieldCodec.writeAttributes(content, all: false, to: &out)
        out.raw("}")
    }

    static func write(_ conflicts: [SyncConflict], to out: inout JSONWriter) {
        out.raw("[")
        for (index, conflict) in conflicts.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"field\": ")
            out.string(conflict.field)
            out.raw(", \"lost\": ")
            out.string(conflict.lost)
            out.raw(", \"kept\": ")
            out.string(conflict.kept)
            out.raw(", \"at\": ")
            out.date(conflict.at)
            out.raw("}")
        }
        out.raw("]")
    }

    static func readSyncState(_ reader: inout JSONReader) throws -> SyncState {
        var sync = SyncState()
        try reader.readObject { key, reader in
            switch key {
            case "datasetId": sync.datasetId = reader.readNull() ? nil : try reader.readUUID()
            case "cursor": sync.cursor = try reader.readRevision()
            case "deletions": sync.deletions = try reader.readArray(readDeletion)
            case "outbox": sync.outbox = try reader.readArray(readOperation)
            case "feedGaps": sync.feedGaps = try reader.readArray(readGap)
            case "taskchampion": sync.replica = try readReplica(&reader)
            default: try reader.skipValue()
            }
        }
        return sync
    }

    /// `[FIRST, LAST]`, revisions of a gap (`SyncState.feedGaps`).
    private static func readGap(_ reader: inout JSONReader) throws -> ClosedRange<Int64> {
        let bounds = try reader.readArray { reader in try reader.readRevision() }
        guard bounds.count == 2, bounds[0] <= bounds[1] else {
            throw StateCodec.DecodeError.invalid("a feed gap is not [first, last]")
        }
        return bounds[0]...bounds[1]
    }

    private static func readDeletion(_ reader: inout JSONReader) throws -> PendingDeletion {
        var uuid: UUID?
        var name = ""
        var rev = 0
        var (content, last): (TodoContent?, TodoContent?)
        try reader.readObject { key, reader in
            switch key {
            case "uuid": uuid = try reader.readUUID()
            case "name": name = try reader.readString()
            case "rev": rev = Int(try reader.readRevision())
            case "base": content = try readContentOrNull(&reader)
            case "last": last = try readContentOrNull(&reader)
            default: try reader.skipValue()
            }
        }
        guard let uuid else { throw StateCodec.DecodeError.invalid("a pending deletion has no \"uuid\"") }
        return PendingDeletion(uuid: uuid, base: SyncBase(rev: Int64(rev), content: content), name: name, last: last)
    }

    private static func readOperation(_ reader: inout JSONReader) throws -> OutboxOperation {
        var opId: UUID?
        var uuid: UUID?
        var baseRev = 0
        var (content, last): (TodoContent?, TodoContent?)
        try reader.readObject { key, reader in
            switch key {
            case "opId": opId = try reader.readUUID()
            case "uuid": uuid = try reader.readUUID()
            case "baseRev": baseRev = Int(try reader.readRevision())
            case "todo": content = try readContentOrNull(&reader)
            case "last": last = try readContentOrNull(&reader)
            default: try reader.skipValue()
            }
        }
        guard let opId, let uuid else {
            throw StateCodec.DecodeError.invalid("an outbox operation has no \"opId\" or \"uuid\"")
        }
        return OutboxOperation(opId: opId, uuid: uuid, baseRev: Int64(baseRev), content: content, last: last)
    }

    static func readContentOrNull(_ reader: inout JSONReader) throws -> TodoContent? {
        if reader.readNull() { return nil }
        var fields = ContentFields()
        try reader.readObject { key, reader in
            if try !fields.read(key, from: &reader) { try reader.skipValue() }
        }
        return fields.content(createdAt: fields.createdAt ?? Date(timeIntervalSince1970: 0))
    }

    static func readConflicts(_ reader: inout JSONReader) throws -> [SyncConflict] {
        try reader.readArray { reader in
            var conflict = SyncConflict(field: "", lost: "", kept: "", at: Date(timeIntervalSince1970: 0))
            try reader.readObject { key, reader in
                switch key {
                case "field": conflict.field = try reader.readString()
                case "lost": conflict.lost = try reader.readString()
                case "kept": conflict.kept = try reader.readString()
                case "at": conflict.at = try reader.readDate()
                default: try reader.skipValue()
                }
            }
            return conflict
        }
    }
}

/// The content fields of a todo object, read in any order; shared by the todo and base readers.
struct ContentFields {
    /// Every `TodoField` read so far; the others keep their unset values.
    var values = TodoContent(
        name: "", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    var hasName = false
    var completed = false
    var createdAt: Date?
    var updatedAt: Date?
    var completedAt: Date?

    /// Reads the value of `key` if it is a content field; false for any other key.
    mutating func read(_ key: String, from reader: inout JSONReader) throws -> Bool {
        if let field = TodoField(rawValue: key) {
            field.set(try FieldCodec.read(field.spec.kind, from: &reader), on: &values)
            if field == .name { hasName = true }
            return true
        }
        switch key {
        case "completed": completed = try reader.readBool()
        case "createdAt": createdAt = try reader.readDate()
        case "updatedAt": updatedAt = try reader.readDate()
        case "completedAt": completedAt = reader.readNull() ? nil : try reader.readDate()
        default: return false
        }
        return true
    }

    func content(createdAt: Date) -> TodoContent {
        var content = values
        content.completed = completed
        content.completedAt = completed ? completedAt : nil
        content.createdAt = createdAt
        content.updatedAt = updatedAt ?? createdAt
        return content
    }
}
