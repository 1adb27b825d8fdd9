import Foundation

/// How worth doing now a todo is, for `todo next`, `--sort urgency` and `{urgency}`:
/// Taskwarrior 2.6's urgency, the sum of each term's coefficient times what the todo has of
/// it, with the coefficients of `UrgencyCoefficients` (Taskwarrior's unless the config says).
/// `terms` is the formula in the words `todo help next` shows; the code below must say the same.
public enum Urgency {
    public static let heading =
        "Urgency is the sum of (the coefficients are Taskwarrior's unless 'todo config urgency.…' sets them):"

    /// Each term of the sum: its setting and how it is counted, from `UrgencySetting`.
    public static var terms: [(name: String, meaning: String)] {
        UrgencySetting.allCases.map { setting in
            (setting.key, (setting.taskwarriorDefault.map { "\(number($0)) unless set; " } ?? "") + setting.meaning)
        }
    }

    /// The heading and the terms, one a line.
    public static var explanation: String {
        ([heading] + terms.map { "  \($0.name)\n      \($0.meaning)" }).joined(separator: "\n")
    }

    /// `value` as Taskwarrior's `_get` prints a number: at most three decimals, none trailing.
    public static func number(_ value: Double) -> String {
        String(format: "%g", (value * 1000).rounded() / 1000)
    }

    /// The score of `todo` in `context` (its clock, the dependencies among all todos and the
    /// coefficients); higher is more urgent.
    public static func score(_ todo: some TodoAttributes, in context: FilterContext) -> Double {
        let coefficients = context.urgency
        var score = 0.0
        for setting in UrgencySetting.coefficients {
            let coefficient = coefficients.coefficient(setting)
            if coefficient != 0 { score += coefficient * factor(setting, todo, context) }
        }
        return score + userScore(todo, in: context) + udaScore(todo.attributes, coefficients)
    }

    /// What `todo` has of a built-in term, from 0 to 1.
    static func factor(_ setting: UrgencySetting, _ todo: some TodoAttributes, _ context: FilterContext) -> Double {
        let attributes = todo.attributes, dates = context.dates
        switch setting {
        case .due: return attributes.due.map { dueFactor(daysOverdue: daysOverdue($0, dates)) } ?? 0
        case .blocking: return context.dependencies.blocking.contains(todo.uuid) ? 1 : 0
        case .blocked: return context.dependencies.blocked.contains(todo.uuid) ? 1 : 0
        case .active: return attributes.start != nil ? 1 : 0
        case .scheduled: return attributes.scheduled?.hasCome(in: dates) == true ? 1 : 0
        case .age:
            return ageFactor(
                days: dates.now.timeIntervalSince(todo.createdAt) / 86_400, maximum: context.urgency.ageMax)
        case .annotations: return countFactor(attributes.annotations.count)
        case .tags: return countFactor(attributes.tags.count)
        case .project: return attributes.project != nil ? 1 : 0
        case .waiting: return attributes.wait.map { !$0.hasCome(in: dates) } == true ? 1 : 0
        case .ageMax, .userTag, .userProject, .userKeyword, .uda, .udaValue: return 0
        }
    }

    /// The coefficients of the tags (virtual ones too), projects and words of the name.
    static func userScore(_ todo: some TodoAttributes, in context: FilterContext) -> Double {
        let coefficients = context.urgency, attributes = todo.attributes
        var score = 0.0
        for (tag, coefficient) in coefficients.tags {
            let has = VirtualTag.named(tag).map { $0.matches(todo, in: context) } ?? attributes.tags.contains(tag)
            if has { score += coefficient }
        }
        if let project = attributes.project {
            for (name, coefficient) in coefficients.projects where project == name || project.hasPrefix(name + ".") {
                score += coefficient
            }
        }
        for (word, coefficient) in coefficients.keywords where todo.name.contains(word) { score += coefficient }
        return score
    }

    /// The coefficients of attributes that have a value, or this value; priority is one.
    static func udaScore(_ attributes: Attributes, _ coefficients: UrgencyCoefficients) -> Double {
        func value(_ name: String) -> String? {
            name == UrgencyCoefficients.priority
                ? attributes.priority?.rawValue : attributes.udas[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        var score = 0.0
        for (name, coefficient) in coefficients.udas where value(name) != nil { score += coefficient }
        for (name, values) in coefficients.udaValues {
            if let value = value(name), let coefficient = values[value] { score += coefficient }
        }
        return score
    }

    /// 0.2 when due 14 or more days ahead, 1 from 7 days overdue, linear in between.
    static func dueFactor(daysOverdue: Double) -> Double {
        if daysOverdue >= 7 { return 1 }
        if daysOverdue < -14 { return 0.2 }
        return 0.2 + 0.8 * (daysOverdue + 14) / 21
    }

    /// Whole days of age over the maximum, at most 1; 1 always when the maximum is 0.
    static func ageFactor(days: Double, maximum: Double) -> Double {
        let whole = max(0, days.rounded(.towardZero))
        return maximum == 0 || whole > maximum ? 1 : whole / maximum
    }

    /// 0.8 for one, 0.9 for two, 1 for more (tags and annotations alike).
    static func countFactor(_ count: Int) -> Double {
        switch count {
        case 0: 0
        case 1: 0.8
        case 2: 0.9
        default: 1
        }
    }

    /// Days since the due date (negative before it). A whole day counts from its local
    /// midnight, where Taskwarrior keeps a date given without a time.
    static func daysOverdue(_ due: DueDate, _ context: DateContext) -> Double {
        switch due {
        case .instant(let instant): context.now.timeIntervalSince(instant) / 86_400
        case .day(let day): context.now.timeIntervalSince(context.start(of: day)) / 86_400
        }
    }
}
