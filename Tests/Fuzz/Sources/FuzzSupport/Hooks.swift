import Foundation
@testable import TodoCLI
import TodoCore

/// The test of FuzzHookOutput: `output` as an on-modify hook's stdout for the sample state's
/// first todo, read as `Hooks` reads it; a task it takes is applied as the runner applies it.
public func fuzzHookOutput(_ output: [UInt8]) -> Int32 {
    let todo = sampleState.todos[0]
    let dates = DateContext(now: fixedNow, timeZone: TimeZone(identifier: "UTC")!)
    let sent = HookTask.line(todo, in: dates)
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").filter(HookTask.looksLikeTask)
    guard lines.count == 1, let returned = try? HookTask.object(lines[0], of: todo.uuid) else { return 0 }
    let task = try! JSONSerialization.jsonObject(with: Data(sent.utf8)) as! [String: Any]
    guard let content = try? HookTask.content(of: todo, sent: task, returned: returned, in: dates) else { return 0 }
    var rewritten = ImportedTodo(uuid: todo.uuid, name: content.name, createdAt: content.createdAt)
    rewritten.content = content
    let action = Action.hooksRewrote(.annotated(id: todo.id, text: "fuzz", at: fixedNow), todos: [rewritten])
    if let state = try? reduce(sampleState, action) { checkState(state, "a hook's task applied") }
    return 0
}
