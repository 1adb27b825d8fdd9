import Foundation
import Testing
import TodoCore
import TodoWire

/// `todo export --to FORMAT` read and changed by the real Taskwarrior and todo.txt CLI, then
/// read back by `todo import --from FORMAT`. The tools are required (.ci/test-scripting-deps
/// installs them): a missing one fails these tests.
@Suite struct ForeignRoundTripTests {
    /// Five hours ahead of UTC, without clock changes, for todo and the tools alike.
    static let zoneName = "Etc/GMT-5"
    static let zone = TimeZone(identifier: zoneName)!
    static func date(_ text: String) -> Date { ISO8601Millis.parse(text)! }
    static func day(_ text: String) -> DueDate { .day(CalendarDay(iso: text)!) }

    let box: Sandbox
    init() throws { box = try Sandbox() }

    /// Four todos made long ago (so any change a tool makes now is newer), with every field.
    static let todos: [Todo] = {
        let made = date("2026-01-21T10:15:30.250Z")
        func todo(_ id: Int, _ name: String) -> Todo {
            var todo = Todo(id: id, uuid: UUID(), name: name, createdAt: made.addingTimeInterval(Double(id)))
            todo.updatedAt = made.addingTimeInterval(Double(id))
            return todo
        }
        var milk = todo(1, "buy milk")
        milk.description = "the long story"
        milk.notes = "2026-01-22 09:30 called the shop"
        milk.tags = ["errand", "shop.list", "ün", "c@d"]
        milk.project = "home.garden"
        milk.priority = .high
        milk.due = day("2030-12-01")
        milk.wait = .instant(date("2030-11-30T09:30:00Z"))
        var mom = todo(2, "call mom")
        mom.completed = true
        mom.completedAt = date("2026-01-23T12:00:00Z")
        mom.priority = .low
        mom.due = .instant(date("2030-12-03T10:00:00Z"))
        var report = todo(4, "write report")
        report.priority = .medium
        report.project = "work"
        return [milk, mom, todo(3, "plain"), report]
    }()

    func environment() -> [String: String] { ["TZ": Self.zoneName] }

    /// Seconds, as Taskwarrior keeps times.
    static func seconds(_ date: Date?) -> Date? {
        date.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }

    @Test func taskwarriorTakesTheExportAndGivesEveryFieldBack() throws {
        try box.write(TodoState(todos: Self.todos))
        let task = try RealTaskwarrior(in: box.directory, timeZone: Self.zoneName)
        let export = try box.run(["export", "--to", "taskwarrior"], environment: environment())
        #expect(export.status == 0 && export.stderr == "")
        try task.run(["import", "-"], stdin: export.stdout)
        let milk = Self.todos[0].uuid.uuidString.lowercased()
        // The whole day is local midnight, as Taskwarrior keeps due:2030-12-01 typed there.
        #expect(try task.run("_get", "\(milk).due").stdout == "2030-12-01T00:00:00\n")
        #expect(try task.run("_get", "\(milk).project").stdout == "home.garden\n")
        #expect(try task.run("_get", "\(milk).tags").stdout == "c@d,errand,shop.list,ün\n")
        #expect(try task.export().count == 4)

        let fresh = try Sandbox()
        let back = try fresh.run(
            ["import", "--from", "taskwarrior", "-"], stdin: try task.run("export").stdout, environment: environment())
        #expect(back.stdout == "Imported 4 todos: 4 added, 0 updated, 0 unchanged.\n")
        let todos = try fresh.state().todos.sorted { $0.createdAt < $1.createdAt }
        #expect(todos.map(\.uuid) == Self.todos.map(\.uuid))
        for (original, todo) in zip(Self.todos, todos) {
            // Annotations gain the description's and the notes' lines (checked below).
            for field in TodoField.allCases where field.spec.taskwarrior != nil && field != .annotations {
                #expect(field.value(of: todo) == field.value(of: original), "\(original.name): \(field)")
            }
            #expect((todo.completed, todo.completedAt) == (original.completed, Self.seconds(original.completedAt)))
            #expect(
                (todo.createdAt, todo.updatedAt) == (Self.seconds(original.createdAt), Self.seconds(original.updatedAt))
            )
        }
        // The description went over as an annotation made when the todo was, a notes line
        // starting with a time as one made then.
        #expect(todos[0].annotations.map(\.text) == ["the long story", "called the shop"])
        #expect(todos[0].annotations.first?.at == Self.seconds(Self.todos[0].createdAt))
    }

    @Test func changesMadeInTaskwarriorComeBack() throws {
        try box.write(TodoState(todos: Self.todos))
        let task = try RealTaskwarrior(in: box.directory, timeZone: Self.zoneName)
        try task.run(
            ["import", "-"], stdin: try box.run(["export", "--to", "taskwarrior"], environment: environment()).stdout)
        let (milk, plain) = (Self.todos[0].uuid.uuidString.lowercased(), Self.todos[2].uuid.uuidString.lowercased())
        try task.run(milk, "modify", "priority:M", "+extra", "-errand", "project:home", "due:2030-12-05T14:00", "wait:")
        try task.run(milk, "annotate", "asked again")
        try task.run(plain, "done")
        try task.run("add", "water plants", "+garden", "due:2030-12-02")

        let back = try box.run(
            ["import", "--from", "taskwarrior", "-"], stdin: try task.run("export").stdout, environment: environment())
        #expect(back.stdout == "Imported 5 todos: 1 added, 2 updated, 2 unchanged.\n")
        let state = try box.state()
        let changed = try #require(state.todo(id: 1))
        #expect(
            (changed.priority, changed.tags, changed.project)
                == (.medium, ["extra", "shop.list", "ün", "c@d"], "home"))
        #expect(changed.due == .instant(Self.date("2030-12-05T09:00:00Z")))
        #expect(changed.wait == nil)
        #expect(changed.annotations.map(\.text) == ["the long story", "called the shop", "asked again"])
        #expect(try #require(state.todo(id: 3)).completed)
        let added = try #require(state.todo(id: 5))
        #expect((added.name, added.tags, added.due) == ("water plants", ["garden"], Self.day("2030-12-02")))
    }

    @Test func todoTxtTakesTheExportAndItsChangesComeBack() throws {
        try box.write(TodoState(todos: Self.todos))
        let todoTxt = try RealTodoTxt(in: box.directory, timeZone: Self.zoneName)
        let export = try box.run(["export", "--to", "todotxt"], environment: environment())
        #expect(export.status == 0 && export.stderr == "")
        try export.stdout.write(toFile: todoTxt.file, atomically: true, encoding: .utf8)
        #expect(try todoTxt.run("ls").stdout.contains("TODO: 4 of 4 tasks shown"))
        #expect(try todoTxt.run("lsprj").stdout == "+home.garden\n+work\n")
        #expect(try todoTxt.run("lsc").stdout == "@c@d\n@errand\n@shop.list\n@ün\n")
        try todoTxt.run("do", "3")
        try todoTxt.run("pri", "4", "A")
        try todoTxt.run("add", "water plants +garden @home due:2030-12-02 t:2030-11-20")
        let lines = try todoTxt.lines()
        #expect(lines.count == 5)
        // The day todo-txt completed "plain" on, read from its line.
        let doneDay = try #require(lines[2].split(separator: " ").dropFirst().first)

        let fresh = try Sandbox()
        let back = try fresh.run(["import", "--from", "todotxt", todoTxt.file], environment: environment())
        #expect(back.stdout == "Imported 5 todos: 5 added, 0 updated, 0 unchanged.\n")
        let todos = try fresh.state().todos
        #expect(todos.map(\.name) == ["buy milk", "call mom", "plain", "write report", "water plants"])
        for (original, todo) in zip(Self.todos, todos) where original.id != 3 && original.id != 4 {
            for field in TodoField.allCases where field.spec.todoTxt != nil {
                #expect(field.value(of: todo) == field.value(of: original), "\(original.name): \(field)")
            }
            #expect(todo.completed == original.completed)
            #expect(todo.createdAt == Self.date("2026-01-21T00:00:00Z"))
        }
        #expect(todos[1].completedAt == Self.date("2026-01-23T00:00:00Z"))
        #expect((todos[2].completed, todos[2].completedAt) == (true, Self.date("\(doneDay)T00:00:00Z")))
        #expect((todos[3].priority, todos[3].project) == (.high, "work"))
        let added = todos[4]
        #expect((added.project, added.tags, added.priority) == ("garden", ["home"], nil))
        #expect((added.due, added.wait) == (Self.day("2030-12-02"), Self.day("2030-11-20")))
    }
}
