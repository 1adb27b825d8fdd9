import Foundation

/// The clock and time zone a command runs with. The caller reads them (`Date()`, `TZ`) and
/// passes them in; TodoCore never reads either itself.
public struct DateContext: Sendable {
    public let now: Date
    public let timeZone: TimeZone
    /// The day `now` falls on in `timeZone`.
    public let today: CalendarDay
    /// The first moment of tomorrow: where today ends.
    let endOfToday: Date
    let calendar: Calendar

    public init(now: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.now = now
        self.timeZone = timeZone
        self.calendar = calendar
        today = Self.day(of: now, calendar)
        endOfToday = Self.start(of: today.adding(days: 1), calendar)
    }

    /// The day `instant` falls on in this time zone.
    public func day(of instant: Date) -> CalendarDay {
        Self.day(of: instant, calendar)
    }

    /// The first instant of `day` in this time zone: midnight, or the first time after it
    /// where a clock change skips midnight.
    public func start(of day: CalendarDay) -> Date {
        Self.start(of: day, calendar)
    }

    /// The instant of this wall-clock time on `day`. A time that a clock change skips is moved
    /// forward by the length of the gap (02:30 on a spring-forward day is 03:30); a time that
    /// happens twice is its first occurrence.
    public func instant(_ day: CalendarDay, hour: Int, minute: Int, second: Int) -> Date {
        Self.instant(day, hour: hour, minute: minute, second: second, calendar)
    }

    /// Seconds since midnight on the local clock at `instant` (what its hands show).
    func secondOfDay(_ instant: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        return (parts.hour! * 60 + parts.minute!) * 60 + parts.second!
    }

    private static func day(of instant: Date, _ calendar: Calendar) -> CalendarDay {
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return CalendarDay(ordinal: CalendarDay.ordinal(year: parts.year!, month: parts.month!, day: parts.day!))
    }

    private static func start(of day: CalendarDay, _ calendar: Calendar) -> Date {
        calendar.startOfDay(for: instant(day, hour: 12, minute: 0, second: 0, calendar))
    }

    private static func instant(_ day: CalendarDay, hour: Int, minute: Int, second: Int, _ calendar: Calendar) -> Date {
        let (year, month, dayOfMonth) = day.components
        let parts = DateComponents(
            year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second)
        return calendar.date(from: parts)!
    }
}
