/// A month as a calendar shows it: weeks of seven days starting on `firstWeekday` (ISO: 1 is
/// Monday, 7 Sunday), the days outside the month left empty.
public struct MonthGrid: Equatable, Sendable {
    public let year: Int
    public let month: Int
    /// Each week's seven days, nil where the day belongs to the month before or after.
    public let weeks: [[CalendarDay?]]

    public init?(year: Int, month: Int, firstWeekday: Int) {
        guard let first = CalendarDay(year: year, month: month, day: 1), (1...7).contains(firstWeekday) else {
            return nil
        }
        self.year = year
        self.month = month
        let last = first.endOfMonth
        let lead = (first.weekday - firstWeekday + 7) % 7
        var weeks: [[CalendarDay?]] = []
        var day = first.adding(days: -lead)
        while day <= last {
            weeks.append(
                (0..<7).map { offset in
                    let shown = day.adding(days: offset)
                    return shown >= first && shown <= last ? shown : nil
                })
            day = day.adding(days: 7)
        }
        self.weeks = weeks
    }

    /// The ISO weekdays of the columns, from `firstWeekday`.
    public static func weekdays(from firstWeekday: Int) -> [Int] {
        (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 }
    }
}
