import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The reports' counts over 100,000 todos built in memory: every todo counted once, in the
/// period it belongs to.
@Suite struct ReportCountTests {
    static let now = FixedClock.noon

    /// Todo `index` was made on day `index % 300` before now's day at 10:00, every third done
    /// the day after it was made, in project `p(index % 7)`, tagged `t(index % 5)`.
    static let todos: [Todo] = (0..<100_000).map { index in
        let created = now.addingTimeInterval(-Double(index % 300 + 1) * 86_400 - 2 * 3_600)
        var todo = Todo(id: index + 1, uuid: UUID(), name: "todo \(index)", createdAt: created)
        if index % 3 == 0 {
            todo.completed = true
            todo.completedAt = created.addingTimeInterval(86_400)
        }
        todo.project = "p\(index % 7).sub"
        todo.tags = ["t\(index % 5)"]
        return todo
    }

    @Test func projectsAndTagsCountEveryTodoOnce() {
        let projects = ProjectTree.counts(Self.todos)
        #expect(projects.count == 14)
        #expect(projects.filter { $0.depth == 0 }.reduce(0) { $0 + $1.total } == 100_000)
        #expect(projects.filter { $0.depth == 0 }.reduce(0) { $0 + $1.completed } == 33_334)
        #expect(projects[0] == projects[1].with(project: "p0"))
        let tags = TagCount.counts(Self.todos)
        #expect(tags.map(\.tag) == ["t0", "t1", "t2", "t3", "t4"])
        #expect(tags.reduce(0) { $0 + $1.active + $1.completed } == 100_000)
    }

    @Test func historyAndBurndownAddUp() {
        let days = DayReader(TimeZone(identifier: "UTC")!)
        let scale = ReportPeriod.Scale(.daily, firstWeekday: 1)
        let history = PeriodCount.history(Self.todos, deleted: [], scale: scale, days: days)
        #expect(history.count == 301)
        #expect(history.reduce(0) { $0 + $1.added } == 100_000)
        #expect(history.reduce(0) { $0 + $1.completed } == 33_334)
        let chart = Burndown(Self.todos, deleted: [], scale: scale, count: 20, now: Self.now, days: days)
        #expect(chart.bars.count == 20)
        // Today every todo is made, and all those due to be done are done.
        #expect(chart.bars.last.map { ($0.pending, $0.started, $0.done) }! == (66_666, 0, 33_334))
        // Open today, by day as Taskwarrior counts the rate: the active ones, and the 334 made
        // yesterday at 10:00 and done today at 10:00.
        #expect(chart.current == 67_000)
        let stats = TodoStats(Self.todos, deleted: [], dates: DateContext(now: Self.now, timeZone: .utc))
        #expect(
            (stats.total, stats.active, stats.completed, stats.tags, stats.projects) == (100_000, 66_666, 33_334, 5, 14)
        )
        #expect(stats.averageTimeToComplete == 86_400)
    }

    @Test func weeksStartOnTheDayAsked() {
        let wednesday = CalendarDay(year: 2026, month: 11, day: 25)!
        for (first, start) in [(1, 23), (7, 22), (3, 25), (4, 19)] {
            let scale = ReportPeriod.Scale(.weekly, firstWeekday: first)
            #expect(scale.start(ofIndex: scale.index(of: wednesday)) == CalendarDay(year: 2026, month: 11, day: start))
        }
        let grid = MonthGrid(year: 2027, month: 2, firstWeekday: 1)!
        #expect(grid.weeks.count == 4 && grid.weeks[0][0] == CalendarDay(year: 2027, month: 2, day: 1))
        #expect(MonthGrid(year: 2026, month: 11, firstWeekday: 7)!.weeks.count == 5)
    }
}

extension ProjectCount {
    func with(project: String) -> ProjectCount {
        var copy = self
        copy.project = project
        return copy
    }
}
