/// The periods reports count by: days, weeks (from a chosen first weekday), months and years.
public enum ReportPeriod: String, CaseIterable, Sendable {
    case daily, weekly, monthly, annual

    /// Consecutive periods as consecutive integers, weeks starting on `firstWeekday` (ISO: 1 is
    /// Monday, 7 Sunday).
    public struct Scale: Sendable, Equatable {
        public let period: ReportPeriod
        public let firstWeekday: Int

        public init(_ period: ReportPeriod, firstWeekday: Int) {
            self.period = period
            self.firstWeekday = firstWeekday
        }

        /// A day whose weekday is `firstWeekday`: 1970-01-01 was a Thursday (4).
        private var weekOrigin: Int { firstWeekday - 4 }

        /// The number of the period `day` falls in.
        public func index(of day: CalendarDay) -> Int {
            switch period {
            case .daily: return day.ordinal
            case .weekly: return Self.floor(day.ordinal - weekOrigin, 7)
            case .monthly:
                let (year, month, _) = day.components
                return year * 12 + month - 1
            case .annual: return day.year
            }
        }

        /// The first day of the period numbered `index`.
        public func start(ofIndex index: Int) -> CalendarDay {
            switch period {
            case .daily: return CalendarDay(ordinal: index)
            case .weekly: return CalendarDay(ordinal: index * 7 + weekOrigin)
            case .monthly:
                let year = Self.floor(index, 12)
                return CalendarDay(year: year, month: index - year * 12 + 1, day: 1) ?? CalendarDay(ordinal: 0)
            case .annual: return CalendarDay(year: index, month: 1, day: 1) ?? CalendarDay(ordinal: 0)
            }
        }

        private static func floor(_ value: Int, _ divisor: Int) -> Int {
            value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        }
    }
}
