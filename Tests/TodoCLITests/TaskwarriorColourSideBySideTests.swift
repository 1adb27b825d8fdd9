import Foundation
import Testing

/// The same colour rules, from one `.taskrc`, on the same todos in the real Taskwarrior 2.6
/// (`task rc._forcecolor=on`) and in todo (which imports the file): each row starts with the
/// same escape codes. Rows are matched by name, not layout.
@Suite struct TaskwarriorColourSideBySideTests {
    /// Taskwarrior's own default colours blanked, so only these rules count.
    static let taskrc =
        [
            "color.active", "color.alternate", "color.blocked", "color.blocking", "color.due", "color.due.today",
            "color.label",
            "color.label.sort", "color.header", "color.footnote", "color.overdue", "color.recurring", "color.scheduled",
            "color.tag.next",
            "color.tagged", "color.uda.priority.H", "color.uda.priority.M", "color.uda.priority.L"
        ].map { $0 + "=\n" }.joined() + """
            color.tag.next=bold yellow
            color.project.Home=underline
            color.overdue=color9
            color.active=rgb555 on rgb410
            color.uda.priority.H=bold white
            color.keyword.milk=on blue
            color.tagged=green
            report.x.columns=id,description
            report.x.labels=ID,D
            report.x.filter=status:pending

            """

    /// The escape codes each line starts with, by the name on it.
    static func starts(_ text: String, names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for line in text.split(separator: "\n").map(String.init) {
            guard let name = names.first(where: { line.contains($0) }) else { continue }
            var start = ""
            var rest = Substring(line)
            while rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(of: "m") {
                start += rest[...end]
                rest = rest[rest.index(after: end)...]
            }
            found[name] = start
        }
        return found
    }

    @Test func rowsStartWithTaskwarriorsEscapeCodes() throws {
        let box = try Sandbox()
        let taskwarrior = try RealTaskwarrior(in: box.directory, timeZone: "UTC", taskrc: Self.taskrc)
        let todos: [[String]] = [
            ["buy milk", "+next", "project:Home.garden"], ["late", "due:yesterday", "priority:H"], ["busy", "+x"],
            ["plain"], ["urgent one", "priority:H"]
        ]
        for words in todos {
            try taskwarrior.run(["add"] + words)
            #expect(try box.run(["add"] + words).status == 0)
        }
        try taskwarrior.run("3", "start")
        #expect(try box.run("start", "3").status == 0)
        #expect(try box.run("import", "--from", "taskrc", box.directory + "/taskrc").status == 0)
        let names = todos.map { $0[0] }
        let theirs = Self.starts(try taskwarrior.run("rc.color=on", "rc._forcecolor=on", "x").stdout, names: names)
        let ours = Self.starts(try box.run("list", "--color", "always").stdout, names: names)
        #expect(theirs.count == names.count)
        // A row no rule colours keeps todo's own style (a bold number); Taskwarrior's has none.
        #expect(theirs["plain"] == "")
        #expect(ours["plain"] == "\u{1B}[1m")
        #expect(ours.filter { $0.key != "plain" } == theirs.filter { $0.key != "plain" })
        #expect(theirs["late"] == "\u{1B}[38;5;9m")
    }
}
