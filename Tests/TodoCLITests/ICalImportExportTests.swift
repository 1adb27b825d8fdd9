import Foundation
import Testing
import TodoCore
import TodoWire
import TodoTestSupport

/// `todo export --to ical` and `todo import --from ical` end to end.
@Suite struct ICalImportExportTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    /// Berlin's clock, where a floating time is read.
    let environment = ["TZ": "Europe/Berlin"]

    static func seconds(_ date: Date?) -> Date? {
        date.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }

    @Test func anExportImportsIntoAnotherFileAsTheSameTodos() throws {
        try box.run(
            [
                "add", "buy milk", "+errand", "project:home", "pri:H", "due:2030-12-01", "-d", "two, lines\nhere", "-n",
                "2 litres"
            ], environment: environment)
        try box.run(
            ["add", "pay rent", "due:2030-12-01T09:00", "recur:monthly", "until:2031-06-30", "scheduled:2030-11-28"],
            environment: environment)
        try box.run(["add", "call mom", "wait:2030-11-30", "dep:1"], environment: environment)
        try box.run(["annotate", "3", "said sunday"], environment: environment)
        try box.run(["add", "done already"], environment: environment)
        try box.run(["toggle", "4"], environment: environment)
        let export = try box.run(["export", "--to", "ical"], environment: environment)
        #expect(export.status == 0 && export.stderr == "")
        #expect(export.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(export.stdout.contains("DUE;VALUE=DATE:20301201\r\n"))
        #expect(export.stdout.contains("RRULE:FREQ=MONTHLY;UNTIL=20310630\r\n"))

        let fresh = try Sandbox()
        let imported = try fresh.run(["import", "--from", "ical", "-"], stdin: export.stdout, environment: environment)
        #expect(
            imported == RunResult(stdout: "Imported 4 todos: 4 added, 0 updated, 0 unchanged.\n", stderr: "", status: 0)
        )
        let originals = try box.state().todos
        let todos = try fresh.state().todos
        #expect(todos.map(\.uuid) == originals.map(\.uuid))
        for (original, todo) in zip(originals, todos) {
            for field in TodoField.allCases {
                #expect(field.value(of: todo) == field.value(of: original), "\(original.name): \(field)")
            }
            #expect((todo.completed, todo.completedAt) == (original.completed, Self.seconds(original.completedAt)))
            #expect(
                (todo.createdAt, todo.updatedAt) == (Self.seconds(original.createdAt), Self.seconds(original.updatedAt))
            )
        }
        let after = try #require(fresh.fileBytes())
        #expect(
            try fresh.run(["import", "--from", "ical", "-"], stdin: export.stdout, environment: environment).stdout
                == "Imported 4 todos: 0 added, 0 updated, 4 unchanged.\n")
        #expect(fresh.fileBytes() == after)
    }

    /// VTODOs as Apple Reminders, Nextcloud Tasks and Tasks.org export them, in one file.
    static let apps = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.4//EN",
        "BEGIN:VTODO", "UID:4C5A2E1B-8D3F-4F6A-9B2C-7E1D0A3B5C6D", "CREATED:20260301T101500Z",
        "LAST-MODIFIED:20260301T101512Z",
        "SUMMARY:Pay rent", "PRIORITY:1", "DUE;TZID=America/New_York:20260401T090000", "RRULE:FREQ=MONTHLY;INTERVAL=1",
        "X-APPLE-SORT-ORDER:791381712", "BEGIN:VALARM", "X-WR-ALARMUID:9D3A",
        "TRIGGER;VALUE=DATE-TIME:20260401T070000Z",
        "ACTION:DISPLAY", "END:VALARM", "END:VTODO",
        "BEGIN:VTODO", "UID:nc-20260115-8f2e61d0c4", "CREATED:20260115T103000", "SUMMARY:Quarterly report",
        "PRIORITY:5",
        "DUE;VALUE=DATE:20260331", "DTSTART;VALUE=DATE:20260320", #"CATEGORIES:Work,Reports\, Q1"#,
        "DESCRIPTION:Figures first", "END:VTODO",
        "BEGIN:VTODO", "UID:7302857203956831489", "SUMMARY:Call the dentist", "PRIORITY:9", "STATUS:COMPLETED",
        "COMPLETED:20260121T101010Z", "DUE;VALUE=DATE:20260125", "GEO:52.520008;13.404954", "END:VTODO",
        "BEGIN:VTODO", "UID:7302857203956831490", "SUMMARY:Water plants", "DUE;VALUE=DATE:20260125",
        "RRULE:FREQ=MONTHLY;COUNT=6",
        "RELATED-TO;RELTYPE=DEPENDS-ON:not-in-the-file", "END:VTODO",
        "END:VCALENDAR"
    ].map { $0 + "\r\n" }.joined()

    @Test func aFileFromTaskAppsImports() throws {
        let file = box.directory + "/tasks.ics"
        try Self.apps.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try box.run(["import", "--from", "ical", file], environment: environment)
        #expect(result.stdout == "Imported 4 todos: 4 added, 0 updated, 0 unchanged.\n")
        #expect(
            result.stderr
                == "note: VTODO 7302857203956831490: the rule RRULE:FREQ=MONTHLY;COUNT=6 is not one todo repeats by; "
                + "left out\n"
        )
        let todos = try box.state().todos
        #expect(todos.map(\.name) == ["Pay rent", "Quarterly report", "Call the dentist", "Water plants"])
        #expect(todos[0].uuid == UUID(uuidString: "4C5A2E1B-8D3F-4F6A-9B2C-7E1D0A3B5C6D"))
        #expect(todos[1].uuid.uuidString.lowercased() == "be8b0ca8-b142-576f-8ef4-3ac4710ec52d")
        #expect(todos.map(\.priority) == [.high, .medium, .low, nil])
        #expect(todos[0].due == .instant(ISO8601Millis.parse("2026-04-01T13:00:00Z")!))
        #expect(todos[0].recur?.rule == "monthly")
        #expect(todos[1].due == .day(CalendarDay(iso: "2026-03-31")!))
        #expect(todos[1].scheduled == .day(CalendarDay(iso: "2026-03-20")!))
        #expect(todos[1].tags == ["Work", "Reports,\u{2423}Q1"])
        #expect(todos[1].description == "Figures first")
        // A floating CREATED is on the local clock: Berlin, an hour ahead of UTC in January.
        #expect(todos[1].createdAt == ISO8601Millis.parse("2026-01-15T09:30:00Z"))
        #expect((todos[2].completed, todos[2].completedAt) == (true, ISO8601Millis.parse("2026-01-21T10:10:10Z")))
        #expect(todos[3].depends.isEmpty)
        let after = try #require(box.fileBytes())
        #expect(
            try box.run(["import", "--from", "ical", file], environment: environment).stdout
                == "Imported 4 todos: 0 added, 0 updated, 4 unchanged.\n")
        #expect(box.fileBytes() == after)
    }

    @Test func aBadFileIsRefusedAndNothingIsImported() throws {
        try box.run("add", "x")
        let before = try #require(box.fileBytes())
        let cases: [(String, String)] = [
            ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a\r\nEND:VCALENDAR\r\n", "line 4: END does not close VTODO"),
            (
                "BEGIN:VTODO\r\nUID:1\r\nSUMMARY:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:b\r\nEND:VTODO\r\n",
                "two VTODOs have the UID 1"
            ),
            ("BEGIN:VTODO\r\nUID:9\r\nDUE:20261201\r\nEND:VTODO\r\n", "the VTODO 9 has no SUMMARY"),
            (
                "BEGIN:VTODO\r\nSUMMARY;X=\"open:a\r\nEND:VTODO\r\n",
                "line 2: a quoted parameter value has no closing '\"'"
            ),
            ("{\"format\": \"todo-export\"}", "line 1: a property name holds only letters, digits and '-'")
        ]
        for (stdin, reason) in cases {
            let result = try box.run(["import", "--from", "ical", "-"], stdin: stdin)
            #expect(
                result
                    == RunResult(
                        stdout: "", stderr: "todo: cannot import stdin as ical: \(reason); nothing imported\n",
                        status: 1))
        }
        let file = box.directory + "/latin1.ics"
        try Data("BEGIN:VTODO\r\nSUMMARY:caf\u{E9}\r\nEND:VTODO\r\n".data(using: .isoLatin1)!).write(
            to: URL(fileURLWithPath: file))
        let latin1 = try box.run("import", "--from", "ical", file)
        #expect(
            latin1
                == RunResult(
                    stdout: "", stderr: "todo: cannot import \(file) as ical: line 2: not UTF-8; nothing imported\n",
                    status: 1))
        #expect(box.fileBytes() == before)
    }
}
