import Foundation
import Testing
import TodoCore
import TodoWire
@testable import TodoCLI

/// The pure mappings from Taskwarrior's and todo.txt's formats to `ImportedTodo`.
@Suite struct ForeignFormatTests {
    static func date(_ text: String) -> Date { ISO8601Millis.parse(text)! }

    /// A zone five hours ahead of UTC, without clock changes: local midnight is 19:00 UTC.
    static let zone = TimeZone(identifier: "Etc/GMT-5")!
    static let context = DateContext(now: date("2026-03-01T12:00:00Z"), timeZone: zone)

    static func parseTaskwarrior(_ text: String) throws(InputError) -> [ImportedTodo] {
        try TaskwarriorFormat.parse(Array(text.utf8), in: context)
    }

    @Test func taskwarriorTaskMapsEveryField() throws {
        let export = """
            [
            {"id":1,"description":"buy milk","entry":"20260121T101500Z","modified":"20260122T080000Z",\
            "due":"20260125T230000Z","wait":"20260123T190000Z","priority":"H","project":"home.garden",\
            "status":"pending","uuid":"6f740623-bc83-41f0-a20d-b696c37c2450",\
            "annotations":[{"entry":"20260121T101600Z","description":"first note"},{"entry":"20260121T101700Z",\
            "description":"second note"}],"tags":["errand","shop"],"urgency":8.7},
            {"id":0,"description":"call mom","end":"20260123T120000Z","entry":"20260121T090000Z",\
            "modified":"20260123T120001Z","status":"completed","uuid":"38eed733-7ee1-4e55-9f99-2a62522a69cd",\
            "urgency":0},
            {"id":0,"description":"doomed","end":"20260121T100000Z","entry":"20260121T090000Z",\
            "modified":"20260121T100000Z","status":"deleted","uuid":"7973f05a-0857-45d8-8f97-aa650b6b911b","urgency":0},
            {"id":2,"description":"weekly","entry":"20260121T090000Z","status":"recurring",\
            "uuid":"7973f05a-0857-45d8-8f97-aa650b6b911c","recur":"weekly"}
            ]
            """
        var milk = ImportedTodo(
            uuid: UUID(uuidString: "6f740623-bc83-41f0-a20d-b696c37c2450")!, name: "buy milk",
            completed: false, createdAt: Self.date("2026-01-21T10:15:00Z"), updatedAt: Self.date("2026-01-22T08:00:00Z")
        )
        milk.content.annotations = [
            Annotation(at: Self.date("2026-01-21T10:16:00Z"), text: "first note"),
            Annotation(at: Self.date("2026-01-21T10:17:00Z"), text: "second note")
        ]
        milk.content.tags = ["errand", "shop"]
        milk.content.project = "home.garden"
        milk.content.priority = .high
        milk.content.due = .instant(Self.date("2026-01-25T23:00:00Z"))
        // 19:00 UTC is midnight in the zone: the whole day Taskwarrior writes for wait:2026-01-24.
        milk.content.wait = .day(CalendarDay(year: 2026, month: 1, day: 24)!)
        #expect(
            try Self.parseTaskwarrior(export) == [
                milk,
                ImportedTodo(
                    uuid: UUID(uuidString: "38eed733-7ee1-4e55-9f99-2a62522a69cd")!, name: "call mom",
                    completed: true, createdAt: Self.date("2026-01-21T09:00:00Z"),
                    updatedAt: Self.date("2026-01-23T12:00:01Z"), completedAt: Self.date("2026-01-23T12:00:00Z"))
            ])
    }

    @Test func aWaitingTaskIsActiveWithItsWaitDate() throws {
        let task =
            """
            [{"description":"later","entry":"20260121T101500Z","status":"waiting","wait":"20270101T101500Z",\
            "uuid":"6f740623-bc83-41f0-a20d-b696c37c2450","tags":["a.b","c@d","x:y","ün","a+b","MiXed"]}]
            """
        let todo = try #require(try Self.parseTaskwarrior(task).first)
        #expect(todo.content.completed == false)
        #expect(todo.content.wait == .instant(Self.date("2027-01-01T10:15:00Z")))
        #expect(todo.content.tags == ["a.b", "c@d", "x:y", "ün", "a+b", "MiXed"])
    }

    @Test(arguments: [
        (
            #""tags":["ok","1st"]"#,
            "task 1: \"1st\" is no tags value: a tag is a word without blanks that does not start with a digit, + or -"
        ),
        (
            #""tags":["-z"]"#,
            "task 1: \"-z\" is no tags value: a tag is a word without blanks that does not start with a digit, + or -"
        ),
        (#""tags":"solo""#, "task 1: \"tags\" is not an array of strings"),
        (#""project":"my\thome""#, "task 1: \"my\\thome\" is no project value: a project is a name without blanks"),
        (#""project":"my␣home""#, "task 1: the project 'my␣home' holds ␣, which todo writes for a blank"),
        (#""recur":"hourly""#, "task 1: the recurrence 'hourly' is no rule todo has (\(Recurrence.accepted))"),
        (#""client":["a"]"#, "task 1: \"client\" is not a string or a number"),
        (#""priority":"X""#, "task 1: \"priority\" is not H, M or L"),
        (#""due":"friday""#, "task 1: \"due\" is not a Taskwarrior date (like 20260121T101500Z)"),
        (#""description":"   ""#, "task 1: a todo needs a name that is not blank"),
        (
            #""annotations":"note""#,
            "task 1: \"annotations\" is not an array of {\"entry\": DATE, \"description\": TEXT}"
        )
    ])
    func aValueTodoCannotHoldIsAnError(attribute: String, message: String) {
        let task =
            """
            [{"description":"a","entry":"20260121T101500Z","uuid":"6f740623-bc83-41f0-a20d-b696c37c2450",\(attribute)}]
            """
        #expect(throws: InputError(message)) { try Self.parseTaskwarrior(task) }
    }

    @Test func emptyTaskwarriorAttributesAreNone() throws {
        let task =
            #"""
            [{"description":"a","entry":"20260121T101500Z","uuid":"6f740623-bc83-41f0-a20d-b696c37c2450","project":"",\#
            "priority":"","tags":[]}]
            """#
        let todo = try #require(try Self.parseTaskwarrior(task).first)
        #expect((todo.content.project, todo.content.priority, todo.content.tags) == (nil, nil, []))
    }

    @Test func taskwarriorOneTaskPerLineAndErrors() throws {
        let lines =
            """
            {"description":"a","entry":"20260121T101500Z","status":"pending",\
            "uuid":"6f740623-bc83-41f0-a20d-b696c37c2450"}\n\n
            """
        #expect(try Self.parseTaskwarrior(lines).map(\.content.name) == ["a"])
        #expect(throws: InputError("line 3: not valid JSON (expected the output of 'task export')")) {
            try Self.parseTaskwarrior(lines + "oops\n")
        }
        #expect(throws: InputError("task 1: no valid \"uuid\"")) {
            try Self.parseTaskwarrior("[{\"description\":\"a\",\"entry\":\"20260121T101500Z\",\"uuid\":\"6f74\"}]")
        }
        #expect(throws: InputError("task 1: \"entry\" is not a Taskwarrior date (like 20260121T101500Z)")) {
            try Self.parseTaskwarrior(
                "[{\"description\":\"a\",\"entry\":\"yesterday\",\"uuid\":\"6f740623-bc83-41f0-a20d-b696c37c2450\"}]")
        }
        #expect(try Self.parseTaskwarrior("[]") == [])
    }

    @Test(arguments: [
        (
            "(A) 2026-01-02 call mom +family @phone",
            TodoTxtFormat.Line(
                priority: "A", creationDate: ForeignFormatTests.date("2026-01-02T00:00:00Z"),
                text: "call mom +family @phone")
        ),
        (
            "x 2026-01-05 2026-01-01 pay rent +home pri:B",
            TodoTxtFormat.Line(
                completed: true, priority: "B", completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"),
                creationDate: ForeignFormatTests.date("2026-01-01T00:00:00Z"), text: "pay rent +home")
        ),
        (
            "x 2026-01-05 read book",
            TodoTxtFormat.Line(
                completed: true, completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"), text: "read book")
        ),
        (
            "x (C) 2026-01-05 fix bike",
            TodoTxtFormat.Line(
                completed: true, priority: "C", completionDate: ForeignFormatTests.date("2026-01-05T00:00:00Z"),
                text: "fix bike")
        ),
        ("plain task due:2026-02-01", TodoTxtFormat.Line(text: "plain task due:2026-02-01")),
        ("xylophone lessons (A) 2026-01-01", TodoTxtFormat.Line(text: "xylophone lessons (A) 2026-01-01")),
        ("(a) lower case is not a priority", TodoTxtFormat.Line(text: "(a) lower case is not a priority"))
    ])
    func todoTxtLines(line: String, expected: TodoTxtFormat.Line) {
        #expect(TodoTxtFormat.parseLine(line) == expected)
    }

    @Test func todoTxtFileMapsToTodosWithStableUUIDs() throws {
        let now = Self.date("2026-03-01T12:00:00Z")
        let file =
            """
            (A) 2026-01-02 call mom +family @phone\n\nx 2026-01-05 2026-01-01 pay rent +home\r\nwater plants\n\
            water plants\n
            """
        let todos = try TodoTxtFormat.parse(file, now: now)
        #expect(todos.map(\.content.name) == ["call mom", "pay rent", "water plants", "water plants"])
        #expect(todos.map(\.content.project) == ["family", "home", nil, nil])
        #expect(todos[0].content.tags == ["phone"])
        #expect(todos.map(\.content.priority) == [.high, nil, nil, nil])
        #expect(
            (todos[0].content.createdAt, todos[0].content.updatedAt, todos[0].content.completed) == (
                Self.date("2026-01-02T00:00:00Z"), now, false
            ))
        #expect(
            (todos[1].content.completed, todos[1].content.completedAt, todos[1].content.createdAt) == (
                true, Self.date("2026-01-05T00:00:00Z"), Self.date("2026-01-01T00:00:00Z")
            ))
        #expect((todos[2].content.createdAt, todos[2].content.completedAt) == (now, nil))
        #expect(Set(todos.map(\.uuid)).count == 4)
        let again = try TodoTxtFormat.parse(file, now: now.addingTimeInterval(3600))
        #expect(again.map(\.uuid) == todos.map(\.uuid))
        // Completing a line in todo.txt keeps its UUID, so a re-import updates the same todo.
        let completed = try TodoTxtFormat.parse("x 2026-03-02 2026-01-02 call mom +family @phone pri:A\n", now: now)
        #expect(completed[0].uuid == todos[0].uuid)
        #expect(completed[0].content.priority == .high)
        #expect(todos[0].uuid.uuidString.dropFirst(14).first == "8")
        #expect(throws: InputError("line 1: no task text in 'x 2026-01-05'")) {
            try TodoTxtFormat.parse("x 2026-01-05\n", now: now)
        }
    }

    static func todoTxt(_ line: String) throws -> TodoContent {
        try #require(try TodoTxtFormat.parse(line + "\n", now: date("2026-03-01T12:00:00Z")).first).content
    }

    @Test(arguments: [("(A)", Priority.high), ("(B)", .medium), ("(C)", .low), ("(D)", .low), ("(Z)", .low)])
    func todoTxtPriorityLetters(word: String, priority: Priority) throws {
        #expect(try Self.todoTxt("\(word) a").priority == priority)
        #expect(try Self.todoTxt("x 2026-01-05 a pri:\(word.dropFirst().prefix(1))").priority == priority)
    }

    @Test func todoTxtWordsBecomeFields() throws {
        let todo = try Self.todoTxt(
            "2026-01-02 call +family mom +phone.work @home @phone due:2026-12-01 t:2026-11-30 key:value")
        #expect(todo.name == "call mom key:value")
        #expect(todo.project == "family")
        #expect(todo.tags == ["phone.work", "home", "phone"])
        #expect(todo.due == .day(CalendarDay(year: 2026, month: 12, day: 1)!))
        #expect(todo.wait == .day(CalendarDay(year: 2026, month: 11, day: 30)!))
        #expect(try Self.todoTxt("a due:2026-12-01T14:00:00.000Z").due == .instant(Self.date("2026-12-01T14:00:00Z")))
    }

    /// A word whose value its field cannot hold, or a second one for a field already set, stays in the name.
    @Test(arguments: [
        "due:friday", "due:2026-13-45", "due:", "t:tomorrow", "@1st", "@-x", "@", "+", "@+x", "due:0000-01-01"
    ])
    func todoTxtWordsTodoCannotReadStayText(word: String) throws {
        let todo = try Self.todoTxt("call \(word) mom")
        #expect(todo.name == "call \(word) mom")
        #expect((todo.due, todo.wait, todo.project, todo.tags) == (nil, nil, nil, []))
    }

    @Test func aSecondDueStaysTextAndASecondProjectIsATag() throws {
        let todo = try Self.todoTxt("a due:2026-12-01 due:2026-12-02 +one +two +1st")
        #expect(todo.name == "a due:2026-12-02 +1st")
        #expect(todo.due == .day(CalendarDay(year: 2026, month: 12, day: 1)!))
        #expect((todo.project, todo.tags) == ("one", ["two"]))
        // 1st can be a project but no tag.
        #expect(try Self.todoTxt("a +1st").project == "1st")
        #expect(try Self.todoTxt("a +one +1st").name == "a +1st")
        #expect(throws: InputError("line 1: no task text in '+home @phone'")) {
            try TodoTxtFormat.parse("+home @phone\n", now: Self.date("2026-03-01T12:00:00Z"))
        }
    }
}
