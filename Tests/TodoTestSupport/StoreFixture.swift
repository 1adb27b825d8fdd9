import Foundation
import TodoCore
import TodoStore

/// A state file in a directory of its own, and the helpers the store tests share.
public struct StoreFixture: Sendable {
    public let directory: String
    public let file: StateFile
    public let at = FixedClock.epoch

    public init(_ name: String) throws {
        directory = NSTemporaryDirectory() + "todo-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        file = StateFile(path: directory + "/todos.json")
    }

    /// Applies `actions` as a command would: reading the undo history only for `undo`.
    public func apply(_ actions: [Action], reading selection: TodoSelection = .all) throws {
        let undoes = actions.contains { if case .undo = $0 { true } else { false } }
        _ = try file.update(undoes ? .all.withHistory : selection) { state throws(ReduceError) in
            try reduce(state, actions)
        }
    }

    public func add(_ name: String) -> Action {
        .add(NewTodo(uuid: UUID(), name: name, createdAt: at))
    }

    public func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }
}

/// A suite on a `StoreFixture`: its file, directory and clock, and its helpers, at hand.
public protocol StoreSuite {
    var fixture: StoreFixture { get }
}

extension StoreSuite {
    public var directory: String { fixture.directory }
    public var file: StateFile { fixture.file }
    public var at: Date { fixture.at }

    public func apply(_ actions: Action..., reading selection: TodoSelection = .all) throws {
        try fixture.apply(actions, reading: selection)
    }

    public func add(_ name: String) -> Action { fixture.add(name) }

    public func bytes(_ path: String) -> [UInt8]? { fixture.bytes(path) }
}
