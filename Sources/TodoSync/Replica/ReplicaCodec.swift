#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoStore
import TodoWire

/// History segments (`{"operations": [{"Update": {…}}, …]}`) and snapshots (`{UUID: {property:
/// value}}`) as TaskChampion writes them with serde, and read back.
public enum ReplicaCodec {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public static func segment(_ operations: [TaskOperation]) -> [UInt8] {
        var out = JSONWriter(capacity: 128 * operations.count + 32)
        // A todo's operations share one time: its text is made once.
        var stamp: (at: Date, text: String)?
        out.raw("{\"operations\":[")
        for (index, operation) in operations.enumerated() {
            if index > 0 { out.raw(",") }
            switch operation {
            case .create(let uuid):
                out.raw("{\"Create\":{\"uuid\":")
                out.lowercaseUUID(uuid)
                out.raw("}}")
            case .delete(let uuid):
                out.raw("{\"Delete\":{\"uuid\":")
                out.lowercaseUUID(uuid)
                out.raw("}}")
            case .update(let uuid, let property, let value, let at):
                out.raw("{\"Update\":{\"uuid\":")
                out.lowercaseUUID(uuid)
                out.raw(",\"property\":")
                out.string(property)
                out.raw(",\"value\":")
                if let value { out.string(value) } else { out.null() }
                out.raw(",\"timestamp\":")
                if stamp?.at != at { stamp = (at, ISO8601Millis.string(at)) }
                out.string(stamp!.text)
                out.raw("}}")
            }
        }
        out.raw("]}")
        return out.bytes
    }

    /// The operations of a history segment, or why it is not one.
    public static func operations(_ segment: [UInt8]) throws(Failure) -> [TaskOperation] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(segment)) as? [String: Any],
            let list = object["operations"] as? [Any]
        else { throw Failure("a version is not a TaskChampion history segment (no \"operations\" list)") }
        var operations: [TaskOperation] = []
        operations.reserveCapacity(list.count)
        for item in list {
            guard let wrapper = item as? [String: Any], wrapper.count == 1, let (kind, body) = wrapper.first,
                let fields = body as? [String: Any],
                let uuid = (fields["uuid"] as? String).flatMap(UUID.init(uuidString:))
            else { throw Failure("a version holds an operation that is not Create, Delete or Update with a uuid") }
            switch kind {
            case "Create": operations.append(.create(uuid))
            case "Delete": operations.append(.delete(uuid))
            case "Update":
                guard let property = fields["property"] as? String,
                    let at = (fields["timestamp"] as? String).flatMap(Timestamp.parse)
                else { throw Failure("a version holds an Update without a property or a timestamp") }
                let value: String?
                switch fields["value"] {
                case let text as String: value = text
                case nil, is NSNull: value = nil
                default: throw Failure("a version holds an Update whose value is not text or null")
                }
                operations.append(.update(uuid, property: property, value: value, at: at))
            default: throw Failure("a version holds an operation todo does not know (\(kind))")
            }
        }
        return operations
    }

    public static func snapshot(_ tasks: [UUID: TaskMap]) -> [UInt8] {
        var out = JSONWriter(capacity: 300 * tasks.count + 8)
        TaskMapCodec.write(tasks, to: &out)
        return out.bytes
    }

    public static func tasks(_ snapshot: [UInt8]) throws(Failure) -> [UUID: TaskMap] {
        do {
            return try TaskMapCodec.decode(snapshot)
        } catch {
            throw Failure("the snapshot is not a JSON object of tasks, each an object of text properties (\(error))")
        }
    }
}

/// RFC 3339 instants as chrono may write them (nanoseconds, an offset), read; todo writes
/// its own in the wire's form (`ISO8601Millis`), which chrono reads.
enum Timestamp {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x74,
            bytes[13] == 0x3A, bytes[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month),
            (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            guard index + 1 == bytes.count else { return nil }
        case 0x2B, 0x2D:
            guard index + 6 == bytes.count, bytes[index + 3] == 0x3A, let hours = number(index + 1..<index + 3),
                let minutes = number(index + 4..<index + 6)
            else { return nil }
            offset = (bytes[index] == 0x2B ? 1 : -1) * Int(hours * 3600 + minutes * 60)
        default: return nil
        }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }
}
