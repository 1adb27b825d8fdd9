import Foundation
import TodoCore
import TodoWire

/// TaskChampion's tasks as JSON, `{UUID: {property: value}}`, sorted so that the same tasks
/// are the same bytes: the state file's record of the server (`SyncCodec`) and the snapshots
/// the server keeps (`ReplicaCodec`) are this one form.
public enum TaskMapCodec {
    /// On one line: a journal entry is one line.
    public static func write(_ tasks: [UUID: TaskMap], to out: inout JSONWriter) {
        out.raw("{")
        for (index, (uuid, task)) in tasks.sorted(by: { UUID.precedes($0.key, $1.key) }).enumerated() {
            if index > 0 { out.raw(", ") }
            out.lowercaseUUID(uuid)
            out.raw(": {")
            for (index, (property, value)) in task.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.raw(", ") }
                out.string(property)
                out.raw(": ")
                out.string(value)
            }
            out.raw("}")
        }
        out.raw("}")
    }

    /// The tasks `bytes` holds, the whole of them.
    public static func decode(_ bytes: [UInt8]) throws -> [UUID: TaskMap] {
        try bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            let tasks = try read(&reader)
            guard reader.isAtEnd else { throw reader.fail("the end after the tasks") }
            return tasks
        }
    }

    /// `{UUID: {property: value}}`.
    public static func read(_ reader: inout JSONReader) throws -> [UUID: TaskMap] {
        var tasks: [UUID: TaskMap] = [:]
        try reader.readObject { key, reader in
            var key = key
            guard let uuid = key.withUTF8({ JSONReader.uuid(UnsafeRawBufferPointer($0)) }) else {
                throw StateCodec.DecodeError.invalid("a TaskChampion task's key is no UUID")
            }
            var task: TaskMap = [:]
            try reader.readObject { property, reader in task[property] = try reader.readString() }
            tasks[uuid] = task
        }
        return tasks
    }
}
