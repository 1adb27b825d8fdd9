import Foundation
import Testing
import TodoCLI
import TodoTestSupport

/// The reports (projects, tags, summary, calendar, burndown, history, stats) at fixed clocks,
/// widths and time zones: exact output, and --json against numbers worked out by hand.
@Suite struct ReportTests {
    /// A todo with the dates a report counts, for an import.
    struct Made {
        var name: String
        var created: String
        var completed: String? = nil
        var more = ""
    }

    /// The four todos most tests count, all in UTC around `FixedClock.noon` (Wed 2026-11-25 12:00):
    /// #1 home, overdue, made 1 November 03:00 (31 October in Los Angeles); #2 home.garden, done
    /// on the 23rd; #3 acme, started on the 24th, due tomorrow; #4 no project, due 1 December.
    static let four = [
        Made(
            name: "pay rent", created: "2026-11-01T03:00:00Z",
            more: #", "tags": ["bills"], "project": "home", "due": "2026-11-24""#),
        Made(
            name: "weed", created: "2026-11-20T10:00:00Z", completed: "2026-11-23T09:00:00Z",
            more: #", "tags": ["garden"], "project": "home.garden""#),
        Made(
            name: "write report", created: "2026-11-21T23:30:00Z",
            more:
                #", "tags": ["work", "bills"], "project": "acme", "due": "2026-11-26", "start": "2026-11-24T08:00:00Z""#
        ),
        Made(name: "read book", created: "2026-11-22T10:00:00Z", more: #", "due": "2026-12-01""#)
    ]

    /// `made` imported into `todo`'s file, and one more todo added and deleted at its clock.
    static func make(_ made: [Made], in todo: InProcess, deleting: Bool = true) throws {
        let lines = made.enumerated().map { index, made in
            let uuid = String(format: "00000000-0000-4000-9000-%012d", index + 1)
            let completed = made.completed.map { "true, \"completedAt\": \"\($0)\"" } ?? "false, \"completedAt\": null"
            return
                #"""
                {"id": \#(index + 1), "uuid": "\#(uuid)", "name": "\#(made.name)", "completed": \#(completed), \#
                "createdAt": "\#(made.created)", "updatedAt": "\#(made.completed ?? made.created)"
                """#
                    + made.more + "}"
        }
        let file = todo.box.directory + "/import.json"
        try #"{"format": "todo-export", "version": 1, "todos": ["#.appending(lines.joined(separator: ",\n")).appending(
            "]}\n"
        ).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(todo.run("import", file, "--quiet").status == 0)
        if deleting {
            todo.run("add", "old plan", "project:home", "--quiet")
            #expect(todo.run("delete", String(made.count + 1), "--quiet").status == 0)
        }
    }

    static func fourTodos(now: Date = FixedClock.noon, zone: String = "UTC") throws -> InProcess {
        let todo = try InProcess(now: now, zone: zone)
        try make(four, in: todo)
        return todo
    }

    @Test func projectsShowTheTreeWithCountsAndPercentDone() throws {
        let todo = try Self.fourTodos()
        #expect(
            todo.run("projects")
                == RunResult(
                    stdout: """
                        Project  Active Done % done
                        acme          1    0     0%
                        home          1    1    50%
                          garden      0    1   100%
                        (none)        1    0     0%

                        """, stderr: "", status: 0))
        #expect(
            todo.run("projects", "--json").stdout == """
                [
                  {"project": "acme", "active": 1, "completed": 0, "percentDone": 0},
                  {"project": "home", "active": 1, "completed": 1, "percentDone": 50},
                  {"project": "home.garden", "active": 0, "completed": 1, "percentDone": 100},
                  {"project": null, "active": 1, "completed": 0, "percentDone": 0}
                ]

                """)
        // A filter narrows the todos counted; the context too, unless --no-context.
        #expect(todo.run("projects", "+bills", "--json").stdout.components(separatedBy: "\n").count == 5)
        todo.run("context", "define", "paid", "+bills", "--quiet")
        todo.run("context", "paid", "--quiet")
        #expect(
            todo.run("projects").stdout
                == "Project Active Done % done\nacme         1    0     0%\nhome         1    0     0%\n")
        #expect(todo.run("projects", "--no-context").lines.count == 5)
    }

    @Test func tagsShareTheirListWithCompletion() throws {
        let todo = try Self.fourTodos()
        #expect(
            todo.run("tags").stdout
                == "Tag    Active Done\nbills       2    0\ngarden      0    1\nwork        1    0\n")
        #expect(todo.run("__complete", "tags").stdout == "bills\ngarden\nwork\n")
        #expect(todo.run("__complete", "projects").stdout == "acme\nhome\nhome.garden\n")
        #expect(
            todo.run("tags", "--json").stdout == """
                [
                  {"tag": "bills", "active": 2, "completed": 0},
                  {"tag": "garden", "active": 0, "completed": 1},
                  {"tag": "work", "active": 1, "completed": 0}
                ]

                """)
    }

    @Test func summaryFitsTheWidthWithAndWithoutColour() throws {
        let todo = try Self.fourTodos()
        // Ages at noon on the 25th: #1 24d 9h, #3 3d 12h 30min, #4 3d 2h.
        #expect(
            todo.report(["summary"], width: 80, utf8: true).stdout == """
                \u{1B}[1mProject Remaining Avg age Done 0%                        100%\u{1B}[0m
                acme            1      3d   0%
                home            1     24d  50% \u{1B}[32m███████████████\u{1B}[0m
                (none)          1      3d   0%
                2 projects

                """)
        // At 50 columns the bar has 19; at 40 there is no room for one.
        #expect(
            todo.report(["summary", "--color", "never"], width: 50, utf8: true).stdout == """
                Project Remaining Avg age Done 0%             100%
                acme            1      3d   0%
                home            1     24d  50% █████████▌
                (none)          1      3d   0%
                2 projects

                """)
        #expect(
            todo.report(["summary", "--color", "never"], width: 50).stdout.contains(
                "home            1     24d  50% ==========\n"))
        #expect(
            todo.report(["summary", "--color", "never"], width: 40, utf8: true).stdout == """
                Project Remaining Avg age Done
                acme            1      3d   0%
                home            1     24d  50%
                (none)          1      3d   0%
                2 projects

                """)
        #expect(
            todo.run("summary", "--json").stdout == """
                [
                  {"project": "acme", "remaining": 1, "averageAgeSeconds": 304200, "completed": 0, "percentDone": 0},
                  {"project": "home", "remaining": 1, "averageAgeSeconds": 2106000, "completed": 1, "percentDone": 50},
                  {"project": null, "remaining": 1, "averageAgeSeconds": 266400, "completed": 0, "percentDone": 0}
                ]

                """)
    }

    @Test func calendarMarksDueDaysAndTodayAtEachWidth() throws {
        let todo = try Self.fourTodos()
        let november = """
                November 2026
            Mo Tu We Th Fr Sa Su
                               1
             2  3  4  5  6  7  8
             9 10 11 12 13 14 15
            16 17 18 19 20 21 22
            23 24!25<26*27 28 29
            30
            < today, * due, ! overdue, # today with todos due

            """
        #expect(todo.report(["calendar"], width: 40, color: false).stdout == november)
        #expect(
            todo.run("calendar").stdout == """
                    November 2026          December 2026          January 2027
                Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su
                                   1       1* 2  3  4  5  6                1  2  3
                 2  3  4  5  6  7  8    7  8  9 10 11 12 13    4  5  6  7  8  9 10
                 9 10 11 12 13 14 15   14 15 16 17 18 19 20   11 12 13 14 15 16 17
                16 17 18 19 20 21 22   21 22 23 24 25 26 27   18 19 20 21 22 23 24
                23 24!25<26*27 28 29   28 29 30 31            25 26 27 28 29 30 31
                30

                """)
        let wide = todo.report(["calendar"], width: 132, color: true).stdout
        #expect(
            wide.split(separator: "\n")[0]
                == "    \u{1B}[1mNovember 2026\u{1B}[0m          \u{1B}[1mDecember 2026\u{1B}[0m          "
                + "\u{1B}[1mJanuary 2027\u{1B}[0m           \u{1B}[1mFebruary 2027\u{1B}[0m           "
                + "\u{1B}[1mMarch 2027\u{1B}[0m"
        )
        #expect(
            wide.split(separator: "\n")[6].hasPrefix(
                "23 \u{1B}[31m24\u{1B}[0m!\u{1B}[7m25\u{1B}[0m \u{1B}[1m26\u{1B}[0m*27 28 29"))
        // Weeks from Sunday, as the config says; due lists only the months with due todos.
        todo.run("config", "week-start", "sun", "--quiet")
        #expect(
            todo.run("calendar", "due", "-bills").stdout == """
                    December 2026
                Su Mo Tu We Th Fr Sa
                       1* 2  3  4  5
                 6  7  8  9 10 11 12
                13 14 15 16 17 18 19
                20 21 22 23 24 25 26
                27 28 29 30 31

                """)
        #expect(
            todo.run("calendar", "due", "--json").stdout == """
                {
                  "today": "2026-11-25",
                  "firstWeekday": "sunday",
                  "months": [{"month": "2026-11", "days": [{"day": "2026-11-24", "due": 1, "overdue": 1}, \
                {"day": "2026-11-26", "due": 1, "overdue": 0}]}, {"month": "2026-12", "days": [{"day": "2026-12-01", \
                "due": 1, "overdue": 0}]}]
                }

                """)
        #expect(
            todo.run("config", "week-start", "someday")
                == RunResult(
                    stdout: "",
                    stderr:
                        """
                        todo: week-start is a day of the week: monday, tuesday, wednesday, thursday, friday, saturday, \
                        sunday (or its first three letters), not "someday"\n
                        """,
                    status: 2))
    }

    @Test func calendarOfAYearCrossesIntoTheNext() throws {
        // 2026-12-31 00:00 UTC.
        let todo = try InProcess(now: Date(timeIntervalSince1970: 1_798_675_200), zone: "Asia/Tokyo")
        todo.run("add", "party", "due:2027-01-01", "--quiet")
        let lines = todo.run("calendar").lines
        // In Tokyo it is 09:00 on 31 December: today, and the party tomorrow, next year.
        #expect(lines[0] == "    December 2026          January 2027           February 2027")
        #expect(lines[2] == "    1  2  3  4  5  6                1* 2  3    1  2  3  4  5  6  7")
        #expect(lines[6] == "28 29 30 31<           25 26 27 28 29 30 31")
        // Four rows of three months, 2 heading lines and 5 or 6 weeks each, a blank between.
        #expect(todo.run("calendar", "2027").lines.count == 33)
    }

    @Test func historyCountsEachMonthInTheLocalZone() throws {
        let utc = try Self.fourTodos()
        #expect(
            utc.run("history")
                == RunResult(
                    stdout: """
                        Month         Added Completed Deleted Net
                        2026 November     5         1       1   3
                        Total             5         1       1   3
                        Average           5         1       1   3

                        """, stderr: "", status: 0))
        // In Los Angeles #1 was made on 31 October.
        let pacific = try Self.fourTodos(zone: "America/Los_Angeles")
        #expect(
            pacific.run("history", "--json").stdout == """
                {
                  "period": "monthly",
                  "periods": [{"start": "2026-10-01", "added": 1, "completed": 0, "deleted": 0, "net": 1}, \
                {"start": "2026-11-01", "added": 4, "completed": 1, "deleted": 1, "net": 2}]
                }

                """)
        // Scaled so the longest bar, 4 + 1 + 1 in November, fills the 65 columns left.
        #expect(
            pacific.run("history", "--graph").stdout == """
                2026 October  \(String(repeating: "+", count: 11))
                2026 November \(String(repeating: "+", count: 44))\(String(repeating: "X", count: 11))\
                \(String(repeating: "-", count: 11))

                Legend: + added, X completed, - deleted

                """)
        #expect(utc.run("history", "daily").lines.first == "Day            Added Completed Deleted Net")
        #expect(
            utc.run("history", "weekly", "--json").stdout.contains(
                #"{"start": "2026-11-23", "added": 1, "completed": 1, "deleted": 1, "net": -1}"#))
    }

    @Test func historyAcrossTheYearBoundaryDependsOnTheZone() throws {
        let newYear = Date(timeIntervalSince1970: 1_798_891_200)  // 2027-01-02 12:00 UTC
        let made = [Made(name: "toast", created: "2026-12-30T10:00:00Z", completed: "2026-12-31T23:00:00Z")]
        let utc = try InProcess(now: newYear)
        try Self.make(made, in: utc, deleting: false)
        let tokyo = try InProcess(now: newYear, zone: "Asia/Tokyo")
        try Self.make(made, in: tokyo, deleting: false)
        #expect(
            utc.run("history", "annual").stdout
                == "Year    Added Completed Deleted Net\n2026        1         1       0   0\n"
                + "Total       1         1       0   0\nAverage     1         1       0   0\n"
        )
        #expect(
            tokyo.run("history", "annual").stdout
                == "Year    Added Completed Deleted Net\n2026        1         0       0   1\n"
                + "2027        0         1       0  -1\nTotal       1         1       0   0\n"
                + "Average     1         1       0   0\n"
        )
    }

    @Test func burndownCountsAsTaskwarriorAndDrawsInBlocksOrASCII() throws {
        let todo = try Self.fourTodos()
        let json = todo.run("burndown", "--json").stdout
        // 20 daily bars at 80 columns, the last today; the ones before #1 was made are empty.
        // Day by day: #1 pending from 1 Nov; #2 pending 20-22, done from 23; #3 pending 21-23,
        // started from 24; #4 pending from 22; the deleted one was added and deleted today.
        #expect(
            json.contains(#"{"start": "2026-11-06", "pending": 1, "started": 0, "done": 0, "added": 0, "removed": 0}"#))
        #expect(
            json.contains(#"{"start": "2026-11-22", "pending": 4, "started": 0, "done": 0, "added": 1, "removed": 0}"#))
        #expect(
            json.contains(#"{"start": "2026-11-23", "pending": 3, "started": 0, "done": 1, "added": 0, "removed": 1}"#))
        #expect(
            json.contains(#"{"start": "2026-11-25", "pending": 2, "started": 1, "done": 1, "added": 1, "removed": 1}"#))
        // Open by day: 4 on the 22nd (the peak), 3 after; 3.5 days since: no rate before 3 days.
        #expect(
            json.hasSuffix(
                #"""
                  "peak": 4,\#n  "peakDay": "2026-11-22",\#n  "current": 3,\#n  "netFixRate": 0.29,\#n\#
                  "estimatedCompletion": "2026-12-06T00:00:00.000Z"\#n}\#n
                """#
            ))
        // The y axis tops at 6 as Taskwarrior's does for 4 (rounded up to the next 2, past 4),
        // 15 rows high in a pipe: November holds 2 pending (5 rows), 1 started, 1 done.
        #expect(
            todo.run("burndown", "monthly").stdout == """
                                                Monthly burndown
                6 |
                  |
                  |
                  |
                  |
                  |                                                          ..  .. Done
                  |                                                          ..  ++ Started
                3 |                                                          ..  XX Pending
                  |                                                          ++
                  |                                                          ++
                  |                                                          XX
                  |                                                          XX
                  |                                                          XX
                  |                                                          XX
                  |                                                          XX
                0 +------------------------------------------------------------
                    04 05 06 07 08 09 10 11 12 01 02 03 04 05 06 07 08 09 10 11
                    2025                       2026

                Net fix rate:         0.3/d
                Estimated completion: 2026-12-06 (in 10d)

                """)
    }

    @Test func statsCountWhatTheStateKnows() throws {
        let todo = try Self.fourTodos()
        let json = todo.run("stats", "--json").stdout
        for member in [
            #""active": 3"#, #""started": 1"#, #""completed": 1"#, #""deleted": 1"#, #""total": 4"#, #""tags": 3"#,
            #""projects": 3"#,
            #""oldest": "2026-11-01T03:00:00.000Z""#, #""newest": "2026-11-22T10:00:00.000Z""#,
            // #2: 20th 10:00 to 23rd 09:00 is 2d 23h; 5 added and 1 completed in 24.375 days.
            #""averageTimeToComplete": 255600"#, #""addedPerDay": 0.21"#, #""completedPerDay": 0.04"#,
            #""undoSteps": 3"#, #""syncRevision": null"#
        ] {
            #expect(json.contains(member), "\(member) in \(json)")
        }
        #expect(todo.run("stats").lines[0] == "Category                 Data")
        // Steps after a deletion are not read past their summary; the deletion still counts,
        // and clear-completed's deletions with it.
        todo.run("edit", "1", "+late", "--quiet")
        todo.run("clear-completed", "--quiet")
        #expect(todo.run("stats", "--json").stdout.contains(#""deleted": 2,"#))
        #expect(
            todo.run("history", "--json").stdout.contains(
                #"{"start": "2026-11-01", "added": 5, "completed": 0, "deleted": 2, "net": 3}"#))
    }

    @Test func emptyStateAndOneTodo() throws {
        let todo = try InProcess()
        for command in ["projects", "tags", "summary", "history"] {
            #expect(todo.run(command) == RunResult(stdout: "", stderr: "", status: 0), "\(command)")
        }
        #expect(todo.run("history", "--json").stdout == "{\n  \"period\": \"monthly\",\n  \"periods\": []\n}\n")
        #expect(todo.run("burndown", "--json").stdout.contains(#""peak": 0,"#))
        #expect(todo.run("stats", "--json").stdout.contains(#""total": 0,"#))
        todo.run("add", "only", "--quiet")
        #expect(todo.run("projects").stdout == "Project Active Done % done\n(none)       1    0     0%\n")
        #expect(todo.run("history").lines[1] == "2026 November     1         0       0   1")
        #expect(
            todo.run("burndown", "--json").stdout.contains(
                #"{"start": "2026-11-25", "pending": 1, "started": 0, "done": 0, "added": 1, "removed": 0}"#))
    }
}

extension InProcess {
    /// `arguments` run with stdout on a terminal `width` columns wide, with colour unless
    /// `color` is false, and a UTF-8 locale when `utf8`.
    func report(_ arguments: [String], width: Int, color: Bool = true, utf8: Bool = false) -> RunResult {
        var environment = self.environment
        if utf8 { environment["LANG"] = "C.UTF-8" }
        if !color { environment["NO_COLOR"] = "1" }
        let context = Context(
            arguments: arguments, environment: environment, stdoutIsTerminal: true, terminalWidth: width,
            now: { self.now }, timeZone: zone, terminalHeight: 24)
        let output = TodoCLI.run(context)
        return RunResult(stdout: output.stdout, stderr: output.stderr, status: output.status)
    }
}
