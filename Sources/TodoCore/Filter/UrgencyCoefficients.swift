import Foundation

/// The coefficients urgency is counted with: Taskwarrior 2.6's defaults, or those the
/// settings (`urgency.…` keys, as `todo config` keeps them) give. Read from the settings as a
/// value; nothing here reads a file.
public struct UrgencyCoefficients: Sendable, Equatable {
    /// The built-in coefficients that differ from Taskwarrior's default.
    var builtIn: [UrgencySetting: Double] = [:]
    /// `urgency.age.max`: the age in days at which the age term is whole.
    public var ageMax = UrgencySetting.ageMax.taskwarriorDefault ?? 365
    /// `urgency.user.tag.TAG.coefficient`, by tag.
    public var tags: [String: Double] = ["next": 15]
    /// `urgency.user.project.PROJECT.coefficient`, by project.
    public var projects: [String: Double] = [:]
    /// `urgency.user.keyword.WORD.coefficient`, by word.
    public var keywords: [String: Double] = [:]
    /// `urgency.uda.NAME.coefficient`, by attribute.
    public var udas: [String: Double] = [:]
    /// `urgency.uda.NAME.VALUE.coefficient`, by attribute and value.
    public var udaValues: [String: [String: Double]] = [priority: ["H": 6, "M": 3.9, "L": 1.8]]

    /// The attribute name Taskwarrior's priority has in urgency settings.
    public static let priority = "priority"

    /// Taskwarrior's defaults.
    public static let taskwarrior = UrgencyCoefficients()

    /// A built-in coefficient in force.
    public func coefficient(_ setting: UrgencySetting) -> Double {
        builtIn[setting] ?? setting.taskwarriorDefault ?? 0
    }

    /// Taskwarrior's defaults, with the `urgency.…` keys among `settings` over them; other keys
    /// are not read. Refuses a key of no urgency setting and a value that is no number.
    public init(settings: [String: String]) throws(UrgencySettingError) {
        for (key, text) in settings where key.hasPrefix(UrgencySetting.prefix) {
            let (setting, name, value, number) = try Self.check(key, text)
            set(setting, name, value, to: number)
        }
    }

    init() {}

    /// The setting `key` is, with the name and value it names and the number `text` gives, if
    /// `text` is a value it takes; else why not.
    public static func check(_ key: String, _ text: String) throws(UrgencySettingError) -> (
        UrgencySetting, String, String, Double
    ) {
        guard let (setting, name, value) = UrgencySetting.parse(key) else {
            let keys = UrgencySetting.allCases.map(\.key).joined(separator: ", ")
            throw UrgencySettingError(message: "\(key.debugDescription) is no urgency setting; they are \(keys)")
        }
        if setting == .uda || setting == .udaValue, name != priority, !UDA.isName(name) {
            throw UrgencySettingError(message: "\(key): \(name.debugDescription) cannot name an attribute: \(UDA.rule)")
        }
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw UrgencySettingError(message: "\(key) \(UrgencySetting.numberRule), not \(text.debugDescription)")
        }
        if setting == .ageMax, number < 0 {
            throw UrgencySettingError(
                message: "\(key) must be a number of days, 0 or more, not \(text.debugDescription)")
        }
        return (setting, name, value, number)
    }

    /// Sets one coefficient.
    private mutating func set(_ setting: UrgencySetting, _ name: String, _ value: String, to number: Double) {
        switch setting {
        case .due, .blocking, .blocked, .active, .scheduled, .age, .annotations, .tags, .project, .waiting:
            builtIn[setting] = number
        case .ageMax: ageMax = number
        case .userTag: tags[name] = number
        case .userProject: projects[name] = number
        case .userKeyword: keywords[name] = number
        case .uda: udas[name] = number
        case .udaValue: udaValues[name, default: [:]][value] = number
        }
    }
}
