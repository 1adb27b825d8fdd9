#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore

/// What a command reads after its first read, once that state tells it what more it needs:
/// the todos a todo read depends on (by UUID) and the open ones that depend on it. They are
/// found in the bytes the first read already holds, through its UUID index, not by a second
/// pass over the file.
public struct FurtherRead: Sendable, Equatable {
    /// Todos by UUID, wherever they are in the file or its journal.
    public var uuids: Set<UUID>
    /// The open todos whose dependencies name any of these.
    public var dependentsOf: Set<UUID>
    /// The sizes of the state file (with its journal) and of the undo log.
    public var sizes: Bool

    public init(uuids: Set<UUID> = [], dependentsOf: Set<UUID> = [], sizes: Bool = false) {
        self.uuids = uuids
        self.dependentsOf = dependentsOf
        self.sizes = sizes
    }

    public static let nothing = FurtherRead()

    var readsTodos: Bool { !uuids.isEmpty || !dependentsOf.isEmpty }
}

/// What a `FurtherRead` found.
public struct FurtherTodos: Sendable {
    /// The todos asked for, by ascending number, as the file and its journal have them
    /// (before expiry): some may be in the first read's state too.
    public var todos: [Todo] = []
    /// Bytes of the state file and its journal, and of the undo log, when asked for.
    public var stateBytes: Int?
    public var undoBytes: Int?

    public init(todos: [Todo] = []) { self.todos = todos }
}

/// A first read, which a further one can follow.
public struct StateRead: Sendable {
    /// The state the selection read (empty when there is no file).
    public let state: TodoState
    let file: StateFile
    let selection: TodoSelection
    let loaded: StateFile.Loaded?

    /// The todos and sizes `request` asks for. A sparse first read (a few lines of a large
    /// file) holds no index of the other lines: the file's bytes are then searched for the
    /// UUIDs (`UUIDSearch`), or, if that is unsure, the file is read whole, once.
    public func reading(_ request: FurtherRead) throws(StoreError) -> FurtherTodos {
        var found = FurtherTodos()
        if request.readsTodos, let snapshot = loaded?.snapshot {
            if !snapshot.sparse {
                found.todos = snapshot.todos(request)
            } else if let todos = try file.search(request, journal: loaded?.journalRead) {
                found.todos = todos
            } else if let whole = try file.loadUnlocked(selection.wholeFile)?.snapshot {
                found.todos = whole.todos(request)
            }
        }
        if request.sizes {
            found.stateBytes = FileIO.size(file.path) + FileIO.size(file.journalPath)
            found.undoBytes = FileIO.size(file.undoPath)
        }
        return found
    }
}

extension StateFile {
    /// The `selection`'s todos, and what a further read needs to find more in the same bytes.
    public func read(_ selection: TodoSelection) throws(StoreError) -> StateRead {
        let loaded = try loadUnlocked(selection)
        return StateRead(state: loaded?.snapshot.state ?? TodoState(), file: self, selection: selection, loaded: loaded)
    }
}

extension FileIO {
    /// The size in bytes of the file at `path`; 0 when there is none.
    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
