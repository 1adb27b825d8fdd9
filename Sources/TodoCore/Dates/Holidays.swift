/// The movable days Taskwarrior names (`easter`, `midsommar`…), each the day of a given year.
enum Holidays {
    /// Easter Sunday of the Gregorian calendar (the anonymous algorithm libshared uses).
    static func easter(_ year: Int) -> CalendarDay {
        let (a, b, c) = (year % 19, year / 100, year % 100)
        let (d, e) = (b / 4, b % 4)
        let g = (b - (b + 8) / 25 + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let (i, k) = (c / 4, c % 4)
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CalendarDay(ordinal: CalendarDay.ordinal(year: year, month: month, day: day))
    }

    /// Swedish midsummer: the Saturday from 20 to 26 June.
    static func midsummer(_ year: Int) -> CalendarDay {
        weekday(6, from: CalendarDay(ordinal: CalendarDay.ordinal(year: year, month: 6, day: 20)))
    }

    /// Midsummer eve (Finnish juhannus): the Friday from 19 to 25 June.
    static func midsummerEve(_ year: Int) -> CalendarDay {
        weekday(5, from: CalendarDay(ordinal: CalendarDay.ordinal(year: year, month: 6, day: 19)))
    }

    /// The first day from `day` on that is the ISO `weekday`.
    private static func weekday(_ weekday: Int, from day: CalendarDay) -> CalendarDay {
        day.adding(days: (weekday - day.weekday + 7) % 7)
    }

    /// This year's day, or next year's once this year's has begun: as libshared, which moves
    /// on when the day's first moment is before the clock, so on Easter Sunday `easter` is next year's.
    static func next(_ holiday: (Int) -> CalendarDay, _ context: DateContext) -> CalendarDay {
        let thisYear = holiday(context.today.year)
        return context.start(of: thisYear) < context.now ? holiday(context.today.year + 1) : thisYear
    }
}
