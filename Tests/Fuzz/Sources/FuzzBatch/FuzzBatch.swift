import Foundation
import FuzzSupport
@testable import TodoCLI
import TodoCore
import TodoStore
import TodoWire

/// `todo batch` input: any text is parsed or refused without a crash; parsed steps written
/// out again as JSON Lines parse to the same steps; applied to a state, they leave a valid one.
@_cdecl("FuzzBatch_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    let dates = DateContext(now: fixedNow, timeZone: TimeZone(identifier: "UTC")!)
    guard let steps = try? BatchInput.parse(text, in: dates).map(\.step) else { return 0 }
    let written = steps.map(line).joined()
    do {
        let again = try BatchInput.parse(written, in: dates).map(\.step)
        invariant(again == steps, "batch steps read back as \(again), not \(steps)")
    } catch {
        invariant(false, "batch steps written out do not parse: \(error.message)\n\(written)")
    }
    let uuids = UUIDCounter(tag: 3)
    if let (_, state) = try? BatchCommand.actions(
        steps.enumerated().map { ($0 + 1, $1) }, in: sampleState, now: fixedNow, zone: .utc, newUUID: uuids.make)
    {
        checkState(state, "the state after the batch")
    }
    return 0
}

/// One step as a batch line.
func line(_ step: BatchStep) -> String {
    var out = JSONWriter()
    func key(_ name: String) {
        out.raw(", ")
        out.string(name)
        out.raw(": ")
    }
    func changes(_ changes: [FieldChange]) {
        for case .set(let field, let value) in changes {
            key(field.key)
            out.value(value)
        }
    }
    /// `"depends": [...]`, or null for none; nothing when not given.
    func depends(_ references: [String]?) {
        guard let references else { return }
        key(TodoField.depends.key)
        guard !references.isEmpty else { return out.raw("null") }
        out.raw("[")
        for (index, reference) in references.enumerated() {
            if index > 0 { out.raw(", ") }
            out.string(reference)
        }
        out.raw("]")
    }
    func references(_ action: String, _ references: [String]) {
        out.string(action)
        out.raw(", \"ids\": [")
        for (index, reference) in references.enumerated() {
            if index > 0 { out.raw(", ") }
            out.string(reference)
        }
        out.raw("]")
    }
    out.raw("{\"action\": ")
    switch step {
    case .add(let name, let fields, let dependencies):
        out.string("add")
        key("name")
        out.string(name)
        changes(fields)
        depends(dependencies)
    case .edit(let reference, let fields, let dependencies):
        out.string("edit")
        key("id")
        out.string(reference)
        changes(fields)
        depends(dependencies)
    case .toggle(let ids): references("toggle", ids)
    case .delete(let ids): references("delete", ids)
    case .clearCompleted: out.string("clear-completed")
    }
    out.raw("}\n")
    return String(decoding: out.bytes, as: UTF8.self)
}
