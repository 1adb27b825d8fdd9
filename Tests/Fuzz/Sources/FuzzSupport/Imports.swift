import Foundation
@testable import TodoCLI
import TodoCore
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
    if let merged = try? reduce(sampleState, .importTodos(imported, at: fixedNow)) {
        checkState(merged, "\(format) imported into the sample state")
    }
}

/// The import reader for `todo import --from FORMAT`, as the command calls it.
func readImport(_ bytes: [UInt8], from format: String) throws -> [ImportedTodo] {
    switch format {
    case "taskwarrior": try TaskwarriorFormat.parse(bytes, in: DateContext(now: fixedNow, timeZone: TimeZone(identifier: "UTC")!))
    case "todotxt": try TodoTxtFormat.parse(String(decoding: bytes, as: UTF8.self), now: fixedNow)
    default: try TodoExportFormat.parse(bytes, path: nil)
    }
}
