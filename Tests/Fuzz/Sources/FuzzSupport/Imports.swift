import Foundation
@testable import TodoCLI
import TodoCore
import TodoICalMapping
import TodoStore

/// The test of `todo import --from FORMAT`, the whole of each import target: any input is read
/// or refused without a crash, and what is read passes `checkImported`.
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int, from format: String) -> Int32 {
    guard let imported = try? readImport(bytes(data, size), from: format) else { return 0 }
    checkImported(imported, format)
    return 0
}

/// The checks every import format shares: what was read survives `todo export` and a second
/// import unchanged, and merging it into a state leaves a valid state (or is refused).
func checkImported(_ imported: [ImportedTodo], _ format: String) {
    let todos = imported.enumerated().map { index, item in
        var todo = Todo(id: index + 1, uuid: item.uuid, name: "", createdAt: item.content.createdAt)
        todo.content = item.content
        return todo
    }
    let exported = ExportCommand.export(todos)
    do {
        let again = try TodoExportFormat.parse(Array(exported.utf8), path: nil)
        invariant(again == imported, "\(format): read back from the export as \(again), not \(imported)")
    } catch {
        invariant(false, "\(format): its export cannot be imported: \(error)\n\(exported)")
    }
    if format == "ical" { checkICalFields(imported) }
    if let merged = try? reduce(sampleState, .importTodos(imported, at: fixedNow)) {
        checkState(merged, "\(format) imported into the sample state")
    }
}

/// The import reader for `todo import --from FORMAT`, as the command calls it.
func readImport(_ bytes: [UInt8], from format: String) throws -> [ImportedTodo] {
    switch format {
    case "taskwarrior":
        try TaskwarriorFormat.parse(bytes, in: DateContext(now: fixedNow, timeZone: TimeZone(identifier: "UTC")!))
    case "todotxt": try TodoTxtFormat.parse(String(decoding: bytes, as: UTF8.self), now: fixedNow)
    case "ical": try ICalFormat.read(bytes, in: icalClock.context).0.todos
    default: try TodoExportFormat.parse(bytes, path: nil)
    }
}

/// The clock iCalendar is read with: a zone with clock changes, so floating and TZID times meet them.
let icalClock = ICalClock(context: DateContext(now: fixedNow, timeZone: TimeZone(identifier: "America/New_York")!))

/// Each todo read from a VTODO, written as a fresh VTODO and read again, has the same fields
/// and status (a CR in text comes back as a line break, as TEXT has no other way to say it).
func checkICalFields(_ imported: [ImportedTodo]) {
    for item in imported {
        let vtodo = VTodoMapping.fresh(item.content, uuid: item.uuid, clock: icalClock)
        guard let again = try? VTodoMapping.read(vtodo, clock: icalClock) else {
            return invariant(false, "ical: the fresh VTODO of \(item) cannot be read")
        }
        invariant(again.todo.uuid == item.uuid, "ical: the fresh VTODO of \(item.uuid) reads as \(again.todo.uuid)")
        invariant(again.todo.content.completed == item.content.completed, "ical: completed changed for \(item.uuid)")
        for field in TodoField.allCases {
            let (before, after) = (
                lineBreaks(field.value(of: item.content)), lineBreaks(field.value(of: again.todo.content))
            )
            invariant(before == after, "ical: \(field.key) \(before) reads back as \(after)")
        }
    }
}

func lineBreaks(_ value: FieldValue) -> FieldValue {
    let normal = { (text: String) in
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
    switch value {
    case .text(let text): return .text(normal(text))
    case .udas(let udas): return .udas(udas.mapValues(normal))
    case .tags, .word, .priority, .date, .uuids, .annotations: return value
    }
}
