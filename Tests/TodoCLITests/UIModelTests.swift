import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// `todo ui`'s keys, as the pure reducer takes them: exact models and effects, no terminal.
@Suite struct UIModelTests {
    static let now = FixedClock.epoch
    static func uuid(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }
    static func todo(_ id: Int, _ name: String, completed: Bool = false) -> Todo {
        Todo(id: id, uuid: uuid(id), name: name, completed: completed, createdAt: now)
    }

    /// Ten active todos, numbered 10 down to 1 as list shows them, on a 40×10 terminal.
    static func model(count: Int = 10) -> UIModel {
        var model = UIModel()
        model.resize(width: 40, height: 10)
        model.replace(
            todos: (1...max(1, count)).reversed().prefix(count).map { todo($0, "todo \($0)") },
            counts: TodoCounts(total: count, active: count))
        return model
    }

    func keys(_ keys: [UIKey], on model: inout UIModel) -> [UIEffect] {
        keys.compactMap { UIReducer.reduce(&model, $0) }
    }

    @Test func movingKeepsTheSelectionWithinTheListAndOnScreen() {
        var model = Self.model()
        #expect(model.listHeight == 7)
        #expect(keys([.character("j"), .down, .down], on: &model) == [])
        #expect((model.selection, model.top) == (3, 0))
        _ = keys([.pageDown], on: &model)
        #expect((model.selection, model.top) == (9, 3))
        _ = keys([.down], on: &model)
        #expect((model.selection, model.top) == (9, 3))
        _ = keys([.character("g")], on: &model)
        #expect((model.selection, model.top) == (0, 0))
        _ = keys([.up, .character("k")], on: &model)
        #expect((model.selection, model.top) == (0, 0))
        _ = keys([.character("G")], on: &model)
        #expect((model.selection, model.top) == (9, 3))
        _ = keys([.pageUp], on: &model)
        #expect((model.selection, model.top) == (2, 2))
        _ = keys([.home, .end], on: &model)
        #expect(model.selected?.id == 1)
    }

    @Test func tabCyclesTheViewsAndAsksForTheListAgain() {
        var model = Self.model()
        _ = keys([.down, .down], on: &model)
        #expect(keys([.tab], on: &model) == [.relist])
        #expect((model.view, model.selection) == (.completed, 0))
        #expect(keys([.tab, .tab], on: &model) == [.relist, .relist])
        #expect(model.view == .active)
        #expect(keys([.backTab], on: &model) == [.relist])
        #expect(model.view == .all)
    }

    @Test func keysOnTheSelectedTodoNameItByUUID() {
        var model = Self.model()
        _ = keys([.down], on: &model)
        let id = uuidText(Self.uuid(9))
        #expect(keys([.enter], on: &model) == [.details(Self.uuid(9))])
        #expect(keys([.character("d")], on: &model) == [.run(["done", id])])
        #expect(keys([.character("s")], on: &model) == [.run(["start", id])])
        #expect(keys([.character("e")], on: &model) == [.edit(Self.uuid(9))])
        #expect(keys([.character("u")], on: &model) == [.run(["undo"])])
        #expect(keys([.character("S")], on: &model) == [.sync])
        #expect(keys([.character("q")], on: &model) == [.quit])
        #expect(keys([.interrupt], on: &model) == [.quit])
        #expect(keys([.suspend], on: &model) == [.suspend])
        var todos = model.todos
        todos[1].completed = true
        todos[1].start = .instant(roundingToMilliseconds: Self.now)
        model.replace(todos: todos, counts: model.counts)
        #expect(keys([.character("d"), .character("s")], on: &model) == [.run(["reopen", id]), .run(["stop", id])])
    }

    @Test func deleteAsksOnceAndOnlyYDeletes() {
        var model = Self.model()
        #expect(keys([.character("x")], on: &model) == [])
        #expect(model.mode == .confirm(Self.uuid(10)))
        #expect(keys([.character("n")], on: &model) == [])
        #expect((model.mode, model.message) == (.list, "Not deleted."))
        #expect(keys([.character("x"), .character("y")], on: &model) == [.run(["delete", uuidText(Self.uuid(10))])])
        #expect((model.mode, model.message) == (.list, nil))
    }

    @Test func promptsReadWordsAsAShellSplitsThem() {
        var model = Self.model()
        _ = keys([.character("a")] + "Water plants +home due:fri".map { UIKey.character($0) }, on: &model)
        #expect(model.mode == .prompt(.add, text: "Water plants +home due:fri"))
        #expect(
            keys([.backspace, .character("i"), .enter], on: &model) == [
                .run(["add", "Water", "plants", "+home", "due:fri"])
            ])
        #expect(model.mode == .list)
        _ = keys([.character("m")] + "\"new name\" pri:H".map { UIKey.character($0) }, on: &model)
        #expect(keys([.enter], on: &model) == [.run(["modify", uuidText(Self.uuid(10)), "new name", "pri:H"])])
        #expect(keys([.character("a"), .character("x"), .escape], on: &model) == [])
        #expect(model.mode == .list)
        #expect(keys([.character("a"), .enter], on: &model) == [])
        #expect(UIReducer.words("  'a b'\"c\" d ") == ["a bc", "d"])
        #expect(
            keys([.character("a")] + "x --file /tmp/other".map { UIKey.character($0) } + [.enter], on: &model) == [])
        #expect(model.message == "--file: options are not read here, only words (+home, due:fri, -later)")
        #expect(keys([.character("/")] + "-later -- -q".map { UIKey.character($0) } + [.enter], on: &model) == [])
        #expect(model.message == "-q: options are not read here, only words (+home, due:fri, -later)")
    }

    @Test func filterAndContextPrompts() {
        var model = Self.model()
        _ = keys([.down, .character("/")] + "+home".map { UIKey.character($0) }, on: &model)
        #expect(keys([.enter], on: &model) == [.relist])
        #expect((model.filter, model.selection) == (["+home"], 0))
        _ = keys([.character("/")], on: &model)
        #expect(model.mode == .prompt(.filter, text: "+home"))
        _ = keys([.escape], on: &model)
        #expect(keys([.escape], on: &model) == [.relist])
        #expect(model.filter == [])
        #expect(keys([.escape], on: &model) == [])
        model.context = "work"
        _ = keys([.character("c")], on: &model)
        #expect(model.mode == .prompt(.context, text: "work"))
        #expect(
            keys([.backspace, .backspace, .backspace, .backspace, .enter], on: &model) == [.run(["context", "none"])])
    }

    @Test func detailsScrollAndGoBack() {
        var model = Self.model()
        model.mode = .details(lines: (1...20).map { "line \($0)" }, top: 0)
        _ = keys([.down, .down, .pageDown, .pageDown], on: &model)
        #expect(model.mode == .details(lines: (1...20).map { "line \($0)" }, top: 13))
        _ = keys([.up], on: &model)
        #expect(model.mode == .details(lines: (1...20).map { "line \($0)" }, top: 12))
        _ = keys([.escape], on: &model)
        #expect(model.mode == .list)
        _ = keys([.character("?")], on: &model)
        #expect(model.mode == .help)
        _ = keys([.character("z")], on: &model)
        #expect(model.mode == .list)
    }

    @Test func anEmptyListSaysSoForKeysThatNeedATodo() {
        var model = Self.model(count: 0)
        for key in [UIKey.enter, .character("d"), .character("x"), .character("m"), .character("e"), .character("s")] {
            #expect(UIReducer.reduce(&model, key) == nil)
            #expect((model.mode, model.message) == (.list, "No todo here: a adds one."))
        }
        _ = keys([.down, .up, .character("G"), .pageDown], on: &model)
        #expect((model.selection, model.top) == (0, 0))
    }

    @Test func aNewListKeepsTheSameTodoSelected() {
        var model = Self.model()
        _ = keys([.down, .down, .down], on: &model)
        #expect(model.selected?.id == 7)
        model.replace(todos: [Self.todo(11, "new")] + model.todos, counts: TodoCounts(total: 11, active: 11))
        #expect((model.selection, model.selected?.id) == (4, 7))
        // Gone meanwhile: the row where it was.
        model.replace(todos: model.todos.filter { $0.id != 7 }, counts: TodoCounts(total: 10, active: 10))
        #expect((model.selection, model.selected?.id) == (4, 6))
        model.replace(todos: [], counts: TodoCounts())
        #expect((model.selection, model.top, model.selected) == (0, 0, nil))
    }

    @Test func aSmallerTerminalScrollsToKeepTheSelection() {
        var model = Self.model()
        _ = keys([.character("G")], on: &model)
        model.resize(width: 30, height: 5)
        #expect((model.selection, model.top, model.listHeight) == (9, 8, 2))
        model.resize(width: 0, height: 0)
        #expect((model.width, model.height, model.listHeight, model.top) == (1, 1, 1, 9))
    }

    @Test func needsATerminalAndAView() throws {
        let directory = NSTemporaryDirectory() + "todo-ui-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func run(_ arguments: [String]) -> Output {
            TodoCLI.run(
                Context(
                    arguments: arguments, environment: ["TODO_FILE": directory + "/todos.json", "HOME": directory],
                    now: { Self.now }))
        }
        #expect(
            run(["ui"])
                == Output(
                    stderr:
                        "todo: todo ui needs a terminal on stdin and stdout; 'todo list' prints the list anywhere\n",
                    status: ExitStatus.usage))
        #expect(
            run(["ui", "--filter", "unsynced"])
                == Output(
                    stderr: "todo: todo ui shows the views active, completed and all, not \"unsynced\"\n",
                    status: ExitStatus.usage))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func keysFromTheTerminalsBytes() {
        #expect(
            UIKey.keys(in: Array("jk\r\t\u{7F}".utf8)) == [.character("j"), .character("k"), .enter, .tab, .backspace])
        #expect(
            UIKey.keys(in: Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[Z".utf8))
                == [.up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .backTab])
        #expect(UIKey.keys(in: [0x1B]) == [.escape])
        #expect(UIKey.keys(in: [0x03, 0x1A, 0x0C, 0x01]) == [.interrupt, .suspend, .redraw])
        #expect(UIKey.keys(in: Array("é🥛".utf8)) == [.character("é"), .character("🥛")])
        // An unknown sequence, a cut one, and bytes that are no UTF-8 are dropped.
        #expect(UIKey.keys(in: Array("\u{1B}[99x".utf8) + [0xFF, 0xC3] + Array("\u{1B}[1".utf8)) == [])
        #expect(UIKey.keys(in: Array("\u{1B}[1;5Aq".utf8)) == [.up, .character("q")])
    }
}
