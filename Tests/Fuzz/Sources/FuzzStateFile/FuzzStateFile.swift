import Foundation
import FuzzSupport
import TodoCLI
import TodoCore
import TodoStore

/// The state file and journal reader. An input is a state file, then optionally the line
/// `--journal--` and the journal beside it (the layout of the property test's failures).
///
/// A file that loads is a valid state; every selection of it reads the same todos; written
/// anew it reads back equal; changes made on top read back as the reducer made them. A file
/// that does not load makes a change fail too, or succeed without reading the damage (the
/// README's rule for todos a command did not read), and a failed change writes nothing.
@_cdecl("FuzzStateFile_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (state, journal) = split(bytes(data, size), at: "\n--journal--\n")
    let path = scratch + "/todos.json"
    removeState(path)
    put(state, at: path)
    put(journal, at: path + ".journal")
    let file = StateFile(path: path)
    guard let loaded = try? file.load() else {
        let before = stateBytes(path)
        if (try? file.update(.none, { try reduce($0, .add(newTodo)) })) == nil {
            invariant(stateBytes(path) == before, "a failed add changed the files")
        }
        return 0
    }
    checkState(loaded, "the loaded state")
    if journal != nil { checkJournalKeepsIdentities(state, loaded) }
    checkSelections(file, loaded)
    checkReadingCommands(path)
    checkRewrite(loaded)
    checkChanges(file, loaded)
    return 0
}

/// The todo the target adds: a UUID no seed uses.
let newTodo = NewTodo(
    uuid: UUID(uuidString: "f0220000-0000-4000-8000-00000000feed")!, name: "fuzz", createdAt: fixedNow)

/// Numbers are never reused, so a journal line cannot give a number another UUID: that
/// would silently replace one todo by another.
func checkJournalKeepsIdentities(_ stateFile: [UInt8], _ loaded: TodoState) {
    let alone = scratch + "/alone.json"
    removeState(alone)
    put(stateFile, at: alone)
    guard let before = try? StateFile(path: alone).load() else { return }
    for todo in before.todos {
        guard let after = loaded.todo(id: todo.id) else { continue }
        invariant(
            after.uuid == todo.uuid, "the journal gave #\(todo.id) another UUID: \(todo.uuid) became \(after.uuid)")
    }
}

/// Reading only some todos finds them as reading all of them does, and the same rest.
func checkSelections(_ file: StateFile, _ loaded: TodoState) {
    func load(_ selection: TodoSelection, _ name: String) -> TodoState {
        do {
            let part = try file.load(selection)
            invariant(
                part.nextId == loaded.nextId && part.history == loaded.history && part.sync == loaded.sync,
                "reading \(name) gives another nextId, history or sync state than reading everything")
            return part
        } catch {
            invariant(false, "reading \(name) fails where reading everything succeeds: \(error)")
            return loaded
        }
    }
    for completed in [false, true] {
        let part = load(.completed(completed), "the todos completed: \(completed)")
        invariant(
            part.todos == loaded.todos.filter { $0.completed == completed },
            "reading the todos completed: \(completed) finds others")
    }
    _ = load(.none, "no todos")
    for todo in loaded.todos.prefix(3) {
        let byNumber = load(.referencedBy([String(todo.id)]), "#\(todo.id)")
        invariant(byNumber.todo(id: todo.id) == todo, "reading #\(todo.id) alone decodes it differently")
        let prefix = String(todo.uuid.uuidString.lowercased().prefix(8))
        let byUUID = load(.referencedBy([prefix]), "UUID prefix \(prefix)")
        invariant(byUUID.todo(id: todo.id) == todo, "reading UUID prefix \(prefix) misses #\(todo.id)")
    }
}

/// The commands that only read show the state, whatever it holds, and write nothing.
func checkReadingCommands(_ path: String) {
    let before = stateBytes(path)
    for arguments in [["list"], ["list", "--json"], ["list", "--filter", "completed"], ["show", "1"], ["export"]] {
        let output = run(Context(arguments: arguments, environment: ["TODO_FILE": path], now: { fixedNow }))
        invariant(
            output.status == 0 || (arguments[0] == "show" && output.status == 1),
            "todo \(arguments) exited \(output.status) on a file that loads: \(output.stderr)")
        invariant(stateBytes(path) == before, "todo \(arguments) changed the files")
    }
}

/// The state, saved to a new file, reads back equal.
func checkRewrite(_ loaded: TodoState) {
    let copy = scratch + "/copy.json"
    removeState(copy)
    do {
        _ = try StateFile(path: copy).update { _ in loaded }
        // The undo history lives in its own log, which keeps the last 100 steps.
        var expected = loaded
        expected.history = Array(loaded.history.suffix(TodoState.historyLimit))
        let again = try StateFile(path: copy).load(.all.withHistory)
        invariant(again == expected, "the state saved anew reads back as another")
    } catch {
        invariant(false, "the loaded state cannot be saved and read back: \(error)")
    }
}

/// An add, a toggle and three undos, each through the file as the commands make them
/// (reading what they read), read back as the reducer made them from the whole state.
func checkChanges(_ file: StateFile, _ loaded: TodoState) {
    guard loaded.todo(uuid: newTodo.uuid) == nil else { return }
    var expected = loaded
    var steps: [(TodoSelection, Action)] = [(.none, .add(newTodo))]
    if let first = loaded.todos.first {
        steps.append((.referencedBy([String(first.id)]), .toggle(ids: [first.id], at: fixedNow)))
    }
    // Only undo reads the undo history, from its own log.
    steps += Array(repeating: (TodoSelection.all.withHistory, .undo(at: fixedNow)), count: 3)
    for (selection, action) in steps {
        guard let next = try? reduce(expected, action) else { return }
        checkState(next, "the reducer's state after \(action)")
        do {
            _ = try file.update(selection) { state throws(ReduceError) in try reduce(state, action) }
            let reread = try file.load(.all.withHistory)
            invariant(reread == next, "after \(action) the file reads back as another state than the reducer made")
        } catch {
            invariant(false, "\(action) fails on a file that loads: \(error)")
        }
        expected = next
    }
}
