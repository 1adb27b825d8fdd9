import Foundation
import Testing

/// Urgency in todo and in the real Taskwarrior 2.6 on the same tasks and the same .taskrc at
/// the same clock (todo's in process, Taskwarrior's by faketime): the tasks are made in
/// Taskwarrior and carried over with `task export | todo import --from taskwarrior -`, the
/// coefficients with `todo import --from taskrc`; each task's `_get ID.urgency` must agree
/// to 0.01.
@Suite(.serialized) struct TaskwarriorUrgencySideBySideTests {
    static let clock = "2026-11-25 12:00:00"
    static let zone = "Europe/Berlin"

    /// A coefficient of every kind set otherwise than Taskwarrior's default, and the attributes they name.
    static let taskrc = """
        uda.client.type=string
        uda.client.label=Client
        uda.estimate.type=numeric
        urgency.due.coefficient=10.5
        urgency.blocking.coefficient=6
        urgency.blocked.coefficient=-4
        urgency.active.coefficient=3.5
        urgency.scheduled.coefficient=4.5
        urgency.age.coefficient=3
        urgency.age.max=100
        urgency.annotations.coefficient=1.5
        urgency.tags.coefficient=2
        urgency.project.coefficient=1.2
        urgency.waiting.coefficient=-2.5
        urgency.user.tag.next.coefficient=9
        urgency.user.tag.urgent.coefficient=4
        urgency.user.tag.OVERDUE.coefficient=2
        urgency.user.project.home.coefficient=2.2
        urgency.user.project.acme.web.coefficient=1.1
        urgency.user.keyword.deploy.coefficient=2.5
        urgency.uda.client.coefficient=1.7
        urgency.uda.client.acme.coefficient=0.6
        urgency.uda.estimate.coefficient=0.4
        urgency.uda.priority.H.coefficient=7
        urgency.uda.priority.M.coefficient=3
        urgency.uda.priority.coefficient=0.3

        """

    /// Due dates past and future, with and without a time; tags with next; projects and those
    /// under them; priorities; attributes with values; ages from a day to two years; and below,
    /// annotations, a start, a wait and a dependency.
    static let tasks: [[String]] = [
        ["pay rent", "+bills", "project:home", "priority:H", "due:2026-11-20", "entry:2026-03-01"],
        ["call mom", "+family", "+next", "due:2026-11-28T15:00", "entry:2026-11-01"],
        ["weed the beds", "+garden", "project:home.garden", "wait:2026-11-28", "entry:2026-10-01"],
        ["read book", "priority:L", "entry:2024-11-01"],
        [
            "write report", "+work", "project:acme", "priority:M", "due:2026-11-26", "scheduled:2026-11-24",
            "client:acme", "estimate:3"
        ],
        [
            "deploy the site", "+work", "+urgent", "project:acme.web", "depends:5", "due:2026-12-10T09:30",
            "client:globex"
        ],
        ["buy milk", "+shop", "+urgent", "+errand", "entry:2026-11-24T08:00"],
        ["fix the deploy script", "project:homework", "scheduled:2026-12-01", "due:2026-12-30"],
        ["plan trip", "+a", "+b", "+c", "+d", "project:other", "priority:H", "due:2026-11-25T11:00"],
        ["nothing at all"]
    ]

    @Test func urgencyEqualsTaskwarriorsForEveryCoefficient() throws {
        let local = try InProcess(now: InProcess.moment(Self.clock, in: Self.zone), zone: Self.zone)
        let taskwarrior = try RealTaskwarrior(in: local.box.directory, timeZone: Self.zone, taskrc: Self.taskrc)
        let faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        func task(_ arguments: [String]) throws -> String {
            let overrides = ["rc.confirmation=no", "rc.verbose=nothing", "rc.hooks=off", "rc.json.array=on"]
            let result = try Sandbox.execute(
                faketime, [Self.clock, taskwarrior.task] + overrides + arguments, stdin: "",
                environment: taskwarrior.environment)
            #expect(result.status == 0, "task \(arguments): \(result)")
            return result.stdout
        }
        for words in Self.tasks { _ = try task(["add"] + words) }
        for note in ["at the corner shop", "or the market", "before 6"] { _ = try task(["7", "annotate", note]) }
        _ = try task(["1", "annotate", "landlord's account"])
        _ = try task(["8", "start"])
        let export = try task(["export"])

        let rc = local.run(["import", "--from", "taskrc", local.box.directory + "/taskrc"])
        #expect(rc.status == 0 && rc.stderr.isEmpty, "\(rc)")
        let imported = local.run(["import", "--from", "taskwarrior", "-"], stdin: export)
        #expect(imported.status == 0, "\(imported)")

        let tasks = try #require(try parseJSON(export) as? [[String: Any]])
        #expect(tasks.count == Self.tasks.count)
        var largest = 0.0
        for entry in tasks {
            let id = try #require(entry["id"] as? Int), uuid = try #require(entry["uuid"] as? String)
            let theirs = try #require(
                Double(try task(["_get", "\(id).urgency"]).trimmingCharacters(in: .whitespacesAndNewlines)))
            let ours = try #require(
                Double(local.run(["_get", "\(uuid).urgency"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(abs(theirs - ours) < 0.01, "\(entry["description"] ?? id): task \(theirs), todo \(ours)")
            largest = max(largest, abs(theirs - ours))
        }
        print("urgency side by side: \(tasks.count) tasks, largest difference \(largest)")
        // The same scores reach next's order and --format's {urgency}.
        let next = local.run(["next", "--format", "{name}"]).lines
        let byTaskwarrior = try task(["rc.report.next.columns=description", "rc.report.next.labels=D", "next"])
        #expect(next.first == "pay rent" && byTaskwarrior.contains("pay rent"), "\(next)")
    }
}
