import Foundation
import TodoCore
import TodoWire

/// Field values in JSON, by their kind (`FieldKind`): text as a string, tags as a sorted
/// array of strings, a word, a priority or a date (its wire form) as a string or null.
/// The state file, the sync base, `--json` and export all write and read fields through it.
enum FieldCodec {
    /// The fields always written, in the order of the fixed layout the fast reader knows.
    static let alwaysStored = TodoField.allCases.filter(\.isAlwaysStored)

    /// `, "key": value` for each field always stored, the first without its comma when `opening`.
    static func writeStored(_ holder: some TodoFieldHolder, opening: Bool = false, to out: inout JSONWriter) {
        for (index, field) in alwaysStored.enumerated() {
            out.raw(opening && index == 0 ? "{" : ", ")
            writeMember(field, field.value(of: holder), to: &out)
        }
    }

    /// `, "key": value` for each attribute (tags, project, …) that is set, or for every one
    /// when `all` (`--json`, which shows the same keys on every todo).
    static func writeAttributes(_ holder: some TodoFieldHolder, all: Bool, to out: inout JSONWriter) {
        let attributes = holder.attributes
        for (field, member) in attributeMembers {
            let value = field.value(of: attributes)
            guard all || value.isSet else { continue }
            out.bytes.append(contentsOf: member)
            write(value, to: &out)
        }
    }

    /// `, "key": ` for each attribute, made once: `--json` writes them on every todo.
    static let attributeMembers = TodoField.attributes.map { ($0, Array(", \"\($0.key)\": ".utf8)) }

    /// What `writeAttributes(_:all: true)` writes for a todo with none set, made once.
    static let unsetAttributes: [UInt8] = {
        var out = JSONWriter()
        for field in TodoField.attributes {
            out.raw(", ")
            writeMember(field, field.spec.kind.unset, to: &out)
        }
        return out.bytes
    }()

    private static func writeMember(_ field: TodoField, _ value: FieldValue, to out: inout JSONWriter) {
        out.string(field.key)
        out.raw(": ")
        write(value, to: &out)
    }

    static func write(_ value: FieldValue, to out: inout JSONWriter) {
        out.value(value)
    }

    /// Reads a value of `kind`; an empty word is none.
    static func read(_ kind: FieldKind, from reader: inout JSONReader) throws -> FieldValue {
        switch kind {
        case .text:
            return .text(try reader.readString())
        case .tags:
            return .tags(Set(try reader.readArray { try $0.readString() }))
        case .word:
            let word = reader.readNull() ? nil : try reader.readString()
            return .word(word?.isEmpty == true ? nil : word)
        case .priority:
            if reader.readNull() { return .priority(nil) }
            let start = reader
            guard let priority = Priority(rawValue: try reader.readString()) else {
                throw start.fail("a priority: \"H\", \"M\", \"L\" or null")
            }
            return .priority(priority)
        case .date:
            if reader.readNull() { return .date(nil) }
            let start = reader
            guard let date = DueDate(wire: try reader.readString()) else {
                throw start.fail("a date like \"2026-12-01\" or \"2026-12-01T15:00:00.000Z\", or null")
            }
            return .date(date)
        case .uuids:
            return .uuids(Set(try reader.readArray { try $0.readUUID() }))
        case .annotations:
            return .annotations(Annotation.normalized(try reader.readArray { try readAnnotation(&$0) }))
        case .udas:
            var udas: [String: String] = [:]
            try reader.readObject { name, reader in udas[name] = try reader.readString() }
            return .udas(udas)
        }
    }

    /// `{"at": "2026-11-25T10:00:00.000Z", "text": "…"}`.
    private static func readAnnotation(_ reader: inout JSONReader) throws -> Annotation {
        var (at, text): (Date?, String?) = (nil, nil)
        let start = reader
        try reader.readObject { key, reader in
            switch key {
            case "at": at = try reader.readDate()
            case "text": text = try reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let at, let text else { throw start.fail("an annotation: {\"at\": DATE, \"text\": TEXT}") }
        return Annotation(at: at, text: text)
    }
}
