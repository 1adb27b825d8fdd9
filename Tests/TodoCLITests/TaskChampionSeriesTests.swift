import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// Taskwarrior's recurrence made by todo on a TaskChampion account (`TaskChampionSeries`).
@Suite struct TaskChampionSeriesTests {
    let context = DateContext(now: FixedClock.epoch, timeZone: TimeZone(identifier: "UTC")!)
    let template = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
    let first = UUID(uuidString: "aaaaaaaa-2222-4333-8444-555555555555")!
    var stamp: String { TaskChampionMapping.seconds(FixedClock.epoch) }

    /// Weekly from Monday 2026-11-30 09:00 UTC, the first instance made (by Taskwarrior).
    var tasks: [UUID: TaskMap] {
        [
            template: [
                "description": "water plants", "status": "recurring", "recur": "weekly", "due": "1796029200",
                "mask": "-", "project": "home", "tag_garden": "", "rtype": "periodic", "entry": "1", "modified": "1"
            ],
            first: [
                "description": "water plants", "status": "pending", "recur": "weekly", "due": "1796029200",
                "parent": template.uuidString.lowercased(), "imask": "0", "project": "home", "tag_garden": "",
                "entry": "2", "modified": "2"
            ]
        ]
    }

    func applied(_ tasks: [UUID: TaskMap]) -> [UUID: TaskMap] {
        var tasks = tasks
        for operation in TaskChampionSeries.operations(tasks, in: context) { tasks.apply(operation) }
        return tasks
    }

    @Test func aSeriesWithAPendingInstanceGetsNoOther() {
        #expect(TaskChampionSeries.operations(tasks, in: context) == [])
    }

    @Test func completingTheInstanceMakesTheNextOneAsTaskwarriorWould() throws {
        var start = tasks
        start[first]?["status"] = "completed"
        let after = applied(start)
        let made = try #require(after.first { $0.value["imask"] == "1" })
        #expect(
            made.value == [
                "description": "water plants", "status": "pending", "recur": "weekly", "due": "1796634000",
                "project": "home", "tag_garden": "",
                "rtype": "periodic", "parent": template.uuidString.lowercased(), "imask": "1", "entry": stamp,
                "modified": stamp
            ])
        #expect(after[template]?["mask"] == "+-")
        // The same on every replica: a second todo replica makes the same task.
        #expect(applied(start) == after)
        #expect(TaskChampionSeries.operations(after, in: context) == [])
    }

    @Test func twoInstancesInOnePlaceLeaveTheOneOfTheLowestUUID() {
        var start = tasks
        let other = UUID(uuidString: "00000000-2222-4333-8444-555555555555")!
        start[other] = start[first]
        let after = applied(start)
        #expect(after[first]?["status"] == "deleted" && after[other]?["status"] == "pending")
        #expect(after.count == 3)
    }

    @Test func aSeriesPastItsUntilEndsAndAPeriodTodoCannotStepMakesNothing() {
        var ended = tasks
        ended[first]?["status"] = "completed"
        ended[template]?["until"] = "1796100000"
        #expect(TaskChampionSeries.operations(ended, in: context) == [])
        var hourly = tasks
        hourly[first]?["status"] = "completed"
        hourly[template]?["recur"] = "2h"
        #expect(TaskChampionSeries.operations(hourly, in: context) == [])
    }
}
