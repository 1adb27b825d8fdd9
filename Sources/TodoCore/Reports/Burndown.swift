import Foundation

/// One bar of a burndown chart: the todos pending, started and done during a period.
public struct BurndownBar: Equatable, Sendable {
    /// The period's first day.
    public var start: CalendarDay
    public var pending = 0
    public var started = 0
    /// Done by then: completed in or before this period, those completed before the chart's
    /// first period included.
    public var done = 0
    public var added = 0
    /// Completed or deleted in the period.
    public var removed = 0

    public var total: Int { pending + started + done }
}

/// A burndown chart's numbers, counted as Taskwarrior 2.6's `burndown` counts them: a todo is
/// pending from the period it was added in until the one it was started (started from then
/// on), completed (done from then on) or deleted (gone from then on).
public struct Burndown: Equatable, Sendable {
    public var bars: [BurndownBar]
    /// The most todos open (pending or started) on one day, and the first such day.
    public var peak = 0
    public var peakDay: CalendarDay?
    /// Todos open on the last day any was.
    public var current = 0
    /// Todos closed per day, net, since the peak: set when there are fewer than at the peak,
    /// and the peak is more than 3 days ago.
    public var netFixRate: Double?
    /// When the open todos are all done at the net fix rate.
    public var completion: Date?

    /// The chart of the `count` periods up to and including the one `now` falls in.
    public init(
        _ todos: [Todo], deleted: [DeletedTodo], scale: ReportPeriod.Scale, count: Int, now: Date, days: DayReader
    ) {
        let last = scale.index(of: days.day(of: now))
        let first = last - max(count, 1) + 1
        var pending = [Int](repeating: 0, count: last - first + 2)
        var started = pending
        var done = pending
        var added = pending
        var removed = pending
        /// Adds 1 to the periods from..<to of `counts`, as a difference array.
        func span(_ counts: inout [Int], _ from: Int, _ to: Int) {
            let low = max(from, first), high = min(to, last + 1)
            guard low < high else { return }
            counts[low - first] += 1
            counts[high - first] -= 1
        }
        func tally(_ counts: inout [Int], _ index: Int) {
            if index >= first, index <= last { counts[index - first] += 1 }
        }
        let index = { (day: CalendarDay) in scale.index(of: day) }
        for todo in todos {
            let entry = index(days.day(of: todo.createdAt))
            tally(&added, entry)
            if todo.completed, let at = todo.completedAt {
                let end = index(days.day(of: at))
                tally(&removed, end)
                span(&pending, entry, end)
                span(&done, max(entry, end), last + 1)
            } else if let start = todo.start {
                let from = max(entry, index(days.day(of: start)))
                span(&pending, entry, from)
                span(&started, from, last + 1)
            } else {
                span(&pending, entry, last + 1)
            }
        }
        for gone in deleted {
            guard let at = gone.at else { continue }
            let entry = index(days.day(of: gone.todo.createdAt)), end = index(days.day(of: at))
            tally(&added, entry)
            tally(&removed, end)
            span(&pending, entry, end)
        }
        var running = (0, 0, 0)
        bars = (first...last).map { period in
            let slot = period - first
            running.0 += pending[slot]
            running.1 += started[slot]
            running.2 += done[slot]
            return BurndownBar(
                start: scale.start(ofIndex: period), pending: running.0, started: running.1, done: running.2,
                added: added[slot], removed: removed[slot])
        }
        findRates(todos, deleted: deleted, now: now, days: days)
    }

    /// The peak, the current count and the rates, by day whatever the period, as Taskwarrior's
    /// `scanForPeak` and `calculateRates` find them.
    private mutating func findRates(_ todos: [Todo], deleted: [DeletedTodo], now: Date, days: DayReader) {
        var changes: [Int: Int] = [:]
        func open(_ created: Date, until end: Date) {
            guard created < end else { return }
            let from = days.day(of: created).ordinal
            // Open on each day whose start is before the end: the end's own day unless it ends at midnight.
            let to = max(from, days.day(of: end.addingTimeInterval(-0.001)).ordinal)
            changes[from, default: 0] += 1
            changes[to + 1, default: 0] -= 1
        }
        for todo in todos { open(todo.createdAt, until: todo.completed ? todo.completedAt ?? now : now) }
        for gone in deleted { if let at = gone.at { open(gone.todo.createdAt, until: at) } }
        var running = 0
        for day in changes.keys.sorted() {
            running += changes[day]!
            if running > peak {
                peak = running
                peakDay = CalendarDay(ordinal: day)
            }
            if running > 0 { current = running }
        }
        guard current > 0, peak > current, let peakDay else { return }
        let since = now.timeIntervalSince(DateContext(now: now, timeZone: days.timeZone).start(of: peakDay))
        guard since > 3 * 86_400 else { return }
        let perSecond = Double(peak - current) / since
        netFixRate = perSecond * 86_400
        completion = now.addingTimeInterval((Double(current) / perSecond).rounded(.down))
    }
}
