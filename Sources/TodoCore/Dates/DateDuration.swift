/// A span of time added to or taken from a date (`now+2d`, `eom-1w`), counted as Taskwarrior
/// 2.6 counts it (libshared's `Duration`): in seconds, a month 30 days, a quarter 91, a year 365.
///
/// Read in any case: `2d`, `1.5h`, `3mo`, `1y`, `30min`, `-3d`, a unit alone where Taskwarrior
/// takes one (`week`, `weekly`), ISO 8601 (`P1D`, `P1Y2M`, `PT30M`, `P1DT2H`, `P2W`), and after an
/// operator a plain number of seconds (`now+90`).
struct DateDuration: Equatable, Sendable {
    /// The span in seconds; negative for a span back in time.
    let seconds: Int
    /// Counted in whole days (`3d`, `1w`, `P1M`), so that from a whole day it lands on a whole day.
    let wholeDays: Bool

    /// At most 10,000 years of 366 days either way: enough to cross the years a date can be
    /// written in, small enough that no sum of a few of them overflows.
    static let limit = 10_000 * 366 * 86_400

    /// The units written after a count (libshared's table): seconds each, and whether the unit
    /// stands alone for a count of one (`week`, not `weeks`).
    static let units: [String: (seconds: Int, alone: Bool)] = [
        "annual": (365 * day, true), "biannual": (730 * day, true), "bimonthly": (61 * day, true),
        "biweekly": (14 * day, true), "biyearly": (730 * day, true), "daily": (day, true), "days": (day, false),
        "day": (day, true), "d": (day, false), "fortnight": (14 * day, true), "hours": (3600, false),
        "hour": (3600, true), "hrs": (3600, false), "hr": (3600, true), "h": (3600, false), "minutes": (60, false),
        "minute": (60, true), "mins": (60, false), "min": (60, true), "monthly": (30 * day, true),
        "months": (30 * day, false), "month": (30 * day, true), "mnths": (30 * day, false), "mths": (30 * day, false),
        "mth": (30 * day, true), "mos": (30 * day, false), "mo": (30 * day, true), "m": (30 * day, false),
        "quarterly": (91 * day, true), "quarters": (91 * day, false), "quarter": (91 * day, true),
        "qrtrs": (91 * day, false), "qrtr": (91 * day, true), "qtrs": (91 * day, false), "qtr": (91 * day, true),
        "q": (91 * day, false), "semiannual": (183 * day, true), "sennight": (14 * day, false),
        "seconds": (1, false), "second": (1, true), "secs": (1, false), "sec": (1, true), "s": (1, false),
        "weekdays": (day, true), "weekly": (7 * day, true), "weeks": (7 * day, false), "week": (7 * day, true),
        "wks": (7 * day, false), "wk": (7 * day, true), "w": (7 * day, false), "yearly": (365 * day, true),
        "years": (365 * day, false), "year": (365 * day, true), "yrs": (365 * day, false), "yr": (365 * day, true),
        "y": (365 * day, false)
    ]

    private static let day = 86_400

    init(seconds: Int, wholeDays: Bool) {
        self.seconds = seconds
        self.wholeDays = wholeDays
    }

    /// Reads a duration with an optional sign; `bareSeconds` lets a number without a unit be seconds.
    init?(_ text: Substring, bareSeconds: Bool) {
        var word = Substring(text.lowercased())
        let sign = word.first == "-" ? -1 : 1
        if word.first == "-" || word.first == "+" { word = word.dropFirst() }
        guard let read = word.first == "p" ? Self.iso(word.dropFirst()) : Self.counted(word, bareSeconds: bareSeconds),
            abs(read.seconds) <= Self.limit
        else { return nil }
        self.init(seconds: sign * read.seconds, wholeDays: read.wholeDays)
    }

    /// `2d`, `1.5h`, `weekly`, or (with `bareSeconds`) `90`.
    private static func counted(_ word: Substring, bareSeconds: Bool) -> DateDuration? {
        let number = word.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let name = String(word.dropFirst(number.count))
        if name.isEmpty {
            guard bareSeconds, let count = Count(number) else { return nil }
            return count.times(1).map { DateDuration(seconds: $0, wholeDays: false) }
        }
        guard let unit = units[name] else { return nil }
        guard let count = number.isEmpty ? (unit.alone ? Count(whole: 1) : nil) : Count(number),
            let seconds = count.times(unit.seconds)
        else { return nil }
        return DateDuration(seconds: seconds, wholeDays: seconds % day == 0 && unit.seconds % day == 0)
    }

    /// After the `P`: `1Y2M3W4DT5H6M7S`, each part optional but at least one, a year 365 days
    /// and a month 30 as Taskwarrior counts them.
    private static func iso(_ word: Substring) -> DateDuration? {
        var rest = word
        var total = 0
        var inTime = false
        var parts = 0
        var order = 0
        while let first = rest.first {
            if first == "t", !inTime {
                (inTime, order, rest) = (true, 0, rest.dropFirst())
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let units: [Character] = inTime ? ["h", "m", "s"] : ["y", "m", "w", "d"]
            let each: [Int] = inTime ? [3600, 60, 1] : [365 * day, 30 * day, 7 * day, day]
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first, let index = units.firstIndex(of: unit), index >= order,
                let count = Count(digits), let seconds = count.times(each[index]),
                case (let sum, false) = total.addingReportingOverflow(seconds)
            else { return nil }
            (total, order, parts, rest) = (sum, index + 1, parts + 1, rest.dropFirst())
        }
        guard parts > 0, !(inTime && order == 0) else { return nil }
        return DateDuration(seconds: total, wholeDays: !inTime)
    }
}

extension DateDuration {
    /// A count as typed: digits, with a fraction after a point (`1.5`), at most 15 digits.
    struct Count {
        let digits: Int
        /// Digits after the point.
        let scale: Int

        init(whole: Int) {
            (digits, scale) = (whole, 0)
        }

        init?(_ text: Substring) {
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let joined = parts.joined()
            guard !joined.isEmpty, joined.count <= 15, !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty,
                joined.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(joined)
            else { return nil }
            (digits, scale) = (value, parts.count == 2 ? parts[1].count : 0)
        }

        /// The count times `unit` seconds, rounded to the second; nil past `DateDuration.limit`.
        func times(_ unit: Int) -> Int? {
            let (product, overflow) = digits.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            var divisor = 1
            for _ in 0..<scale { divisor *= 10 }
            let seconds = (product + divisor / 2) / divisor
            return seconds <= DateDuration.limit ? seconds : nil
        }
    }
}
