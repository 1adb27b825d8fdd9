import Foundation

extension Recurrence {
    /// The due date of the occurrence after one due `due` and done at `doneAt`, in a series
    /// counting from `anchor`. By the calendar it is the first step from the anchor after
    /// `due`'s day; after completion, a step after the day it was done. A whole day gives a
    /// whole day; an instant keeps the anchor's wall-clock time on its zone's clock (a time
    /// the clocks skip that day moves forward by the gap, as `DateContext.instant` does).
    public func next(after due: DueDate, anchor: SeriesAnchor, doneAt: Date) -> DueDate {
        let clock = anchor.clock
        let dueDay = due.day(in: clock)
        let day =
            afterCompletion
            ? nextDay(after: clock.day(of: doneAt), anchor: clock.day(of: doneAt))
            : nextDay(after: dueDay, anchor: anchor.day)
        switch due {
        case .day: return .day(day)
        case .instant(let instant):
            return .instant(roundingToMilliseconds: clock.at(day, time: anchor.time ?? clock.time(of: instant)))
        }
    }

    /// The first day after `day` that is a whole number of steps from `anchor` (the first
    /// weekday after it, for `weekdays`). Months and years count from the anchor's day of
    /// the month, clamped to each month's length: from Jan 31, Feb 28 (29), then Mar 31.
    func nextDay(after day: CalendarDay, anchor: CalendarDay) -> CalendarDay {
        switch unit {
        case .weekday:
            var next = day.adding(days: 1)
            while next.weekday > 5 { next = next.adding(days: 1) }
            return next
        case .day, .week:
            let step = unit == .week ? count * 7 : count
            return anchor.adding(days: (CalendarDay.floor(day.ordinal - anchor.ordinal, step) + 1) * step)
        case .month, .year:
            let step = unit == .year ? count * 12 : count
            let months = (day.year - anchor.year) * 12 + day.month - anchor.month
            var steps = CalendarDay.floor(months, step)
            while anchor.adding(months: steps * step) <= day { steps += 1 }
            return anchor.adding(months: steps * step)
        }
    }
}

extension DueDate {
    /// The same date `days` days later on `clock`: a whole day moves by that many days, an
    /// instant to the same wall-clock time that many days later (a wait date follows its due);
    /// `someday` stays someday.
    func shifted(days: Int, on clock: DateContext) -> DueDate {
        if self == .someday { return self }
        return switch self {
        case .day(let day): .day(day.adding(days: days))
        case .instant(let instant):
            .instant(
                roundingToMilliseconds: clock.at(
                    clock.day(of: instant).adding(days: days), time: clock.time(of: instant)))
        }
    }

    /// Whether this date comes after `limit` (a series' `until`): instants by the instant,
    /// anything else by the day on `clock`.
    public func isAfter(_ limit: DueDate, on clock: DateContext) -> Bool {
        if case .instant(let mine) = self, case .instant(let theirs) = limit { return mine > theirs }
        return day(in: clock) > limit.day(in: clock)
    }
}

extension DateContext {
    /// Seconds after midnight of `instant` on this clock.
    func time(of instant: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        return (parts.hour! * 60 + parts.minute!) * 60 + parts.second!
    }

    /// The instant of wall-clock `time` (seconds after midnight) on `day`.
    func at(_ day: CalendarDay, time: Int) -> Date {
        instant(day, hour: time / 3600, minute: time / 60 % 60, second: time % 60)
    }
}
