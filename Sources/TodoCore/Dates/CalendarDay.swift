/// A day of the (proleptic Gregorian) calendar, in no time zone: "1 December 2026", wherever one is.
///
/// Day arithmetic is plain integer arithmetic on `ordinal`, so adding days, months or years
/// never meets a clock change; only turning a day into instants needs a time zone (`DateContext`).
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is 0).
    public let ordinal: Int

    /// Years 1 to 9999, the years a four-digit ISO 8601 date can write.
    public static let years = 1...9999

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// The day with these numbers; nil when there is no such day (2026-02-30) or the year is outside `years`.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        ordinal = Self.ordinal(year: year, month: month, day: day)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        (ordinal + 3) - Self.floor(ordinal + 3, 7) * 7 + 1
    }

    /// Whether the year is within `years`, so that the day can be written and read back.
    public var isWritable: Bool { Self.years.contains(year) }

    public func adding(days: Int) -> CalendarDay {
        CalendarDay(ordinal: ordinal + days)
    }

    /// The same day of the month `months` later (or earlier), clamped to that month's last day:
    /// Jan 31 + 1 month is Feb 28 (29 in a leap year).
    public func adding(months: Int) -> CalendarDay {
        let (year, month, day) = components
        let index = year * 12 + (month - 1) + months
        let newYear = Self.floor(index, 12)
        let newMonth = index - newYear * 12 + 1
        let newDay = min(day, Self.daysIn(month: newMonth, year: newYear))
        return CalendarDay(ordinal: Self.ordinal(year: newYear, month: newMonth, day: newDay))
    }

    /// The first day of this day's ISO week (a Monday).
    public var startOfWeek: CalendarDay { adding(days: 1 - weekday) }
    /// The last day of this day's ISO week (a Sunday).
    public var endOfWeek: CalendarDay { adding(days: 7 - weekday) }
    public var startOfMonth: CalendarDay { adding(days: 1 - day) }
    public var endOfMonth: CalendarDay { startOfMonth.adding(months: 1).adding(days: -1) }
    public var startOfYear: CalendarDay { CalendarDay(ordinal: Self.ordinal(year: year, month: 1, day: 1)) }
    public var endOfYear: CalendarDay { CalendarDay(ordinal: Self.ordinal(year: year, month: 12, day: 31)) }
    /// The first day of its quarter: 1 January, 1 April, 1 July or 1 October.
    public var startOfQuarter: CalendarDay { startOfMonth.adding(months: -((month - 1) % 3)) }
    public var endOfQuarter: CalendarDay { startOfQuarter.adding(months: 3).adding(days: -1) }

    /// `2026-12-01`.
    public var description: String {
        let (year, month, day) = components
        return Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2)
    }

    /// Reads exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        self.init(iso: ArraySlice(text.utf8))
    }

    /// Reads exactly `YYYY-MM-DD` from ASCII bytes.
    init?(iso bytes: ArraySlice<UInt8>) {
        guard let day = bytes.withUnsafeBytes({ CalendarDay(iso: $0) }) else { return nil }
        self = day
    }

    /// Reads exactly `YYYY-MM-DD` from ASCII bytes in memory: a state file's dates are read
    /// so, without a `String` made of each.
    public init?(iso raw: UnsafeRawBufferPointer) {
        guard raw.count == 10, raw[4] == 0x2D, raw[7] == 0x2D, let year = Self.number(raw[0..<4]),
            let month = Self.number(raw[5..<7]), let day = Self.number(raw[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Reads exactly the compact form `YYYYMMDD` from ASCII bytes.
    init?(compact bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        guard bytes.count == 8, let year = Self.number(bytes[start..<start + 4]),
            let month = Self.number(bytes[start + 4..<start + 6]), let day = Self.number(bytes[start + 6..<start + 8])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.ordinal < rhs.ordinal
    }
}

extension CalendarDay {
    /// Year, month and day, from `ordinal` (Howard Hinnant's civil_from_days). Any year, as
    /// the other day arithmetic here: only `init?(year:month:day:)` keeps to `years`.
    @inlinable
    public var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = Self.floor(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a valid date (Howard Hinnant's days_from_civil).
    @inlinable
    public static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = Self.floor(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `value` in at least `count` digits, zero-padded.
    static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }

    /// Division rounding towards minus infinity.
    @inlinable
    static func floor<T: BinaryInteger>(_ value: T, _ divisor: T) -> T {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The ASCII digits in `bytes` as a number; nil if any is not a digit, or past 18 digits
    /// (which could overflow).
    static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return bytes.isEmpty ? nil : value
    }
}
