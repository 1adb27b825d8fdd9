import Foundation
import Testing

/// Reports against the real Taskwarrior 2.6 on the same todos, made by todo and imported into
/// `task` (run with faketime at todo's clock): a custom report from one `.taskrc`, which todo
/// imports (`import --from taskrc`), and todo's default reports pick the same todos, in the
/// same order where both define one. Rows are compared by UUID, not layout.
@Suite(.serialized) struct TaskwarriorReportSideBySideTests {
    static let zone = "Europe/Berlin"
    static let clock = "2026-11-20 12:00:00"
    static let taskrc = """
        report.standup.description=Work and home, by due date
        report.standup.columns=uuid,id,description.count,project.parent,due.relative,tags.count,imask
        report.standup.labels=UUID,ID,Description,Project,Due,Tags,Mask
        report.standup.filter=status:pending (+work or project:home) due.any:
        report.standup.sort=due+,entry+

        """
    let local: InProcess
    let taskwarrior: RealTaskwarrior
    let faketime: String

    init() throws {
        local = try InProcess(zone: Self.zone)
        taskwarrior = try RealTaskwarrior(in: local.box.directory, timeZone: Self.zone, taskrc: Self.taskrc)
        faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        let steps: [(String, [String])] = [
            ("2026-11-01 09:00:00", ["add", "plan garden", "project:home.garden", "due:2026-11-25"]),
            ("2026-11-02 09:00:00", ["add", "quarterly report", "+work", "due:2026-11-18", "pri:H"]),
            ("2026-11-03 09:00:00", ["add", "fix bug", "+work", "+urgent", "due:2026-11-21T15:00"]),
            ("2026-11-04 09:00:00", ["add", "read book"]),
            ("2026-11-05 09:00:00", ["add", "call plumber", "project:home", "due:2026-11-19"]),
            ("2026-11-06 09:00:00", ["add", "old work", "+work", "due:2026-11-10"]),
            ("2026-11-07 09:00:00", ["add", "later work", "+work", "wait:2026-12-01", "due:2026-12-10"]),
            ("2026-11-08 09:00:00", ["add", "review", "+work", "depends:3"]),
            ("2026-11-09 09:00:00", ["6", "done"]),
            ("2026-11-10 09:00:00", ["3", "start"]),
            ("2026-11-11 09:00:00", ["4", "annotate", "chapter 3"])
        ]
        for (clock, words) in steps {
            local.now = InProcess.moment(clock, in: Self.zone)
            let result = local.run(words + ["--quiet"])
            try #require(result.status == 0, "todo \(words): \(result)")
        }
        local.now = InProcess.moment(Self.clock, in: Self.zone)
        let export = local.run("export", "--to", "taskwarrior").stdout
        let imported = try Sandbox.execute(
            faketime,
            [Self.clock, taskwarrior.task, "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "import", "-"],
            stdin: export, environment: taskwarrior.environment)
        try #require(imported.status == 0, "\(imported)")
        let carried = local.run("import", "--from", "taskrc", local.box.directory + "/taskrc")
        try #require(carried.status == 0 && carried.stderr.contains("todo has no column imask"), "\(carried)")
    }

    /// The UUIDs in `text`'s lines, in order.
    static func uuids(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.count == 36 && $0.filter { $0 == "-" }.count == 4 }.map(String.init)
        }
    }

    func task(_ arguments: [String]) throws -> String {
        let overrides = [
            "rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.color=off", "rc.defaultwidth=200"
        ]
        let result = try Sandbox.execute(
            faketime, [Self.clock, taskwarrior.task] + overrides + arguments, stdin: "",
            environment: taskwarrior.environment)
        #expect(result.status == 0 || result.stdout.isEmpty, "task \(arguments): \(result)")
        return result.stdout
    }

    @Test func aCustomReportPicksAndOrdersAsTaskwarriorDoes() throws {
        let table = try task(["standup"])
        let theirs = Self.uuids(table)
        let ours = local.run("standup")
        #expect(ours.status == 0 && ours.stderr.isEmpty, "\(ours)")
        #expect(theirs.count == 4)
        #expect(Self.uuids(ours.stdout) == theirs, "\(ours.stdout)\n\(table)")
        #expect(Self.uuids(local.run("standup", "+urgent").stdout) == Self.uuids(try task(["+urgent", "standup"])))
    }

    /// The default reports whose order todo and Taskwarrior both define the same way (by
    /// entry), and the others' selection.
    @Test(arguments: [
        "newest", "oldest", "overdue", "completed", "waiting", "active", "blocked", "blocking", "unblocked", "minimal"
    ])
    func aDefaultReportPicksAsTaskwarriorDoes(report: String) throws {
        let theirs = Self.uuids(
            try task(["rc.report.\(report).columns=uuid", "rc.report.\(report).labels=UUID", report]))
        let ours = Self.uuids(local.run(report, "--format", "{uuid}").stdout)
        #expect(!ours.isEmpty)
        if ["newest", "oldest"].contains(report) {
            #expect(ours == theirs)
        } else {
            #expect(ours.sorted() == theirs.sorted())
        }
    }
}
