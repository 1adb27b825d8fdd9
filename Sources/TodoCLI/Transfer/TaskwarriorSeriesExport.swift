import Foundation
import TodoCore

/// todo's series as Taskwarrior's recurring tasks (the reverse of `TaskwarriorSeries`): each
/// series with an open occurrence holding its rule gets a template (status recurring, its
/// anchor as `due`, the period as `recur`, a `mask` of its instances), and every occurrence
/// becomes an instance (`parent`, `imask`: how many steps of the rule its due date is from
/// the anchor, `recur`), so that `task` goes on making the series. A place in the mask no
/// occurrence holds was skipped or cleared here, and is `X` (deleted) there.
struct TaskwarriorSeriesExport {
    /// What an instance carries beside its fields.
    struct Instance {
        var parent: UUID
        var imask: Int
        var period: String
    }

    /// A template, as a todo to write, with its mask.
    struct Template {
        var todo: Todo
        var mask: String
        var period: String
    }

    private(set) var instances: [UUID: Instance] = [:]
    private(set) var templates: [Template] = []

    init(_ todos: [Todo], in context: DateContext) {
        let members = Dictionary(grouping: todos.filter { $0.series != nil }) { $0.series! }
        for holder in todos where holder.recur != nil {
            guard let series = holder.series, let rule = holder.recur, let anchor = holder.anchor else { continue }
            add(series, members[series] ?? [holder], holder: holder, rule: rule, anchor: anchor, in: context)
        }
    }

    /// The template of `series` and its instances.
    private mutating func add(
        _ series: UUID, _ members: [Todo], holder: Todo, rule: Recurrence, anchor: SeriesAnchor, in context: DateContext
    ) {
        let start = Self.due(of: anchor)
        let uuid = TaskwarriorSeries.templateUUID(of: series, isTodo: members.contains { $0.uuid == series })
        let period = rule.taskwarriorPeriod
        var mask: [Character] = []
        for todo in members {
            guard let due = todo.due else { continue }
            let imask = Self.steps(from: start, to: due, rule: rule, anchor: anchor, in: context)
            instances[todo.uuid] = Instance(parent: uuid, imask: imask, period: period)
            while mask.count <= imask { mask.append("X") }
            mask[imask] = todo.completed ? "+" : "-"
        }
        templates.append(
            Template(todo: Self.template(uuid, of: holder, members, start: start), mask: String(mask), period: period))
    }

    /// The template: the open occurrence, made when the series' first one was, due on the
    /// anchor, never started; changed last when an instance was made or done (when
    /// Taskwarrior changes its mask).
    private static func template(_ uuid: UUID, of holder: Todo, _ members: [Todo], start: DueDate) -> Todo {
        var template = holder
        template.uuid = uuid
        template.createdAt = members.map(\.createdAt).min() ?? holder.createdAt
        template.updatedAt = members.map { $0.completedAt ?? $0.createdAt }.max() ?? holder.updatedAt
        template.due = start
        template.start = nil
        template.wait = nil
        template.depends = []
        (template.completed, template.completedAt) = (false, nil)
        return template
    }

    /// The anchor as a due date: its whole day, or its wall-clock time on its zone's clock.
    static func due(of anchor: SeriesAnchor) -> DueDate {
        guard let time = anchor.time else { return .day(anchor.day) }
        let clock = DateContext(now: Date(timeIntervalSince1970: 0), timeZone: anchor.zone)
        return .instant(clock.instant(anchor.day, hour: time / 3600, minute: time / 60 % 60, second: time % 60))
    }

    /// How many steps of the rule (counted by the calendar) `due` is from `start`.
    static func steps(
        from start: DueDate, to due: DueDate, rule: Recurrence, anchor: SeriesAnchor, in context: DateContext
    ) -> Int {
        let calendar = Recurrence(count: rule.count, unit: rule.unit)
        let target = TaskwarriorDate.instant(due, in: context)
        var (date, steps) = (start, 0)
        while TaskwarriorDate.instant(date, in: context) < target, steps < 10_000 {
            date = calendar.next(after: date, anchor: anchor, doneAt: target)
            steps += 1
        }
        return steps
    }
}
