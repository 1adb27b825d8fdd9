/// How a recurring todo repeats: every N days, weeks, months or years, or every weekday
/// (Monday to Friday); by the calendar, from the due date it had, or after completion, from
/// the day it was done (`+1w`).
public struct Recurrence: Hashable, Sendable {
    public enum Unit: Character, Sendable {
        case day = "d", week = "w", month = "m", year = "y"
        /// Monday to Friday; its count is always 1.
        case weekday = "k"
    }

    /// How many units apart occurrences are: 1 to `counts.upperBound`.
    public let count: Int
    public let unit: Unit
    /// The next one is due a step after the day the previous one was done, not after its due date.
    public let afterCompletion: Bool

    /// The counts a rule may give: up to 999 (2w, 18m, 100y).
    public static let counts = 1...999

    /// The rules, as one line for messages and help.
    public static let accepted =
        "daily, weekdays, weekly, biweekly, monthly, quarterly, semiannual, yearly (or another of Taskwarrior's "
        + "names: fortnight, bimonthly, annual, biannual), or a count and a unit: Nd, Nw, Nm, Nq (quarters), Ny "
        + "(2w, 3m; also 14days, 2wks, 3months, 1yr, P2W); a leading + counts from the day it is done (+1w)"

    /// The rules with names, for completion.
    public static let names = RuleWords.named.map(\.key)

    public init(count: Int, unit: Unit, afterCompletion: Bool = false) {
        self.count = unit == .weekday ? 1 : count
        self.unit = unit
        self.afterCompletion = afterCompletion
    }

    /// Reads a rule in any case: `weekly`, `biweekly`, `2w`, `3months`, `P1M`, `+1w`,
    /// `+monthly` (see `RuleWords`); nil for anything else.
    public init?(rule text: String) {
        guard let (count, unit, after) = RuleWords.read(text), Self.counts.contains(count) else { return nil }
        self.init(count: count, unit: unit, afterCompletion: after)
    }

    /// The rule as todo writes it: a name for a count of 1 (`weekly`), else `2w`; after
    /// completion always as a count (`+1w`), and `+weekdays`.
    public var rule: String {
        if unit == .weekday { return afterCompletion ? "+weekdays" : "weekdays" }
        if afterCompletion || count != 1 { return "\(afterCompletion ? "+" : "")\(count)\(unit.rawValue)" }
        return switch unit {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        case .year: "yearly"
        case .weekday: "weekdays"
        }
    }

    /// Whether `other` makes the same steps: `weekly` as `7d` and `yearly` as `12m`, as
    /// `nextDay` counts a week as 7 days and a year as 12 months.
    public func stepsAs(_ other: Recurrence) -> Bool {
        afterCompletion == other.afterCompletion && step == other.step
    }

    /// The step in days, months or weekdays.
    private var step: (Unit, Int) {
        switch unit {
        case .week: (.day, count * 7)
        case .year: (.month, count * 12)
        case .day, .month, .weekday: (unit, count)
        }
    }

    /// The rule in words: `every 2 weeks`, `every weekday`, `1 month after each completion`.
    public var summary: String {
        let noun =
            switch unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            case .weekday: "weekday"
            }
        if afterCompletion {
            return unit == .weekday
                ? "the next weekday after each completion"
                : "\(count) \(noun)\(count == 1 ? "" : "s") after each completion"
        }
        return count == 1 ? "every \(noun)" : "every \(count) \(noun)s"
    }
}

extension Recurrence: TextCoded {
    /// Coded as its rule.
    public init?(codedText text: String) { self.init(rule: text) }
    public var codedText: String { rule }
    public static var codedName: String { "a recurrence rule" }
}

extension Recurrence {
    /// The rule for a Taskwarrior `recur` period, read as `init(rule:)` reads it, except that
    /// months that make whole years are years (`24m` is `2y`), as `taskwarriorPeriod` writes
    /// them; nil for a period todo cannot express (hours, `2.5d`).
    public init?(taskwarriorPeriod text: String) {
        guard let read = RuleWords.read(text) else { return nil }
        let years = read.unit == .month && read.count % 12 == 0
        let (count, unit) = years ? (read.count / 12, Unit.year) : (read.count, read.unit)
        guard Self.counts.contains(count) else { return nil }
        self.init(count: count, unit: unit, afterCompletion: read.afterCompletion)
    }

    /// The period Taskwarrior 2.6 steps by the calendar as this rule does: `weekly`, `2w`,
    /// `3m`, `yearly`, and years as months (`24m`), since Taskwarrior counts `3mo` as 90 days
    /// and `2y` as 730. It has no rule counted from completion: `+1w` goes out as `weekly`.
    public var taskwarriorPeriod: String {
        switch unit {
        case .weekday: "weekdays"
        case .year where count > 1: "\(count * 12)m"
        case .day, .week, .month, .year: Recurrence(count: count, unit: unit).rule
        }
    }
}

/// The words of a rule: todo's and Taskwarrior's (libshared's `Duration` and Taskwarrior's
/// `recur.cpp`), each read by the calendar. Taskwarrior steps `monthly`, `Nm`, `Nq`,
/// `quarterly`, `bimonthly`, `semiannual`, `annual`, `yearly` and `biannual` by the calendar
/// but `3mo`, `3months`, `quarter`, `1y` and `2years` by 30, 91 or 365 days; todo reads them
/// all as calendar months and years, so a series does not drift off its day.
enum RuleWords {
    /// The named rules: their count and unit.
    static let named: KeyValuePairs<String, (Int, Recurrence.Unit)> = [
        "daily": (1, .day), "weekdays": (1, .weekday), "weekly": (1, .week), "biweekly": (2, .week),
        "fortnight": (2, .week), "monthly": (1, .month), "bimonthly": (2, .month), "quarterly": (3, .month),
        "semiannual": (6, .month), "yearly": (1, .year), "annual": (1, .year), "biannual": (2, .year),
        "biyearly": (2, .year)
    ]

    /// The units written after a count (`3wks`): how many of todo's unit each is, and whether
    /// it stands alone for a count of 1 (`week`, not `weeks`). A sennight is 2 weeks, as in
    /// libshared (Taskwarrior refuses it alone).
    static let units: [String: (each: Int, unit: Recurrence.Unit, alone: Bool)] = [
        "d": (1, .day, false), "day": (1, .day, true), "days": (1, .day, false),
        "w": (1, .week, false), "wk": (1, .week, true), "wks": (1, .week, false), "week": (1, .week, true),
        "weeks": (1, .week, false), "sennight": (2, .week, false),
        "m": (1, .month, false), "mo": (1, .month, true), "mos": (1, .month, false), "mth": (1, .month, true),
        "mths": (1, .month, false), "mnths": (1, .month, false), "month": (1, .month, true),
        "months": (1, .month, false),
        "q": (3, .month, false), "qtr": (3, .month, true), "qtrs": (3, .month, false), "qrtr": (3, .month, true),
        "qrtrs": (3, .month, false), "quarter": (3, .month, true), "quarters": (3, .month, false),
        "y": (1, .year, false), "yr": (1, .year, true), "yrs": (1, .year, false), "year": (1, .year, true),
        "years": (1, .year, false)
    ]

    /// ISO 8601 durations of one part after their `P`: `P3D`, `P2W`, `P1M`, `P1Y`.
    private static let isoUnits: [String: Recurrence.Unit] = ["d": .day, "w": .week, "m": .month, "y": .year]

    /// The count (of any size), unit and `+` of a rule in any case; nil for other words.
    static func read(_ text: String) -> (count: Int, unit: Recurrence.Unit, afterCompletion: Bool)? {
        var word = Substring(text.lowercased())
        let after = word.first == "+"
        if after { word = word.dropFirst() }
        if let (count, unit) = named.first(where: { $0.key == word })?.value { return (count, unit, after) }
        let iso = word.first == "p"
        if iso { word = word.dropFirst() }
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let name = String(word.dropFirst(digits.count))
        guard digits.count <= 6, let count = digits.isEmpty ? 1 : Int(digits), count > 0 else { return nil }
        if iso {
            guard !digits.isEmpty, let unit = isoUnits[name] else { return nil }
            return (count, unit, after)
        }
        guard let (each, unit, alone) = units[name], alone || !digits.isEmpty else { return nil }
        return (count * each, unit, after)
    }
}
