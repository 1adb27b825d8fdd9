import TodoCore
import TodoICal

/// A todo's rule (`Recurrence`) as an RRULE, and the RRULEs todo can read as one of its rules.
public enum ICalRules {
    static let weekdays = ["MO", "TU", "WE", "TH", "FR"]
    static let days = weekdays + ["SA", "SU"]

    /// The RRULE of a rule by the calendar, UNTIL from `until`; nil for a rule counted from
    /// completion, which iCalendar cannot say.
    public static func rule(_ recurrence: Recurrence, until: ICalDateValue?) -> ICalRecurrenceRule? {
        guard !recurrence.afterCompletion else { return nil }
        return switch recurrence.unit {
        case .day: ICalRecurrenceRule(frequency: "DAILY", interval: recurrence.count, until: until)
        case .week: ICalRecurrenceRule(frequency: "WEEKLY", interval: recurrence.count, until: until)
        case .month: ICalRecurrenceRule(frequency: "MONTHLY", interval: recurrence.count, until: until)
        case .year: ICalRecurrenceRule(frequency: "YEARLY", interval: recurrence.count, until: until)
        case .weekday: ICalRecurrenceRule(frequency: "WEEKLY", until: until, byDay: weekdays)
        }
    }

    /// The todo rule an RRULE says, or nil when it says more than todo's rules can: FREQ
    /// (daily to yearly) and INTERVAL; BYDAY of Monday to Friday (weekdays), or one day in a
    /// weekly rule, one BYMONTHDAY in a monthly or yearly one and one BYMONTH in a yearly
    /// one, which todo takes to be the due date's (as the apps write them); WKST and UNTIL.
    /// COUNT, BYSETPOS, hours and the like are more.
    public static func recurrence(_ rule: ICalRecurrenceRule) -> Recurrence? {
        let unit: Recurrence.Unit
        switch rule.frequency {
        case "DAILY": unit = .day
        case "WEEKLY": unit = .week
        case "MONTHLY": unit = .month
        case "YEARLY": unit = .year
        default: return nil
        }
        guard let count = rule.interval, Recurrence.counts.contains(count) else { return nil }
        var byDay: [String]?
        for (name, value) in rule.parts {
            switch name {
            case "FREQ", "INTERVAL", "UNTIL", "WKST": continue
            case "BYDAY": byDay = rule.byDay
            case "BYMONTHDAY" where unit == .month || unit == .year: guard !value.contains(",") else { return nil }
            case "BYMONTH" where unit == .year: guard !value.contains(",") else { return nil }
            default: return nil
            }
        }
        guard let byDay else { return Recurrence(count: count, unit: unit) }
        if Set(byDay) == Set(weekdays), count == 1, unit == .week || unit == .day {
            return Recurrence(count: 1, unit: .weekday)
        }
        if byDay.count == 1, days.contains(byDay[0]), unit == .week { return Recurrence(count: count, unit: .week) }
        return nil
    }

    /// `rule` with its UNTIL part set to `until` (or taken out), its other parts as written.
    static func rule(_ rule: ICalRecurrenceRule, until: ICalDateValue?) -> ICalRecurrenceRule {
        var parts = rule.text.split(separator: ";", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.uppercased().hasPrefix("UNTIL=") }
        if let until { parts.append("UNTIL=" + until.text) }
        return ICalRecurrenceRule(text: parts.joined(separator: ";"))
    }
}

/// PRIORITY (1 highest to 9 lowest, 0 none) in todo's three priorities.
public enum ICalPriority {
    /// 1 to 4 is H, 5 is M, 6 to 9 is L; anything else none.
    public static func priority(_ number: Int?) -> Priority? {
        switch number {
        case (1...4)?: .high
        case 5?: .medium
        case (6...9)?: .low
        default: nil
        }
    }

    /// The number written for a priority: 1, 5 or 9.
    public static func number(_ priority: Priority) -> Int {
        switch priority {
        case .high: 1
        case .medium: 5
        case .low: 9
        }
    }
}
