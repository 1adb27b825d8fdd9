import Foundation
import Testing
import TodoCore
@testable import TodoCLI

/// `export --to taskwarrior` and `--to todotxt` as pure functions, and todos going there and back.
@Suite struct ForeignExportTests {
    static let context = ForeignFormatTests.context
    static func date(_ text: String) -> Date { ForeignFormatTests.date(text) }

    /// A todo with every field set, made at 10:15:30.250 UTC (15:15 in the zone).
    static var full: Todo {
        var todo = Todo(
            id: 1, uuid: UUID(uuidString: "6f740623-bc83-41f0-a20d-b696c37c2450")!, name: "buy milk",
            createdAt: date("2026-01-21T10:15:30.250Z"))
        todo.updatedAt = date("2026-01-22T08:00:00Z")
        todo.description = "the long story"
        todo.notes = "plain note\n\n2026-01-21 16:00 called the shop\n2026-01-21 16:00 twice in a minute"
        todo.tags = ["errand", "shop.list", "ün"]
        todo.project = "home.garden"
        todo.priority = .high
        todo.due = .day(CalendarDay(year: 2026, month: 12, day: 1)!)
        todo.wait = .instant(date("2026-11-30T09:30:00Z"))
        return todo
    }

    static var completed: Todo {
        var todo = Todo(
            id: 2, uuid: UUID(uuidString: "38eed733-7ee1-4e55-9f99-2a62522a69cd")!, name: "call mom",
            createdAt: date("2026-01-21T09:00:00Z"))
        todo.completed = true
        todo.completedAt = date("2026-01-23T12:00:00Z")
        todo.updatedAt = date("2026-01-23T12:00:01Z")
        todo.priority = .low
        return todo
    }

    @Test func taskwarriorExportIsWhatTaskExportPrints() {
        #expect(
            TaskwarriorExport.export([Self.full, Self.completed], in: Self.context) == """
                [
                {"uuid":"6f740623-bc83-41f0-a20d-b696c37c2450","status":"pending","entry":"20260121T101530Z",\
                "modified":"20260122T080000Z","description":"buy milk","tags":["errand","shop.list","ün"],\
                "project":"home.garden","priority":"H","due":"20261130T190000Z","wait":"20261130T093000Z",\
                "annotations":[{"entry":"20260121T101530Z","description":"the long story"},{"entry":"20260121T101531Z",\
                "description":"plain note"},{"entry":"20260121T110000Z","description":"called the shop"},\
                {"entry":"20260121T110001Z","description":"twice in a minute"}]},
                {"uuid":"38eed733-7ee1-4e55-9f99-2a62522a69cd","status":"completed","entry":"20260121T090000Z",\
                "modified":"20260123T120001Z","end":"20260123T120000Z","description":"call mom","priority":"L"}
                ]

                """)
        #expect(TaskwarriorExport.export([], in: Self.context) == "[\n]\n")
    }

    @Test func aTodoGoesToTaskwarriorAndBack() throws {
        let back = try TaskwarriorFormat.parse(
            Array(TaskwarriorExport.export([Self.full, Self.completed], in: Self.context).utf8), in: Self.context)
        #expect(back.count == 2)
        for (todo, item) in zip([Self.full, Self.completed], back) {
            for field in TodoField.allCases where field.spec.taskwarrior != nil && field != .annotations {
                #expect(field.value(of: item.content) == field.value(of: todo), "\(field)")
            }
            #expect(item.uuid == todo.uuid)
            #expect(item.content.completed == todo.completed)
            #expect(
                item.content.createdAt
                    == Date(timeIntervalSince1970: todo.createdAt.timeIntervalSince1970.rounded(.down)))
            #expect(item.content.updatedAt == todo.updatedAt)
            #expect(item.content.completedAt == todo.completedAt)
        }
        // Taskwarrior has no description or notes: their lines come back as annotations, an
        // unstamped line at the time the todo was made, each a second after the one before.
        #expect(
            back[0].content.annotations == [
                Annotation(at: Self.date("2026-01-21T10:15:30Z"), text: "the long story"),
                Annotation(at: Self.date("2026-01-21T10:15:31Z"), text: "plain note"),
                Annotation(at: Self.date("2026-01-21T11:00:00Z"), text: "called the shop"),
                Annotation(at: Self.date("2026-01-21T11:00:01Z"), text: "twice in a minute")
            ])
        #expect((back[0].content.description, back[0].content.notes) == ("", ""))
    }

    @Test func todoTxtExportWritesOneLinePerTodo() {
        var multiline = Todo(id: 3, uuid: UUID(), name: "first\nsecond", createdAt: Self.date("2026-02-01T23:59:59Z"))
        multiline.priority = .medium
        #expect(
            TodoTxtExport.export([Self.full, Self.completed, multiline]) == """
                (A) 2026-01-21 buy milk @errand @shop.list @ün +home.garden due:2026-12-01 t:2026-11-30T09:30:00.000Z
                x 2026-01-23 2026-01-21 call mom pri:C
                (B) 2026-02-01 first second

                """)
        #expect(TodoTxtExport.export([]) == "")
    }

    @Test func aTodoGoesToTodoTxtAndBack() throws {
        let now = Self.date("2026-03-01T12:00:00Z")
        let back = try TodoTxtFormat.parse(TodoTxtExport.export([Self.full, Self.completed]), now: now)
        #expect(back.count == 2)
        for (todo, item) in zip([Self.full, Self.completed], back) {
            for field in TodoField.allCases where field.spec.todoTxt != nil {
                #expect(field.value(of: item.content) == field.value(of: todo), "\(field)")
            }
            #expect(item.content.completed == todo.completed)
        }
        #expect(back.map(\.content.createdAt) == [Self.date("2026-01-21T00:00:00Z"), Self.date("2026-01-21T00:00:00Z")])
        #expect(back[1].content.completedAt == Self.date("2026-01-23T00:00:00Z"))
    }

    @Test(arguments: [
        ("2026-11-21 14:03 called the plumber", "2026-11-21T09:03:00Z", "called the plumber"),
        ("2026-11-21 14:03  two blanks", "2026-11-21T09:03:00Z", " two blanks")
    ])
    func annotationStamps(line: String, entry: String, text: String) throws {
        let (at, rest) = try #require(TaskwarriorAnnotations.stamp(Substring(line), in: Self.context))
        #expect((at, rest) == (Self.date(entry), text))
    }

    @Test(arguments: [
        "2026-11-21 14:03", "2026-11-21 14:03 ", "2026-11-21 24:00 late", "2026-02-30 10:00 no day",
        "2026-11-21 1:003 x", "note 2026-11-21 14:03 x"
    ])
    func linesWithoutAStamp(line: String) {
        #expect(TaskwarriorAnnotations.stamp(Substring(line), in: Self.context) == nil)
    }
}
