import Foundation

/// How worth doing now a todo is, for `todo next` and `--sort urgency`: Taskwarrior's urgency
/// with its default coefficients, for the attributes `todo` has. `terms` is the formula in
/// the words `todo help next` shows; the code below must say the same.
public enum Urgency {
    public static let heading = "Urgency is the sum of:"

    /// Each term of the sum: its name and how it is counted.
    public static let terms: [(name: String, meaning: String)] = [
        ("due", "12 x a number from 0.2 to 1: 0.2 when due in 14 days or more, rising evenly to 1 at 7 days overdue and after (0.73 when due right now); a date without a time is due at the end of that day; 0 without a due date"),
        ("priority", "6 for H, 3.9 for M, 1.8 for L"),
        ("next", "15 for the tag \"next\""),
        ("blocking", "8 while an open todo depends on it"),
        ("scheduled", "5 once its scheduled date has come"),
        ("active", "4 while started ('todo start')"),
        ("tags", "0.8 for one tag, 0.9 for two, 1 for three or more"),
        ("annotations", "0.8 for one annotation, 0.9 for two, 1 for three or more"),
        ("project", "1 with a project"),
        ("age", "2 x the age in days / 365, at most 2"),
        ("waiting", "-3 while the wait date has not come"),
        ("blocked", "-5 while it depends on an open todo"),
    ]

    /// The heading and the terms, one a line.
    public static var explanation: String {
        ([heading] + terms.map { "  \($0.name.padding(toLength: 13, withPad: " ", startingAt: 0))\($0.meaning)" }).joined(separator: "\n")
    }

    public static let dueCoefficient = 12.0
    public static let nextTagCoefficient = 15.0
    public static let tagsCoefficient = 1.0
    public static let projectCoefficient = 1.0
    public static let ageCoefficient = 2.0
    public static let ageMaximumDays = 365.0
    public static let waitingCoefficient = -3.0
    public static let blockingCoefficient = 8.0
    public static let scheduledCoefficient = 5.0
    public static let activeCoefficient = 4.0
    public static let annotationsCoefficient = 1.0
    public static let blockedCoefficient = -5.0

    public static func priorityCoefficient(_ priority: Priority?) -> Double {
        switch priority {
        case .high: 6.0
        case .medium: 3.9
        case .low: 1.8
        case nil: 0
        }
    }

    /// The score of `todo` at `context.now`, with the `dependencies` among all todos; higher is more urgent.
    public static func score(_ todo: some TodoAttributes, in context: DateContext, dependencies: Dependencies) -> Double {
        ownScore(todo, in: context) + stateScore(todo.attributes, in: context)
            + (dependencies.blocking.contains(todo.uuid) ? blockingCoefficient : 0)
            + (dependencies.blocked.contains(todo.uuid) ? blockedCoefficient : 0)
    }

    /// The terms of Taskwarrior's later fields: active, scheduled, annotations.
    static func stateScore(_ attributes: Attributes, in context: DateContext) -> Double {
        var score = annotationsCoefficient * tagsFactor(attributes.annotations.count)
        if attributes.start != nil { score += activeCoefficient }
        if let scheduled = attributes.scheduled, scheduled.hasCome(in: context) { score += scheduledCoefficient }
        return score
    }

    /// The terms of the fields todo began with: priority, due, tags, project, age, waiting.
    static func ownScore(_ todo: some TodoAttributes, in context: DateContext) -> Double {
        let attributes = todo.attributes
        var score = priorityCoefficient(attributes.priority)
        if let due = attributes.due { score += dueCoefficient * dueFactor(daysOverdue: daysOverdue(due, context)) }
        if attributes.tags.contains("next") { score += nextTagCoefficient }
        score += tagsCoefficient * tagsFactor(attributes.tags.count)
        if attributes.project != nil { score += projectCoefficient }
        let ageDays = max(0, context.now.timeIntervalSince(todo.createdAt) / 86_400)
        score += ageCoefficient * min(1, ageDays / ageMaximumDays)
        if let wait = attributes.wait, !wait.hasCome(in: context) { score += waitingCoefficient }
        return score
    }

    /// 0.2 when due 14 or more days ahead, 1 from 7 days overdue, linear in between.
    static func dueFactor(daysOverdue: Double) -> Double {
        if daysOverdue >= 7 { return 1 }
        if daysOverdue < -14 { return 0.2 }
        return 0.2 + 0.8 * (daysOverdue + 14) / 21
    }

    /// 0.8 for one, 0.9 for two, 1 for more (tags and annotations alike).
    static func tagsFactor(_ count: Int) -> Double {
        switch count {
        case 0: 0
        case 1: 0.8
        case 2: 0.9
        default: 1
        }
    }

    /// Days since the deadline (negative before it). A whole day's deadline is its end; days
    /// other than today count 24 hours each, so no calendar is consulted per todo.
    static func daysOverdue(_ due: DueDate, _ context: DateContext) -> Double {
        switch due {
        case .instant(let instant):
            return context.now.timeIntervalSince(instant) / 86_400
        case .day(let day):
            let todayLeft = context.endOfToday.timeIntervalSince(context.now) / 86_400
            return Double(context.today.ordinal - day.ordinal) - todayLeft
        }
    }
}
