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

/// Reads the dates people type (`due:fri`, `--wait +3d`, `due:now+2d`), in a time zone and at a
/// clock passed in: everything Taskwarrior 2.6's `task calc` reads as a date, as it reads it,
/// besides todo's own forms. `forms` and `DateWord` describe them all, for help.
///
/// A date without a time is a whole day (`DueDate.day`), where Taskwarrior keeps its local
/// midnight; start and end words (`sow`, `eom`) are whole days too, read with the edge a filter
/// compares with. Words are read in any case. Everything must land in the years 1 to 9999.
public enum DateReader {
    /// The forms accepted, as one line for error messages.
    public static let accepted =
        "2026-12-01, 2026-12-01T15:00 (T15:00Z for UTC), 20261201T1500Z, 2026-W50-3, 8am, 14:00, today, tomorrow, "
        + "yesterday, now, someday (or later), a weekday (fri, friday), a month (jan), a day of the month (1st, 22nd), "
        + "sod, eod, sow, eow, som, eom, soq, eoy and Taskwarrior's other words ('todo help dates'), an offset (+3d, "
        + "-1w, +3h), a date and a duration (now+2d, eom-1w, tomorrow+8h), or seconds since 1970 (1796000000)"

    /// The forms besides `DateWord`'s words, each with what it means: the help's table.
    public static let forms: [(form: String, meaning: String)] = [
        ("2026-12-01, 20261201", "that whole day, wherever you are"),
        ("2026-12, 2026-335", "the first day of that month; the 335th day of 2026"),
        ("2026-W50, 2026-W50-3, 2026W503", "the Monday of ISO week 50 of 2026; its Wednesday (1 is Monday, 7 Sunday)"),
        (
            "2026-12-01T15:00, 2026-12-01 15:00:30, 20261201T1500",
            """
            that time on the local clock (TZ); with Z (T15:00Z) in UTC, with an offset (T15:00+01:00, T1500+0100) at \
            that offset
            """
        ),
        (
            "8am, 8:30pm, 12am, 14:00, 14:00:30, 14:00Z",
            "the next time the clock shows it: today, or tomorrow once it has passed"
        ),
        ("monday … sunday", "the next such day, never today; 3 letters or more of the name will do (mon, thurs)"),
        (
            "january … december",
            "the 1st of the next such month, never this month (dec in December is next year's); jan, sept"
        ),
        (
            "1st … 31st",
            """
            the next day with that number, never today; a month without it rolls over as in Taskwarrior (the 30th in \
            February is 2 March)
            """
        ),
        (
            "+3d, -1w, 2mo, +3h, P1D",
            """
            a duration from now: when it counts whole days (d, w, mo, q, y), the whole day that far from today, else \
            the instant
            """
        ),
        (
            "DATE+DURATION, DATE-DURATION",
            "now+2d, eom+1d, tomorrow-3h, 2026-12-01+1w, eom+1d+1h: a whole day plus whole days is a whole day "
                + "(an end word stays an end), "
                + "anything else the instant from the day's first moment (an end word's 23:59:59)"
        ),
        (
            "DURATION",
            "a count and a unit, as Taskwarrior counts them: s, min, h, d, w, mo (30 days), q (91), y (365) "
                + "and their other spellings "
                    + """
                    (3days, 2wks, 1.5h, fortnight, weekly), or ISO 8601 (P1D, P1Y2M, PT30M); after + or - a plain \
                    number is seconds
                    """
        ),
        ("1796000000", "seconds since 1970: 9 or 10 digits from 315532800 (1980) on, as Taskwarrior reads them")
    ]

    /// Reads a date to store as a todo's due or wait date.
    public static func read(_ text: String, in context: DateContext) throws(DateReadError) -> DueDate {
        try readWithEdge(text, in: context).date
    }

    /// Which edge of its day a start or end word names; nil for every other date.
    enum Edge: Equatable, Sendable { case start, end }

    /// A date read, and the edge of its day a filter compares with.
    typealias Reading = (date: DueDate, edge: Edge?)

    /// The longest text read: no date is longer, and the arithmetic stays short.
    static let longest = 100

    /// Reads `text` keeping what a filter needs: whether it was a start or end word.
    static func readWithEdge(_ text: String, in context: DateContext) throws(DateReadError) -> Reading {
        guard text.utf8.count <= longest,
            let found = plain(Substring(text), context) ?? offset(text, context)
                ?? arithmetic(Substring(text), context),
            found.date.isWritable
        else { throw DateReadError(text: text) }
        return found
    }

    /// A date without arithmetic: a word, a name, an ordinal, a time, seconds, ISO 8601.
    private static func plain(_ text: Substring, _ context: DateContext) -> Reading? {
        let word = text.lowercased()
        if let named = DateWord.named(word) { return named.reading(in: context) }
        return weekday(word, context) ?? month(word, context) ?? ordinal(word, context)
            ?? TimeOfDayText(Substring(word)).map { ($0.date(in: context), nil) } ?? epoch(word)
            ?? iso(String(text), context)
    }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december"
    ]

    /// The dates completion offers: the everyday words (`DateWord.offered`) and the weekdays.
    public static let names = DateWord.allCases.filter(\.offered).map(\.rawValue) + weekdays

    /// The index in `names` of the name `word` is, or abbreviates to 3 letters or more.
    private static func index(_ word: String, in names: [String]) -> Int? {
        word.count >= 3 ? names.firstIndex { $0.hasPrefix(word) } : nil
    }

    /// The next day (1 to 7 days ahead) that is the named weekday.
    private static func weekday(_ word: String, _ context: DateContext) -> Reading? {
        guard let index = index(word, in: weekdays) else { return nil }
        let ahead = (index + 1 - context.today.weekday + 6) % 7 + 1
        return (.day(context.today.adding(days: ahead)), nil)
    }

    /// The first day of the named month, next year's from that month on.
    private static func month(_ word: String, _ context: DateContext) -> Reading? {
        guard let index = index(word, in: months) else { return nil }
        let today = context.today
        let first = today.startOfYear.adding(months: index + (index + 1 <= today.month ? 12 : 0))
        return (.day(first), nil)
    }

    /// `1st`…`31st`: the day with that number this month if it is still ahead, else next month's,
    /// rolling over past a short month's end as Taskwarrior does.
    private static func ordinal(_ word: String, _ context: DateContext) -> Reading? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), digits.first != "0", let number = Int(digits), number <= 31,
            word.dropFirst(digits.count) == ordinalSuffix(number)
        else { return nil }
        let today = context.today
        let month = today.startOfMonth.adding(months: today.day < number ? 0 : 1)
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

    /// A duration alone (`+3d`, `-1w`, `3mo`, `+3h`, `P1D`): from today a whole day when it counts
    /// whole days, else from now the instant.
    private static func offset(_ text: String, _ context: DateContext) -> Reading? {
        guard text.contains(where: { $0.isASCII && $0.isNumber }),
            let duration = DateDuration(Substring(text), bareSeconds: false)
        else {
            return nil
        }
        let base: Reading =
            duration.wholeDays ? (.day(context.today), nil) : (.instant(roundingToMilliseconds: context.now), nil)
        return shift(base, by: duration, context)
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

extension DateReader {
    /// `DATE+DURATION` or `DATE-DURATION`, chained (`eom+1d+1h`), blanks allowed around the
    /// operator: the last operator whose right side is a duration and left side a date.
    private static func arithmetic(_ text: Substring, _ context: DateContext) -> Reading? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            guard text[index] == "+" || text[index] == "-", index > text.startIndex else { continue }
            var leftEnd = index
            while leftEnd > text.startIndex, text[text.index(before: leftEnd)] == " " {
                leftEnd = text.index(before: leftEnd)
            }
            let left = text[..<leftEnd]
            // A plain number is seconds only after a word (now+90): 2026-12-32 is no day minus 32 seconds.
            let afterWord = left.last?.isLetter ?? false
            let right = text[text.index(after: index)...].drop { $0 == " " }
            guard let duration = DateDuration(right, bareSeconds: afterWord),
                let base = plain(left, context) ?? arithmetic(left, context), base.date.isWritable
            else { continue }
            let sign = text[index] == "-" ? -1 : 1
            return shift(
                base, by: DateDuration(seconds: sign * duration.seconds, wholeDays: duration.wholeDays), context)
        }
        return nil
    }

    /// `base` moved by `duration`: a whole day by whole days stays a whole day (and keeps its
    /// edge); else an instant, counted from the day's first moment, or an end word's 23:59:59.
    static func shift(_ base: Reading, by duration: DateDuration, _ context: DateContext) -> Reading? {
        let start: Date
        switch base.date {
        case .day(let day) where duration.wholeDays:
            return (.day(day.adding(days: duration.seconds / 86_400)), base.edge)
        case .day(let day):
            start =
                base.edge == .end
                ? context.start(of: day.adding(days: 1)).addingTimeInterval(-1) : context.start(of: day)
        case .instant(let instant):
            start = instant
        }
        return (.instant(roundingToMilliseconds: start.addingTimeInterval(Double(duration.seconds))), nil)
    }
}
