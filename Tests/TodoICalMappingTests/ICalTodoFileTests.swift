import Foundation
import Testing
import TodoCore
import TodoICal
import TodoICalMapping

/// Whole .ics files: UIDs to UUIDs, a todo with every field there and back, refusals.
@Suite struct ICalTodoFileTests {
    @Test func aUUIDIsItsOwnUID() {
        let uuid = UUID(uuidString: "4C5A2E1B-8D3F-4F6A-9B2C-7E1D0A3B5C6D")!
        #expect(ICalUID.uuid(for: "4C5A2E1B-8D3F-4F6A-9B2C-7E1D0A3B5C6D") == uuid)
        #expect(ICalUID.uuid(for: "4c5a2e1b-8d3f-4f6a-9b2c-7e1d0a3b5c6d") == uuid)
        #expect(ICalUID.uid(for: uuid) == "4c5a2e1b-8d3f-4f6a-9b2c-7e1d0a3b5c6d")
    }

    /// Expected values from Python's `uuid.uuid5(UUID("4f1c2a7e-…"), name)`.
    @Test(arguments: [
        ("nc-20260115-8f2e61d0c4", "be8b0ca8-b142-576f-8ef4-3ac4710ec52d"),
        ("7302857203956831489", "c9b9bac1-9350-55c2-bbba-7b7817f6518a")
    ])
    func anotherUIDIsAVersion5UUIDInTheNamespace(uid: String, uuid: String) {
        #expect(ICalUID.namespace.uuidString.lowercased() == "4f1c2a7e-9b3d-4e58-a6c1-2d7e0b9f3a15")
        #expect(ICalUID.uuid(for: uid).uuidString.lowercased() == uuid)
    }

    @Test func anOverrideOfAnOccurrenceIsATodoOfItsOwn() throws {
        let text = crlf([
            "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a1b2c3d4-1111-4222-8333-444455556666", "SUMMARY:Water",
            "DUE;VALUE=DATE:20260124",
            "RRULE:FREQ=WEEKLY", "END:VTODO", "BEGIN:VTODO", "UID:a1b2c3d4-1111-4222-8333-444455556666",
            "SUMMARY:Water",
            "RECURRENCE-ID;TZID=America/New_York:20260117T120000", "STATUS:COMPLETED", "COMPLETED:20260117T160000Z",
            "END:VTODO", "END:VCALENDAR"
        ])
        let todos = try ICalTodoFile.read(Array(text.utf8), clock: Clock.clock).todos
        #expect(
            todos.map { $0.uuid.uuidString.lowercased() } == [
                "a1b2c3d4-1111-4222-8333-444455556666", "37dbeeaa-b4c2-5157-9c73-54846c1dcceb"
            ])
        #expect(todos.map(\.content.completed) == [false, true])
        #expect(todos.map(\.content.recur?.rule) == ["weekly", nil])
    }

    /// Every field set, times at whole seconds: export, then import, gives the same todos.
    @Test func todosGoThereAndBackUnchanged() throws {
        let other = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
        var full = todo("naïve \"quoted\", name; with everything")
        full.description = "line one\n  line two\\"
        full.notes = "a note\twith a tab"
        full.tags = ["alpha", "é.q", "a,b"]
        full.project = "home.garden"
        full.priority = .medium
        full.due = .instant(Clock.date("2026-12-01T09:00:00Z"))
        full.wait = .day(Clock.day("2026-11-30"))
        full.scheduled = .day(Clock.day("2026-11-28"))
        full.start = .instant(Clock.date("2026-11-25T05:00:07Z"))
        full.depends = [other]
        full.annotations = [Annotation(at: Clock.date("2026-11-21T10:00:05Z"), text: "called the plumber, \"twice\"")]
        full.recur = Recurrence(rule: "2w")
        full.until = .day(Clock.day("2027-06-30"))
        full.series = UUID(uuidString: "6f740623-bc83-41f0-a20d-b696c37c2450")
        full.udas = ["client": "Acme & Söhne", "estimate": "2.5"]
        var done = todo("call mom", uuid: "11111111-2222-4333-8444-555555555555")
        done.completed = true
        done.completedAt = Clock.date("2026-11-22T12:00:00Z")
        let text = ICalTodoFile.export([full, done], clock: Clock.clock)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo//todo export//EN\r\nBEGIN:VTODO\r\n"))
        let back = try ICalTodoFile.read(Array(text.utf8), clock: Clock.clock)
        #expect(back.notes == [])
        #expect(back.todos.map(\.uuid) == [full.uuid, done.uuid])
        #expect(back.todos.map(\.content) == [full.content, done.content])
    }

    @Test func aTodoAtMillisecondsComesBackAtItsSecond() throws {
        var todo = todo()
        todo.due = .instant(Clock.date("2026-12-01T09:00:00Z").addingTimeInterval(0.75))
        let back = try ICalTodoFile.read(
            Array(ICalTodoFile.export([todo], clock: Clock.clock).utf8), clock: Clock.clock)
        #expect(back.todos.first?.content.due == .instant(Clock.date("2026-12-01T09:00:00Z")))
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n", "line 4: END does not close VTODO"),
        (
            "BEGIN:VTODO\r\nUID:1\r\nSUMMARY:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:b\r\nEND:VTODO\r\n",
            "two VTODOs have the UID 1"
        ),
        ("BEGIN:VTODO\r\nUID:1\r\nEND:VTODO\r\n", "the VTODO 1 has no SUMMARY")
    ])
    func aBadFileIsRefusedInOneLine(text: String, message: String) {
        #expect(throws: VTodoMapping.Refusal(message: message)) {
            try ICalTodoFile.read(Array(text.utf8), clock: Clock.clock)
        }
    }

    @Test func otherComponentsAreLeftAlone() throws {
        let text = crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:e", "SUMMARY:party", "END:VEVENT", "BEGIN:VTODO", "UID:t",
            "SUMMARY:cake", "END:VTODO", "END:VCALENDAR"
        ])
        #expect(try ICalTodoFile.read(Array(text.utf8), clock: Clock.clock).todos.map(\.content.name) == ["cake"])
    }
}
