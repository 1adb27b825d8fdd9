import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

@Suite struct ListTemplateTests {
    let todo = Todo(
        id: 7, uuid: UUID(uuidString: "8F0E1C00-0000-4000-8000-000000000001")!, name: "buy milk",
        description: "d", notes: "two\nlines", completed: true, createdAt: FixedClock.epoch,
        updatedAt: Date(timeIntervalSince1970: 1_790_000_060.5),
        completedAt: Date(timeIntervalSince1970: 1_790_000_060.5))

    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func everyFieldRenders() throws {
        let template = try ListTemplate(
            "{id}|{uuid}|{name}|{description}|{notes}|{completed}|{createdAt}|{updatedAt}|{completedAt}|{synced}")
        #expect(
            template.render(todo, in: .utc)
                == "7|8f0e1c00-0000-4000-8000-000000000001|buy milk|d|two\n"
                + "lines|true|2026-09-21T14:13:20+00:00|2026-09-21T14:14:20+00:00|2026-09-21T14:14:20+00:00|false"
        )
        var active = todo
        active.completed = false
        active.completedAt = nil
        #expect(
            try ListTemplate("{completed}:{completedAt}.{completedAt.utc}.").render(active, in: berlin) == "false:..")
    }

    /// Dates are on the local clock, with its offset; `.utc` gives them as `--json` does, exact.
    @Test func datesAreOnTheLocalClockAndInUTCWithDotUTC() throws {
        var full = todo
        full.due = DueDate(wire: "2026-11-30T23:15:00.500Z")
        full.wait = .day(CalendarDay(iso: "2026-12-01")!)
        let template = try ListTemplate("{createdAt} {createdAt.utc} {due} {due.utc} {wait} {wait.utc} {completedAt}")
        #expect(
            template.render(full, in: berlin)
                == "2026-09-21T16:13:20+02:00 2026-09-21T14:13:20.000Z 2026-12-01T00:15:00+01:00 "
                + "2026-11-30T23:15:00.500Z 2026-12-01 2026-12-01 2026-09-21T16:14:20+02:00"
        )
        #expect(throws: CommandError.self) { try ListTemplate("{name.utc}") }
        #expect(throws: CommandError.self) { try ListTemplate("{due.local}") }
    }

    static let fields =
        """
        {id} {uuid} {name} {description} {notes} {completed} {createdAt} {updatedAt} {completedAt} {synced} {tags} \
        {project} {priority} {due} {wait} {scheduled} {start} {depends} {annotations} {recur} {until} {series} \
        {anchor} {udas} {urgency}
        """

    @Test func theAttributesRenderAsPlainText() throws {
        let template = try ListTemplate("{tags}|{project}|{priority}|{due}|{wait}")
        #expect(template.render(todo, in: .utc) == "||||")
        var full = todo
        full.tags = ["b", "a", "é"]
        full.project = "home.garden"
        full.priority = .high
        full.due = .day(CalendarDay(iso: "2026-12-01")!)
        full.wait = DueDate(wire: "2026-11-30T23:15:00.500Z")
        #expect(template.render(full, in: .utc) == "a b é|home.garden|H|2026-12-01|2026-11-30T23:15:00+00:00")
    }

    @Test func escapesAndLiteralText() throws {
        #expect(try ListTemplate("#{id}\\t{name}\\n").render(todo, in: .utc) == "#7\tbuy milk\n")
        #expect(try ListTemplate("\\\\ \\{id\\} \\q").render(todo, in: .utc) == "\\ {id} \\q")
        #expect(try ListTemplate("").parts == [])
        #expect(try ListTemplate("a{id}b").parts == [.text("a"), .field("id"), .text("b")])
    }

    @Test(arguments: [
        (
            "{nmae}",
            """
            unknown field '{nmae}' in --format (fields: \(Self.fields), and attributes 'todo config uda.NAME.type' \
            declares; a date field with .utc, as {due.utc}, is in UTC); did you mean {name}?
            """
        ),
        (
            "{urgent}",
            """
            unknown field '{urgent}' in --format (fields: \(Self.fields), and attributes 'todo config uda.NAME.type' \
            declares; a date field with .utc, as {due.utc}, is in UTC); did you mean {urgency}?
            """
        ),
        ("{id", "'{' without a closing '}' in --format (write \\{ for a brace)"),
        ("id}", "'}' without an opening '{' in --format (write \\} for a brace)")
    ])
    func badTemplatesAreUsageErrors(template: String, message: String) {
        #expect(throws: CommandError.self) { try ListTemplate(template) }
        do {
            _ = try ListTemplate(template)
        } catch {
            #expect(error.message == message)
            #expect(error.status == ExitStatus.usage)
        }
    }
}
