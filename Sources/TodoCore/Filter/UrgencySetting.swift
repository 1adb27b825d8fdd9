import Foundation

/// Taskwarrior 2.6's urgency settings, described once: each built-in coefficient and
/// `urgency.age.max` by its key, and the settings of a tag, project, word or attribute of
/// yours by pattern. `todo config` checks and lists them, its help and the man page are made
/// from them, `todo import --from taskrc` carries them, and `UrgencyCoefficients` reads them.
public enum UrgencySetting: String, CaseIterable, Sendable {
    case due, blocking, blocked, active, scheduled, age, annotations, tags, project, waiting
    case ageMax = "age.max"
    case userTag = "user.tag.TAG"
    case userProject = "user.project.PROJECT"
    case userKeyword = "user.keyword.WORD"
    case uda = "uda.NAME"
    case udaValue = "uda.NAME.VALUE"

    /// What every key starts with.
    public static let prefix = "urgency."
    static let suffix = ".coefficient"

    /// The key, or its pattern: `urgency.due.coefficient`, `urgency.age.max`,
    /// `urgency.user.tag.TAG.coefficient`.
    public var key: String {
        self == .ageMax ? Self.prefix + rawValue : Self.prefix + rawValue + Self.suffix
    }

    /// Taskwarrior's default: nil for the patterns, which have none but those
    /// `UrgencyCoefficients.taskwarrior` sets (the tag next, priority's values).
    public var taskwarriorDefault: Double? {
        switch self {
        case .due: 12
        case .blocking: 8
        case .blocked: -5
        case .active: 4
        case .scheduled: 5
        case .age: 2
        case .annotations: 1
        case .tags: 1
        case .project: 1
        case .waiting: -3
        case .ageMax: 365
        case .userTag, .userProject, .userKeyword, .uda, .udaValue: nil
        }
    }

    /// What the coefficient is multiplied by (what the setting is, for age.max), for help.
    public var meaning: String {
        switch self {
        case .due:
            """
            times a number from 0.2 to 1: 0.2 when due in 14 days or more, rising evenly to 1 at 7 days overdue and \
            after (0.73 when due right now); a date without a time counts from that day's midnight, as in Taskwarrior; \
            0 without a due date
            """
        case .blocking: "while an open todo depends on it"
        case .blocked: "while it depends on an open todo"
        case .active: "while started ('todo start')"
        case .scheduled: "once its scheduled date has come"
        case .age: "times its age in whole days / urgency.age.max, at most 1"
        case .annotations: "times 0.8 for one annotation, 0.9 for two, 1 for three or more"
        case .tags: "times 0.8 for one tag, 0.9 for two, 1 for three or more"
        case .project: "with a project"
        case .waiting: "while the wait date has not come"
        case .ageMax: "the age in days at which the age term is whole (0: always whole)"
        case .userTag:
            "with the tag TAG, or the virtual tag TAG (OVERDUE and the others); Taskwarrior's default is 15 for next"
        case .userProject: "in the project PROJECT or one under it (PROJECT.x)"
        case .userKeyword: "when the name contains WORD (in this case)"
        case .uda: "with any value of attribute NAME"
        case .udaValue: "when attribute NAME is VALUE; priority is one: H 6, M 3.9, L 1.8 unless set"
        }
    }

    /// The built-in coefficients: those with a key of their own, age.max aside.
    public static let coefficients: [UrgencySetting] = allCases.filter { $0.taskwarriorDefault != nil && $0 != .ageMax }

    /// The setting `key` is, and the name (and value) it names for a pattern: nil for a key of
    /// no urgency setting. `urgency.uda.NAME.VALUE.coefficient` splits at NAME's first dot,
    /// as Taskwarrior does.
    public static func parse(_ key: String) -> (setting: UrgencySetting, name: String, value: String)? {
        guard key.hasPrefix(prefix) else { return nil }
        if let fixed = allCases.first(where: { $0.taskwarriorDefault != nil && $0.key == key }) {
            return (fixed, "", "")
        }
        guard key.hasSuffix(suffix) else { return nil }
        let middle = key.dropFirst(prefix.count).dropLast(suffix.count)
        let patterns: [(String, UrgencySetting)] = [
            ("user.tag.", .userTag), ("user.project.", .userProject), ("user.keyword.", .userKeyword)
        ]
        return PatternKey.read(middle, patterns: patterns, uda: .uda, udaValue: .udaValue).map {
            (setting: $0.0, name: $0.1, value: $0.2)
        }
    }

    /// The rule for a value, for messages.
    public static let numberRule = "must be a number, as 5 or -1.5"
}

/// A setting `UrgencyCoefficients` refuses: a key of no urgency setting, or a value that is no number.
public struct UrgencySettingError: Error, Equatable, Sendable {
    public let message: String
}
