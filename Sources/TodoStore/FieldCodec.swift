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
        for (index, (field, _, member)) in storedMembers.enumerated() {
            if opening && index == 0 {
                out.raw("{")
                out.bytes += member.bytes.dropFirst(2)
            } else {
                out.bytes += member.bytes
            }
            write(field.value(of: holder), to: &out)
        }
    }

    /// `, "key": value` for each attribute (tags, project, …) that is set, or for every one
    /// when `all` (`--json`, which shows the same keys on every todo).
    static func writeAttributes(_ holder: some TodoFieldHolder, all: Bool, to out: inout JSONWriter) {
        let attributes = holder.attributes
        for (field, _, member) in attributeMembers {
            let value = field.value(of: attributes)
            guard all || value.isSet else { continue }
            out.bytes.append(contentsOf: member.bytes)
            write(value, to: &out)
        }
    }

    /// A field's place in the state file's layout: the field, its kind and `, "key": `, made
    /// once. The writer lays members out in this order, and the fast reader expects them so.
    typealias Member = (field: TodoField, kind: FieldKind, member: MemberBytes)

    /// A member's bytes, kept for the life of the process and never counted: the fast reader
    /// compares each of them for every todo, and an array's would be retained and released
    /// each time (some 2% of a `list`).
    struct MemberBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(_ text: String) {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: text.utf8.count, alignment: 1)
            _ = memory.initializeMemory(as: UInt8.self, from: text.utf8)
            bytes = UnsafeRawBufferPointer(memory)
        }
    }

    /// Each field always stored, in the order `writeStored` lays them out.
    static let storedMembers = alwaysStored.map(member)

    /// Each attribute, written only when set (every one for `--json`, on every todo).
    static let attributeMembers = TodoField.attributes.map(member)

    private static func member(_ field: TodoField) -> Member {
        (field, field.spec.kind, MemberBytes(", \"\(field.key)\": "))
    }

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

    /// Reads a value of `kind`, by the one reading rule (`FieldKind.read(from:)`); annotations
    /// then in their one order (`Annotation.normalized`), as a todo keeps them.
    static func read(_ kind: FieldKind, from reader: inout JSONReader) throws -> FieldValue {
        let value = try kind.read(from: &reader)
        guard case .annotations(let annotations) = value else { return value }
        return .annotations(Annotation.normalized(annotations))
    }
}
