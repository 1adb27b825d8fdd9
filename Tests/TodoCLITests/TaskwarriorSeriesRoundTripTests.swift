import Foundation
import Testing
import TodoCore
import TodoWire

/// A Taskwarrior database made by the real `task` 2.6 (every attribute todo maps, user-defined
/// attributes, a recurring series, a deleted task) goes through `todo import` and `todo export`
/// into an empty Taskwarrior and comes back task for task, to the second.
@Suite struct TaskwarriorSeriesRoundTripTests {
    static let zoneName = "Etc/GMT-5"
    static let taskrc =
        "uda.client.type=string\nuda.client.label=Client\nuda.estimate.type=numeric\nuda.estimate.label=Estimate\n"

    let box: Sandbox
    init() throws { box = try Sandbox() }

    /// The local day `days` from today, as `task` reads it.
    static func day(_ days: Int) -> String {
        let clock = DateContext(now: Date(), timeZone: TimeZone(identifier: zoneName)!)
        return "\(clock.day(of: Date()).adding(days: days))"
    }

    /// The tasks of `task export` by UUID.
    static func byUUID(_ tasks: [[String: Any]]) -> [String: [String: Any]] {
        Dictionary(tasks.map { ($0["uuid"] as! String, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Builds the database with `task` itself and returns its export.
    func original(_ task: RealTaskwarrior) throws -> [[String: Any]] {
        try task.run(
            "add", "write report", "project:my home", "client:acme", "estimate:3.5", "scheduled:\(Self.day(1))",
            "due:\(Self.day(5))")
        try task.run(
            "add", "review it", "wait:\(Self.day(2))", "until:\(Self.day(30))", "due:\(Self.day(3))", "depends:1")
        try task.run("1", "start")
        try task.run("1", "annotate", "called the client")
        try task.run("2", "annotate", "first look")
        try task.run("add", "doomed")
        try task.run("3", "delete")
        try task.run(
            "add", "water plants", "recur:weekly", "due:\(Self.day(-8))", "until:\(Self.day(60))", "client:home",
            "+garden")
        try task.run("list")
        let first = try #require(try task.export().first { $0["imask"] as? Int == 0 })
        try task.run(first["uuid"] as! String, "done")
        return try task.export()
    }

    @Test func taskwarriorGetsEveryTaskBackAndGoesOnWithTheSeries() throws {
        let source = try RealTaskwarrior(
            in: box.directory + "/source", timeZone: Self.zoneName, taskrc: Self.taskrc, recurrence: true)
        let original = try original(source)
        // write report, review it, doomed, the template and instances 0 (done), 1 and 2.
        #expect(original.count == 7)
        #expect(
            original.filter { $0["parent"] != nil }.map { $0["imask"] as? Int }.sorted { ($0 ?? -1) < ($1 ?? -1) } == [
                0, 1, 2
            ])
        let environment = ["TZ": Self.zoneName]
        let imported = try box.run(
            ["import", "--from", "taskwarrior", "-"], stdin: try source.run("export").stdout, environment: environment)
        #expect(
            imported.stdout
                == "Imported 5 todos: 5 added, 0 updated, 0 unchanged, 2 skipped (1 deleted, 1 template merged into a "
                + "series, 0 invalid).\n"
        )
        let doomed = try #require(original.first { $0["status"] as? String == "deleted" })
        let template = try #require(original.first { $0["status"] as? String == "recurring" })
        #expect(
            imported.stderr == """
                skipped \((doomed["uuid"] as! String).prefix(8)) "doomed": deleted (todo has no deleted todos)
                skipped \((template["uuid"] as! String).prefix(8)) "water plants": recurring template, \
                merged into its series
                note: kept user-defined attribute 'client' on 4 todos, declared as string ('todo config \
                uda.client.type TYPE' changes it)
                note: kept user-defined attribute 'estimate' on 1 todo, declared as number ('todo config \
                uda.estimate.type TYPE' changes it)

                """)
        let todos = try box.state().todos
        #expect(todos.filter { $0.recur != nil }.map(\.name) == ["water plants"])
        #expect(todos.first { $0.name == "write report" }?.project == "my\u{2423}home")

        let export = try box.run(["export", "--to", "taskwarrior"], environment: environment)
        #expect(export.status == 0 && export.stderr == "")
        let target = try RealTaskwarrior(in: box.directory + "/target", timeZone: Self.zoneName, taskrc: Self.taskrc)
        try target.run(["import", "-"], stdin: export.stdout)
        let back = Self.byUUID(try target.export())
        let kept = original.filter { $0["status"] as? String != "deleted" }
        #expect(Set(back.keys) == Set(kept.map { $0["uuid"] as! String }))
        for task in kept {
            let uuid = task["uuid"] as! String
            let returned = try #require(back[uuid])
            // Ignored: `id` (numbers are Taskwarrior's own, per database) and `urgency` (computed
            // from the clock); of the template only, `entry` and `modified`. todo keeps no todo for
            // the template: its entry is taken from the first instance's (Taskwarrior made that
            // one by `task list`, maybe a second after `task add`), and its modified from the
            // last time an instance was made or done (Taskwarrior writes its mask a moment later).
            let ignored: Set =
                task["status"] as? String == "recurring" ? ["id", "urgency", "entry", "modified"] : ["id", "urgency"]
            let keys = Set(task.keys).union(returned.keys).subtracting(ignored)
            for key in keys.sorted() {
                #expect(
                    Self.same(task[key], returned[key]),
                    "\(task["description"] ?? uuid) \(key): \(task[key] ?? "none") → \(returned[key] ?? "none")")
            }
        }

        // Done in Taskwarrior, the open occurrence makes the next instance, a week on. Taskwarrior
        // 2.6 makes instances by the calendar, up to `recurrence.limit` due in the future (1 by
        // default, which the open one is), not on completion: a limit of 2 lets it make the next
        // one now, from the exported template's due, recur and mask.
        let growing = try RealTaskwarrior(
            in: box.directory + "/target", timeZone: Self.zoneName, taskrc: Self.taskrc + "recurrence.limit=2\n",
            recurrence: true)
        let open = try #require(kept.first { $0["imask"] as? Int == 2 })
        try growing.run(open["uuid"] as! String, "done")
        try growing.run("list")
        let grown = try growing.export()
        #expect(grown.first { $0["uuid"] as? String == template["uuid"] as? String }?["mask"] as? String == "+-+-")
        let instances = grown.filter { $0["parent"] as? String == template["uuid"] as? String }
        let next = try #require(instances.first { $0["imask"] as? Int == 3 })
        let openDue = try #require(TaskwarriorDateText.parse(open["due"] as? String))
        #expect(TaskwarriorDateText.parse(next["due"] as? String) == openDue.addingTimeInterval(7 * 86_400))
        #expect(
            (next["status"] as? String, next["recur"] as? String, next["client"] as? String) == (
                "pending", "weekly", "home"
            ))
    }

    /// Issue 40: the open occurrence completed in both tools, each making the next one (with
    /// UUIDs of its own), then `task export` imported again: one open occurrence, Taskwarrior's,
    /// which later imports find by its UUID; one changed here stays instead.
    @Test(arguments: [false, true])
    func reimportAfterBothToolsCompletedTheOccurrenceLeavesOneOpen(changedHere: Bool) throws {
        let task = try RealTaskwarrior(in: box.directory + "/tw", timeZone: Self.zoneName, recurrence: true)
        try task.run("add", "weekly review", "recur:weekly", "due:\(Self.day(1))")
        try task.run("list")
        let environment = ["TZ": Self.zoneName]
        let first = try box.run(
            ["import", "--from", "taskwarrior", "-"], stdin: try task.run("export").stdout, environment: environment)
        #expect(first.status == 0, "\(first)")
        #expect(try box.state().todos.map(\.name) == ["weekly review"])
        #expect(try box.run(["done", "1"], environment: environment).status == 0)
        if changedHere { #expect(try box.run(["2", "modify", "+prepared"], environment: environment).status == 0) }
        let instance = try #require(try task.export().first { $0["imask"] as? Int == 0 })
        try task.run(instance["uuid"] as! String, "done")
        // Taskwarrior makes the next instance once the done one's due date has passed.
        try task.at("\(Self.day(3)) 12:00:00").run("recurring")
        let made = try #require(
            try task.export().first { $0["imask"] as? Int == 1 && $0["status"] as? String == "pending" })
        for _ in 1...2 {
            let again = try box.run(
                ["import", "--from", "taskwarrior", "-"], stdin: try task.run("export").stdout, environment: environment
            )
            #expect(again.status == 0, "\(again)")
            let open = try box.state().todos.filter { !$0.completed }
            #expect(open.count == 1, "\(open.map(\.name))")
            #expect(open.first?.recur?.rule == "weekly")
            #expect(open.first?.tags == (changedHere ? ["prepared"] : []))
            #expect((open.first?.uuid.uuidString.lowercased() == made["uuid"] as? String) == !changedHere)
        }
    }

    /// Whether two JSON values are equal.
    static func same(_ lhs: Any?, _ rhs: Any?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        let json = { (value: Any) in try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys) }
        return json(lhs) != nil && json(lhs) == json(rhs)
    }
}

/// Taskwarrior's `20260121T101500Z`, for the tests.
enum TaskwarriorDateText {
    static func parse(_ text: String?) -> Date? {
        guard let text, text.count == 16 else { return nil }
        let c = Array(text)
        let s = { (from: Int, count: Int) in String(c[from..<from + count]) }
        return ISO8601Millis.parse("\(s(0, 4))-\(s(4, 2))-\(s(6, 2))T\(s(9, 2)):\(s(11, 2)):\(s(13, 2))Z")
    }
}
