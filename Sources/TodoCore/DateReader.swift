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
///   context's time zone; the wire form `2026-12-01T15:00:00.000Z` is read too.
/// - `today`, `tomorrow`, `yesterday` are whole days; `now` is the instant.
/// - `mon`…`sun`, `monday`…`sunday`: the next such day, 1 to 7 days ahead, never today.
/// - `sod`/`eod`, `sow`/`eow`, `som`/`eom`, `soy`/`eoy`: the first or last day of the current
///   day, week, month or year (weeks run Monday to Sunday, as in ISO 8601). They are whole days;
///   a filter compares with their start (`s…`) or end (`e…`), so `due.before:eow` includes Sunday.
/// - `+3d`, `-1d`, `+2w`, `+1m`, `+1y` (the sign may be left out): a whole day counted from
///   today; months and years keep the day of the month, clamped to the month's last day
///   (Jan 31 + 1m is Feb 28, or 29). `+3h` is an instant, 3 hours (of elapsed time) from now.
///
/// Words are read case-insensitively. Everything must land in the years 1 to 9999.
public enum DateReader {
    /// The forms accepted, as one line for error messages and help.
    public static let accepted =
        "2026-12-01, 2026-12-01T15:00, today, tomorrow, yesterday, now, a weekday (fri, friday), "
        + "sod, eod, sow, eow, som, eom, soy, eoy, or an offset (+3d, -1d, +2w, +1m, +1y, +3h)"

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
        let found = keyword(word, context) ?? weekday(word, context) ?? offset(word, context) ?? iso(text, context)
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

    /// Every date named by a word (not counting `mon` for `monday`), for completion.
    public static let names = ["today", "tomorrow", "yesterday", "now"] + weekdays
        + ["sod", "eod", "sow", "eow", "som", "eom", "soy", "eoy"]

    /// The next day (1 to 7 days ahead) that is the named weekday.
    private static func weekday(_ word: String, _ context: DateContext) -> Reading? {
        guard let index = weekdays.firstIndex(where: { $0 == word || $0.prefix(3) == word }) else { return nil }
        let ahead = (index + 1 - context.today.weekday + 6) % 7 + 1
        return (.day(context.today.adding(days: ahead)), nil)
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

    /// `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` in the context's time zone, or the UTC wire form.
    private static func iso(_ text: String, _ context: DateContext) -> Reading? {
        let bytes = Array(text.utf8)
        if let wire = DueDate(wire: text) { return (wire, nil) }
        guard bytes.count == 16 || bytes.count == 19, bytes[10] == 0x54 || bytes[10] == 0x74,
            let day = CalendarDay(iso: bytes[0..<10]),
            let seconds = DueDate.timeOfDay(bytes[11...])
        else { return nil }
        let instant = context.instant(day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
        return (.instant(instant), nil)
    }
}
