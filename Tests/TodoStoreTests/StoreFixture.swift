import Foundation
import TodoCore
@testable import TodoStore

/// A state file in a directory of its own, and the helpers the store tests share.
struct StoreFixture {
    let directory: String
    let file: StateFile
    let at = Date(timeIntervalSince1970: 1_796_000_000)

    init(_ name: String) throws {
        directory = NSTemporaryDirectory() + "todo-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        file = StateFile(path: directory + "/todos.json")
    }

    /// Applies `actions` as a command would: reading the undo history only for `undo`.
    func apply(_ actions: [Action], reading selection: TodoSelection = .all) throws {
        let undoes = actions.contains { if case .undo = $0 { true } else { false } }
        _ = try file.update(undoes ? .all.withHistory : selection) { state throws(ReduceError) in try reduce(state, actions) }
    }

    func add(_ name: String) -> Action {
        .add(NewTodo(uuid: UUID(), name: name, createdAt: at))
    }

    func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }
}
