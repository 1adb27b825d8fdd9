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
        "daily, weekdays, weekly, monthly, yearly, or a count and a unit: Nd, Nw, Nm, Ny (2w, 3m); "
        + "a leading + counts from the day it is done (+1w)"

    /// The rules with names, for completion.
    public static let names = ["daily", "weekdays", "weekly", "monthly", "yearly"]

    private static let named: [String: (Int, Unit)] = [
        "daily": (1, .day), "weekdays": (1, .weekday), "weekly": (1, .week), "monthly": (1, .month), "yearly": (1, .year),
    ]

    public init(count: Int, unit: Unit, afterCompletion: Bool = false) {
        self.count = unit == .weekday ? 1 : count
        self.unit = unit
        self.afterCompletion = afterCompletion
    }

    /// Reads a rule in any case: `weekly`, `2w`, `+1w`, `+monthly`; nil for anything else.
    public init?(rule text: String) {
        var word = Substring(text.lowercased())
        let after = word.first == "+"
        if after { word = word.dropFirst() }
        if let (count, unit) = Self.named[String(word)] {
            self.init(count: count, unit: unit, afterCompletion: after)
            return
        }
        guard let last = word.last, let unit = Unit(rawValue: last), unit != .weekday,
            (1...3).contains(word.count - 1), word.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(word.dropLast()), Self.counts.contains(count)
        else { return nil }
        self.init(count: count, unit: unit, afterCompletion: after)
    }

    /// The rule as todo writes it: a name for a count of 1 (`weekly`), else `2w`; after
    /// completion always as a count (`+1w`), and `+weekdays`.
    public var rule: String {
        if unit == .weekday { return afterCompletion ? "+weekdays" : "weekdays" }
        if afterCompletion { return "+\(count)\(unit.rawValue)" }
        guard count == 1 else { return "\(count)\(unit.rawValue)" }
        return Self.named.first { $0.value == (1, unit) }!.key
    }

    /// The rule in words: `every 2 weeks`, `every weekday`, `1 month after each completion`.
    public var summary: String {
        let noun = switch unit {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        case .weekday: "weekday"
        }
        if afterCompletion {
            return unit == .weekday ? "the next weekday after each completion" : "\(count) \(noun)\(count == 1 ? "" : "s") after each completion"
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
