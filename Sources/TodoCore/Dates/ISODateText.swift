import Foundation

/// An ISO 8601 date as people and Taskwarrior type it, taken apart: a day (`2026-12-01`,
/// `20261201`, the month `2026-12`, the day of the year `2026-335`, the ISO week `2026-W50`
/// or its weekday `2026-W50-3`, `2026W503`), then optionally `T` (or, in the extended form, a
/// blank) and a time (`15:00`, `15:00:30`, compact `1500`, `150030`), then optionally `Z` (UTC)
/// or an offset (`+01:00`, `-05`, `+0100`). Extended and compact forms are not mixed, as
/// ISO 8601 requires; letters may be lower case. Fractions are not read here.
struct ISODateText: Equatable {
    let day: CalendarDay
    /// Seconds after midnight; nil for a whole day.
    let time: Int?
    /// Seconds east of UTC the time is on: 0 for `Z`; nil for the local clock.
    let offset: Int?
    /// Written in the compact form (`20261201T1500Z`).
    let compact: Bool

    /// The time is UTC (`Z` or a zero offset), not the local clock.
    var utc: Bool { offset == 0 }

    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        let split = bytes.firstIndex { Self.isT($0) || $0 == 0x20 } ?? bytes.count
        guard let (day, compact) = Self.day(bytes[0..<split]) else { return nil }
        (self.day, self.compact) = (day, compact)
        guard split < bytes.count else {
            (time, offset) = (nil, nil)
            return
        }
        guard !compact || bytes[split] != 0x20 else { return nil }
        var clock = bytes[(split + 1)...]
        let zoneStart = clock.firstIndex { $0 == 0x2B || $0 == 0x2D || $0 == 0x5A || $0 == 0x7A } ?? clock.endIndex
        if zoneStart < clock.endIndex {
            guard let zone = TimeOfDayText.zone(Substring(decoding: clock[zoneStart...], as: UTF8.self)),
                compact == !clock[zoneStart...].contains(0x3A) || clock[zoneStart...].count <= 3
            else { return nil }
            offset = zone
        } else {
            offset = nil
        }
        clock = clock[..<zoneStart]
        guard let time = compact ? Self.compactTime(clock) : DueDate.timeOfDay(clock) else { return nil }
        self.time = time
    }

    /// The date it names: the whole day, the instant at its offset, or the time on `context`'s clock.
    func date(in context: DateContext) -> DueDate {
        guard let time else { return .day(day) }
        guard let offset else {
            return .instant(context.instant(day, hour: time / 3600, minute: time / 60 % 60, second: time % 60))
        }
        return .instant(Self.utcInstant(day, time - offset))
    }

    static func utcInstant(_ day: CalendarDay, _ time: Int) -> Date {
        DueDate.date(milliseconds: (Int64(day.ordinal) * 86_400 + Int64(time)) * 1000)
    }

    private static func isT(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") }

    /// The day of a date part and whether it is compact: `YYYY-MM-DD`, `YYYYMMDD`, `YYYY-MM`,
    /// `YYYY-DDD`, or an ISO week date.
    private static func day(_ bytes: ArraySlice<UInt8>) -> (CalendarDay, Bool)? {
        let start = bytes.startIndex
        if bytes.count == 8, let day = CalendarDay(compact: bytes) { return (day, true) }
        if bytes.count == 10, let day = CalendarDay(iso: bytes) { return (day, false) }
        guard bytes.count > 5, let year = CalendarDay.number(bytes[start..<start + 4]), CalendarDay.years.contains(year)
        else {
            return nil
        }
        if bytes[start + 4] == 0x2D, bytes.count <= 8, let number = CalendarDay.number(bytes[(start + 5)...]) {
            return bytes.count == 7
                ? CalendarDay(year: year, month: number, day: 1).map { ($0, false) }
                : CalendarDay(year: year, dayOfYear: number).map { ($0, false) }
        }
        return week(year, bytes[(start + 4)...])
    }

    /// After the year: `-Www`, `-Www-D`, `Www`, `WwwD`, or `Www-D` (compact unless it starts with `-`).
    private static func week(_ year: Int, _ bytes: ArraySlice<UInt8>) -> (CalendarDay, Bool)? {
        let extended = bytes.first == 0x2D
        var rest = extended ? bytes.dropFirst() : bytes
        guard rest.first == UInt8(ascii: "W") || rest.first == UInt8(ascii: "w"), rest.count >= 3,
            let week = CalendarDay.number(rest.dropFirst().prefix(2))
        else { return nil }
        rest = rest.dropFirst(3)
        if rest.first == 0x2D, rest.count == 2 {
            rest = rest.dropFirst()
        } else if extended, !rest.isEmpty {
            return nil
        }
        guard rest.count <= 1 else { return nil }
        let weekday = rest.isEmpty ? 1 : CalendarDay.number(rest) ?? 0
        return CalendarDay(year: year, week: week, weekday: weekday).map { ($0, !extended) }
    }

    /// Seconds since midnight of `HHMM` or `HHMMSS`, each in its range.
    private static func compactTime(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count == 4 || bytes.count == 6,
            let hour = CalendarDay.number(bytes[start..<start + 2]), hour < 24,
            let minute = CalendarDay.number(bytes[start + 2..<start + 4]), minute < 60
        else { return nil }
        let second = bytes.count == 4 ? 0 : CalendarDay.number(bytes[start + 4..<start + 6]) ?? 60
        return second < 60 ? (hour * 60 + minute) * 60 + second : nil
    }
}

extension CalendarDay {
    /// The day `dayOfYear` (1 is 1 January) of `year`; nil past the year's last day.
    init?(year: Int, dayOfYear: Int) {
        guard let first = CalendarDay(year: year, month: 1, day: 1), dayOfYear >= 1,
            dayOfYear <= first.endOfYear.ordinal - first.ordinal + 1
        else { return nil }
        self.init(ordinal: first.ordinal + dayOfYear - 1)
    }

    /// The ISO 8601 week date: `weekday` (1 Monday … 7 Sunday) of `week` of `year`, week 1
    /// being the one with 4 January in it; nil for a week the year lacks (a 53rd most years).
    init?(year: Int, week: Int, weekday: Int) {
        guard let january4 = CalendarDay(year: year, month: 1, day: 4),
            let next = CalendarDay(year: year + 1, month: 1, day: 4),
            (1...7).contains(weekday), week >= 1, week <= (next.startOfWeek.ordinal - january4.startOfWeek.ordinal) / 7
        else { return nil }
        self.init(ordinal: january4.startOfWeek.ordinal + (week - 1) * 7 + weekday - 1)
    }
}

extension DueDate {
    /// Taskwarrior's `20260121T101500Z`, as an instant.
    public init?(taskwarrior text: String) {
        guard text.utf8.count == 16, let parts = ISODateText(text), parts.compact, parts.utc, let time = parts.time
        else { return nil }
        self = .instant(ISODateText.utcInstant(parts.day, time))
    }
}
