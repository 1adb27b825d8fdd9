import Foundation
import Testing
import TodoCore
import TodoWire
@testable import TodoCLI

/// The pure mappings from Taskwarrior's and todo.txt's formats to `ImportedTodo`.
@Suite struct ForeignFormatTests {
    static func date(_ text: String) -> Date { ISO8601Millis.parse(text)! }

    @Test func taskwarriorTaskMapsEveryField() throws {
        let export = """
            [
            {"id":1,"description":"buy milk","entry":"20260121T101500Z","modified":"20260122T080000Z","due":"20260125T230000Z","priority":"H","project":"home","status":"pending","uuid":"6f740623-bc83-41f0-a20d-b696c37c2450","annotations":[{"entry":"20260121T101600Z","description":"first note"},{"entry":"20260121T101700Z","description":"second note"}],"tags":["errand","shop"],"urgency":8.7},
            {"id":0,"description":"call mom","end":"20260123T120000Z","entry":"20260121T090000Z","modified":"20260123T120001Z","status":"completed","uuid":"38eed733-7ee1-4e55-9f99-2a62522a69cd","urgency":0},
            {"id":0,"description":"doomed","end":"20260121T100000Z","entry":"20260121T090000Z","modified":"20260121T100000Z","status":"deleted","uuid":"7973f05a-0857-45d8-8f97-aa650b6b911b","urgency":0},
            {"id":2,"description":"weekly","entry":"20260121T090000Z","status":"recurring","uuid":"7973f05a-0857-45d8-8f97-aa650b6b911c","recur":"weekly"}
            ]
            """
        let todos = try TaskwarriorFormat.parse(Array(export.utf8))
        #expect(todos == [
            ImportedTodo(
                uuid: UUID(uuidString: "6f740623-bc83-41f0-a20d-b696c37c2450")!, name: "buy milk",
                description: "project:home +errand +shop priority:H due:2026-01-25T23:00:00.000Z",
                notes: "first note\nsecond note", completed: false, createdAt: Self.date("2026-01-21T10:15:00Z"),
                updatedAt: Self.date("2026-01-22T08:00:00Z")),
            ImportedTodo(
                uuid: UUID(uuidString: "38eed733-7ee1-4e55-9f99-2a62522a69cd")!, name: "call mom",
                completed: true, createdAt: Self.date("2026-01-21T09:00:00Z"),
                updatedAt: Self.date("2026-01-23T12:00:01Z"), completedAt: Self.date("2026-01-23T12:00:00Z")),
        ])
    }

    @Test func taskwarriorOneTaskPerLineAndErrors() throws {
        let lines = "{\"description\":\"a\",\"entry\":\"20260121T101500Z\",\"status\":\"pending\",\"uuid\":\"6f740623-bc83-41f0-a20d-b696c37c2450\"}\n\n"
        #expect(try TaskwarriorFormat.parse(Array(lines.utf8)).map(\.content.name) == ["a"])
        #expect(throws: InputError("line 3: not valid JSON (expected the output of 'task export')")) {
            try TaskwarriorFormat.parse(Array((lines + "oops\n").utf8))
        }
        #expect(throws: InputError("task 1: no valid \"uuid\"")) {
            try TaskwarriorFormat.parse(Array("[{\"description\":\"a\",\"entry\":\"20260121T101500Z\"}]".utf8))
        }
        #expect(throws: InputError("task 1: \"entry\" is not a Taskwarrior date (like 20260121T101500Z)")) {
            try TaskwarriorFormat.parse(Array("[{\"description\":\"a\",\"entry\":\"yesterday\",\"uuid\":\"6f740623-bc83-41f0-a20d-b696c37c2450\"}]".utf8))
        }
        #expect(try TaskwarriorFormat.parse(Array("[]".utf8)) == [])
    }

    @Test(arguments: [
        ("(A) 2026-01-02 call mom +family @phone", TodoTxtFormat.Line(priority: "A", creationDate: ForeignFormatTests.date("2026-01-02T00:00:00Z"), text: "call mom +family @phone")),
        ("x 2026-01-05 2026-01-01 pay rent +home pri:B", TodoTxtFormat.Line(completed: true, priority: "B", completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"), creationDate: ForeignFormatTests.date("2026-01-01T00:00:00Z"), text: "pay rent +home")),
        ("x 2026-01-05 read book", TodoTxtFormat.Line(completed: true, completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"), text: "read book")),
        ("x (C) 2026-01-05 fix bike", TodoTxtFormat.Line(completed: true, priority: "C", completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"), text: "fix bike")),
        ("plain task due:2026-02-01", TodoTxtFormat.Line(text: "plain task due:2026-02-01")),
        ("xylophone lessons (A) 2026-01-01", TodoTxtFormat.Line(text: "xylophone lessons (A) 2026-01-01")),
        ("(a) lower case is not a priority", TodoTxtFormat.Line(text: "(a) lower case is not a priority")),
    ])
    func todoTxtLines(line: String, expected: TodoTxtFormat.Line) {
        #expect(TodoTxtFormat.parseLine(line) == expected)
    }

    @Test func todoTxtFileMapsToTodosWithStableUUIDs() throws {
        let now = Self.date("2026-03-01T12:00:00Z")
        let file = "(A) 2026-01-02 call mom +family @phone\n\nx 2026-01-05 2026-01-01 pay rent +home\r\nwater plants\nwater plants\n"
        let todos = try TodoTxtFormat.parse(file, now: now)
        #expect(todos.map(\.content.name) == ["call mom +family @phone", "pay rent +home", "water plants", "water plants"])
        #expect(todos[0].content.description == "priority:A")
        #expect((todos[0].content.createdAt, todos[0].content.updatedAt, todos[0].content.completed) == (Self.date("2026-01-02T00:00:00Z"), now, false))
        #expect((todos[1].content.completed, todos[1].content.completedAt, todos[1].content.createdAt) == (true, Self.date("2026-01-05T00:00:00Z"), Self.date("2026-01-01T00:00:00Z")))
        #expect((todos[2].content.createdAt, todos[2].content.completedAt) == (now, nil))
        #expect(Set(todos.map(\.uuid)).count == 4)
        let again = try TodoTxtFormat.parse(file, now: now.addingTimeInterval(3600))
        #expect(again.map(\.uuid) == todos.map(\.uuid))
        // Completing a line in todo.txt keeps its UUID, so a re-import updates the same todo.
        let completed = try TodoTxtFormat.parse("x 2026-03-02 2026-01-02 call mom +family @phone pri:A\n", now: now)
        #expect(completed[0].uuid == todos[0].uuid)
        #expect(completed[0].content.description == "priority:A")
        #expect(todos[0].uuid.uuidString.dropFirst(14).first == "8")
        #expect(throws: InputError("line 1: no task text in 'x 2026-01-05'")) { try TodoTxtFormat.parse("x 2026-01-05\n", now: now) }
    }
}
