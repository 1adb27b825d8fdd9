import Foundation
import TodoCore

/// `todo import [--from FORMAT] FILE|-`: reads and checks the whole file first, then merges
/// it by UUID in one `.importTodos` action (one lock, one save, one step for undo).
enum ImportCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let file = invocation.arguments[0]
        let from = TransferFormat(rawValue: invocation.value("from") ?? "") ?? .todo
        let bytes: [UInt8]
        if file == "-" {
            bytes = context.readStdin()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: file)
            else { throw CommandError(message: "cannot read \(file): no such file, or not a readable file") }
            bytes = [UInt8](data)
        }
        let now = context.now()
        let imported: [ImportedTodo]
        do {
            switch from {
            case .taskwarrior: imported = try TaskwarriorFormat.parse(bytes, in: DateContext(now: now, timeZone: context.timeZone))
            case .todotxt: imported = try TodoTxtFormat.parse(String(decoding: bytes, as: UTF8.self), now: now)
            case .todo: imported = try TodoExportFormat.parse(bytes, path: file == "-" ? nil : file)
            }
        } catch {
            throw CommandError(message: "cannot import \(file == "-" ? "stdin" : file) as \(from.rawValue): \(error.message); nothing imported")
        }
        return .change(actions: { _ in imported.isEmpty ? [] : [.importTodos(imported, at: now)] }) { change in
            render(change, imported, invocation)
        }
    }

    private static func render(_ change: Change, _ imported: [ImportedTodo], _ invocation: Invocation) -> Output {
        var before: [UUID: Todo] = [:]
        for todo in change.before.todos { before[todo.uuid] = todo }
        let uuids = Set(imported.map(\.uuid))
        let touched = change.after.todos.filter { uuids.contains($0.uuid) && before[$0.uuid] != $0 }
        let added = touched.filter { before[$0.uuid] == nil }
        let updated = touched.filter { before[$0.uuid] != nil }
        let unchanged = uuids.count - touched.count
        if invocation.flag("json") {
            return Output(stdout: "{\"added\": \(json(added).dropLast()),\n \"updated\": \(json(updated).dropLast()),\n \"unchanged\": \(unchanged)}\n")
        }
        return .info("Imported \(uuids.count) todo\(uuids.count == 1 ? "" : "s"): \(added.count) added, \(updated.count) updated, \(unchanged) unchanged.\n")
    }
}
