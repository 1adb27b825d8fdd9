import TodoCore

/// Taskwarrior's recurrence periods (`recur:weekly`, `2wks`, `quarterly`, `P1M`) as todo's
/// rules and back. Taskwarrior 2.6 has no rule counted from completion: `+1w` goes out as `1w`.
enum TaskwarriorPeriod {
    /// Named periods: their count and unit.
    private static let named: [String: (Int, Recurrence.Unit)] = [
        "daily": (1, .day), "day": (1, .day), "weekdays": (1, .weekday),
        "weekly": (1, .week), "week": (1, .week), "sennight": (1, .week), "biweekly": (2, .week), "fortnight": (2, .week),
        "monthly": (1, .month), "month": (1, .month), "bimonthly": (2, .month), "quarterly": (3, .month),
        "semiannual": (6, .month), "annual": (1, .year), "yearly": (1, .year), "year": (1, .year),
        "biannual": (2, .year), "biyearly": (2, .year),
    ]

    /// Units written after a count (`3wks`): how many of todo's unit each is.
    private static let units: [String: (Int, Recurrence.Unit)] = [
        "d": (1, .day), "day": (1, .day), "days": (1, .day),
        "w": (1, .week), "wk": (1, .week), "wks": (1, .week), "week": (1, .week), "weeks": (1, .week),
        "mo": (1, .month), "mos": (1, .month), "mth": (1, .month), "mths": (1, .month), "month": (1, .month), "months": (1, .month),
        "q": (3, .month), "qtr": (3, .month), "qtrs": (3, .month), "quarter": (3, .month), "quarters": (3, .month),
        "y": (1, .year), "yr": (1, .year), "yrs": (1, .year), "year": (1, .year), "years": (1, .year),
    ]

    /// The rule for a Taskwarrior period; nil for one todo cannot express (hours, `2.5d`).
    static func rule(_ period: String) -> Recurrence? {
        let text = period.lowercased()
        if let (count, unit) = named[text] { return Recurrence(count: count, unit: unit) }
        if text.hasPrefix("p") { return iso(text.dropFirst()) }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let (each, unit) = units[String(text.dropFirst(digits.count))] else { return nil }
        return recurrence(digits.isEmpty ? 1 : Int(digits), each, unit)
    }

    /// ISO 8601 `P3W` after its `P`: one count and a unit of days, weeks, months or years.
    private static func iso(_ text: Substring) -> Recurrence? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let units: [String: Recurrence.Unit] = ["d": .day, "w": .week, "m": .month, "y": .year]
        guard !digits.isEmpty, let unit = units[String(text.dropFirst(digits.count))] else { return nil }
        return recurrence(Int(digits), 1, unit)
    }

    /// `count` times `each` units, if todo's rules reach that far.
    private static func recurrence(_ count: Int?, _ each: Int, _ unit: Recurrence.Unit) -> Recurrence? {
        guard let count, Recurrence.counts.contains(count), case let total = count * each, Recurrence.counts.contains(total) else { return nil }
        return Recurrence(count: total, unit: unit)
    }

    /// The period Taskwarrior reads for a rule: `weekly`, `2w`, `3mo`.
    static func period(_ rule: Recurrence) -> String {
        switch (rule.unit, rule.count) {
        case (.weekday, _): "weekdays"
        case (.day, 1): "daily"
        case (.week, 1): "weekly"
        case (.month, 1): "monthly"
        case (.year, 1): "yearly"
        case (.day, let count): "\(count)d"
        case (.week, let count): "\(count)w"
        case (.month, let count): "\(count)mo"
        case (.year, let count): "\(count)y"
        }
    }
}
