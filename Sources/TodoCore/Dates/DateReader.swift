import Foundation

/// A date a person typed that the reader cannot read.
public struct DateReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String {
        "cannot read the date \(text.debugDescription); use \(DateReader.accepted)"
    }
}

/// Reads the dates people type (`due:fri`, `--wait +3d`), in a time zone and at a clock passed in.
///
/// - `2026-12-01` is that whole day; `2026-12-01T15:00` (or `T15:00:30`) is that time in the
///   context's time zone, and with a `Z` (`2026-12-01T15:00Z`) that time in UTC. The compact
///   forms Taskwarrior writes read the same way: `20261201`, `20261201T1500`, `20261201T150030Z`.
///   The wire form `2026-12-01T15:00:00.000Z` is read too.
/// - `today`, `tomorrow`, `yesterday` are whole days; `now` is the instant.
/// - `someday` and `later`: `DueDate.someday`, a day that never comes (to park a todo).
/// - `mon`…`sun`, `monday`…`sunday`: the next such day, 1 to 7 days ahead, never today.
/// - `1st`…`31st` (`2nd`, `3rd`, `11th`: the suffix must fit the number): the next day of the
///   month with that number, at most two months ahead, never today; a month without it is skipped
///   (the 31st in November is 31 December; Taskwarrior rolls over, 30 February being 2 March).
/// - `sod`/`eod`, `sow`/`eow`, `som`/`eom`, `soy`/`eoy`: the first or last day of the current
///   day, week, month or year (weeks run Monday to Sunday, as in ISO 8601). They are whole days;
///   a filter compares with their start (`s…`) or end (`e…`), so `due.before:eow` includes Sunday.
/// - `+3d`, `-1d`, `+2w`, `+1m`, `+1y` (the sign may be left out): a whole day counted from
///   today; months and years keep the day of the month, clamped to the month's last day
///   (Jan 31 + 1m is Feb 28, or 29). `+3h` is an instant, 3 hours (of elapsed time) from now.
/// - 9 or 10 digits from 315532800 on: seconds since 1970 (UTC), an instant, as Taskwarrior
///   reads them from 1980 on; shorter numbers (a year, `20261201`) are never seconds.
///
/// Words are read case-insensitively. Everything must land in the years 1 to 9999.
public enum DateReader {
    /// The forms accepted, as one line for error messages and help.
    public static let accepted =
        "2026-12-01, 2026-12-01T15:00 (T15:00Z for UTC), 20261201T1500Z, today, tomorrow, yesterday, now, "
        + "someday (or later), a weekday (fri, friday), a day of the month (1st, 22nd), sod, eod, sow, eow, "
        + "som, eom, soy, eoy, an offset (+3d, -1d, +2w, +1m, +1y, +3h), or seconds since 1970 (1796000000)"

    /// Reads a date to store as a todo's due or wait date.
    public static func read(_ text: String, in context: DateContext) throws(DateReadError) -> DueDate {
        try readWithEdge(text, in: context).date
    }

    /// Which edge of its day a start or end keyword names; nil for every other word.
    enum Edge: Equatable, Sendable { case start, end }

    /// A date read, and the edge of its day a filter compares with.
    typealias Reading = (date: DueDate, edge: Edge?)

    /// Reads `text` keeping what a filter needs: whether it was a start or end keyword.
    static func readWithEdge(_ text: String, in context: DateContext) throws(DateReadError) -> Reading {
        let word = text.lowercased()
        let found = keyword(word, context) ?? weekday(word, context) ?? ordinal(word, context) ?? offset(word, context)
            ?? epoch(word) ?? iso(text, context)
        guard let found, found.date.isWritable else { throw DateReadError(text: text) }
        return found
    }

    private static func keyword(_ word: String, _ context: DateContext) -> Reading? {
        let today = context.today
        switch word {
        case "now": return (.instant(roundingToMilliseconds: context.now), nil)
        case "today": return (.day(today), nil)
        case "tomorrow": return (.day(today.adding(days: 1)), nil)
        case "yesterday": return (.day(today.adding(days: -1)), nil)
        case "someday", "later": return (.someday, nil)
        case "sod": return (.day(today), .start)
        case "eod": return (.day(today), .end)
        case "sow": return (.day(today.startOfWeek), .start)
        case "eow": return (.day(today.endOfWeek), .end)
        case "som": return (.day(today.startOfMonth), .start)
        case "eom": return (.day(today.endOfMonth), .end)
        case "soy": return (.day(today.startOfYear), .start)
        case "eoy": return (.day(today.endOfYear), .end)
        default: return nil
        }
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Every date named by a word (not counting `mon` for `monday`, nor `1st`), for completion.
    public static let names = ["today", "tomorrow", "yesterday", "now", "someday", "later"] + weekdays
        + ["sod", "eod", "sow", "eow", "som", "eom", "soy", "eoy"]

    /// The next day (1 to 7 days ahead) that is the named weekday.
    private static func weekday(_ word: String, _ context: DateContext) -> Reading? {
        guard let index = weekdays.firstIndex(where: { $0 == word || $0.prefix(3) == word }) else { return nil }
        let ahead = (index + 1 - context.today.weekday + 6) % 7 + 1
        return (.day(context.today.adding(days: ahead)), nil)
    }

    /// `1st`…`31st`: the next day after today with that day of the month.
    private static func ordinal(_ word: String, _ context: DateContext) -> Reading? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), digits.first != "0", let number = Int(digits), number <= 31,
            word.dropFirst(digits.count) == ordinalSuffix(number)
        else { return nil }
        let today = context.today
        var month = today.startOfMonth.adding(months: today.day < number ? 0 : 1)
        while month.endOfMonth.day < number { month = month.adding(months: 1) }
        return (.day(month.adding(days: number - 1)), nil)
    }

    /// `st`, `nd`, `rd` or `th`, as English writes it after `number` (11th, 12th, 13th, 21st).
    private static func ordinalSuffix(_ number: Int) -> String {
        if (11...13).contains(number % 100) { return "th" }
        switch number % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// `[+-]N` and a unit: `d`, `w`, `m`, `y` (whole days) or `h` (an instant).
    private static func offset(_ word: String, _ context: DateContext) -> Reading? {
        var digits = Substring(word)
        let sign = digits.first == "-" ? -1 : 1
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard let unit = digits.popLast(), (1...6).contains(digits.count),
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits).map({ $0 * sign })
        else { return nil }
        let today = context.today
        switch unit {
        case "d": return (.day(today.adding(days: count)), nil)
        case "w": return (.day(today.adding(days: count * 7)), nil)
        case "m": return (.day(today.adding(months: count)), nil)
        case "y": return (.day(today.adding(months: count * 12)), nil)
        case "h": return (.instant(roundingToMilliseconds: context.now.addingTimeInterval(Double(count) * 3600)), nil)
        default: return nil
        }
    }

    /// The seconds since 1970 `epoch` reads: from 1980-01-01T00:00:00Z, as Taskwarrior does,
    /// to the largest number of 10 digits (in 2286).
    static let epochSeconds = 315_532_800...9_999_999_999

    /// Seconds since 1970: 9 or 10 ASCII digits within `epochSeconds`.
    private static func epoch(_ word: String) -> Reading? {
        guard (9...10).contains(word.utf8.count), word.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int(word), epochSeconds.contains(seconds)
        else { return nil }
        return (.instant(Date(timeIntervalSince1970: Double(seconds))), nil)
    }

    /// The wire form, or an ISO 8601 date as `ISODateText` reads it.
    private static func iso(_ text: String, _ context: DateContext) -> Reading? {
        if let wire = DueDate(wire: text) { return (wire, nil) }
        return ISODateText(text).map { ($0.date(in: context), nil) }
    }
}
