import Foundation

/// Taskwarrior 2.6's colour rules, described once: each kind's key (or its pattern), the word
/// `rule.precedence.color` names it by, and which todos it colours. `todo config` checks
/// them, help and the man page are made from them, `todo import --from taskrc` carries them,
/// and `ColourRules` applies them to the rows of the list and reports.
public enum ColourRule: String, CaseIterable, Sendable {
    case deleted, completed, active
    case keyword = "keyword.WORD"
    case tag = "tag.TAG"
    case tagNone = "tag.none"
    case project = "project.PROJECT"
    case projectNone = "project.none"
    case overdue, scheduled
    case dueToday = "due.today"
    case due, blocked, blocking, recurring, tagged, until
    case uda = "uda.NAME"
    case udaValue = "uda.NAME.VALUE"

    /// What every key starts with.
    public static let prefix = "color."

    /// The key, or its pattern: `color.due`, `color.tag.TAG`.
    public var key: String { Self.prefix + rawValue }

    /// The word of `rule.precedence.color` that takes it in: a pattern's start (`tag.`), or its own.
    public var precedenceName: String {
        switch self {
        case .keyword: "keyword."
        case .tag, .tagNone: "tag."
        case .project, .projectNone: "project."
        case .uda, .udaValue: "uda."
        case .deleted, .completed, .active, .overdue, .scheduled, .dueToday, .due, .blocked, .blocking, .recurring,
            .tagged, .until:
            rawValue
        }
    }

    /// Which todos it colours, for help.
    public var meaning: String {
        switch self {
        case .deleted: "deleted todos, which no list of todo's shows: kept for Taskwarrior's sake"
        case .completed: "completed todos"
        case .active: "open todos that are started ('todo start'), +ACTIVE"
        case .keyword: "todos whose name or an annotation contains WORD (in this case)"
        case .tag: "todos with the tag TAG, or the virtual tag TAG (OVERDUE and the others)"
        case .tagNone: "todos without tags"
        case .project: "todos in the project PROJECT or one under it (PROJECT.x)"
        case .projectNone: "todos without a project"
        case .overdue: "open todos past their deadline, +OVERDUE"
        case .scheduled: "todos whose scheduled date has come"
        case .dueToday: "open todos due today, +TODAY"
        case .due: "open todos due within due-days days and not overdue, +DUE"
        case .blocked: "open todos that depend on an open todo, +BLOCKED"
        case .blocking: "open todos an open todo depends on, +BLOCKING"
        case .recurring: "todos of a series, +RECURRING"
        case .tagged: "todos with a tag"
        case .until: "todos with an until date (not in rule.precedence.color unless you add it, as in Taskwarrior)"
        case .uda: "todos with a value for the attribute NAME (priority is one)"
        case .udaValue: "todos whose attribute NAME is VALUE (uda.priority.H); VALUE none: those without one"
        }
    }

    /// The rule `key` sets and the name (and value) it names for a pattern; nil for a key of
    /// no colour rule (`color.header`, `color.calendar.today`). `color.uda.NAME.VALUE` splits
    /// NAME from VALUE at its first dot, as Taskwarrior does.
    public static func parse(_ key: String) -> (rule: ColourRule, name: String, value: String)? {
        guard key.hasPrefix(prefix) else { return nil }
        let rest = String(key.dropFirst(prefix.count))
        // A fixed key's raw value has no capitals (NAME) in it.
        if let fixed = allCases.first(where: { $0.rawValue == rest && !$0.rawValue.contains(where: \.isUppercase) }) {
            return (fixed, "", "")
        }
        let patterns: [(String, ColourRule)] = [("keyword.", .keyword), ("tag.", .tag), ("project.", .project)]
        return PatternKey.read(rest[...], patterns: patterns, uda: .uda, udaValue: .udaValue).map {
            (rule: $0.0, name: $0.1, value: $0.2)
        }
    }

    /// Whether it colours `todo` in `context` (its clock, due-days, the dependencies among
    /// all todos), for the `name` and `value` of a pattern.
    public func matches(_ todo: some TodoAttributes, name: String, value: String, in context: FilterContext) -> Bool {
        let attributes = todo.attributes
        func has(_ tag: String) -> Bool { VirtualTag.named(tag)?.matches(todo, in: context) == true }
        switch self {
        case .deleted: return false
        case .completed: return todo.completed
        case .active: return has("ACTIVE")
        case .keyword: return todo.name.contains(name) || attributes.annotations.contains { $0.text.contains(name) }
        case .tag: return VirtualTag.named(name).map { $0.matches(todo, in: context) } ?? attributes.tags.contains(name)
        case .tagNone: return attributes.tags.isEmpty
        case .project: return attributes.project.map { $0 == name || $0.hasPrefix(name + ".") } ?? false
        case .projectNone: return attributes.project == nil
        case .overdue: return has("OVERDUE")
        case .scheduled: return attributes.scheduled?.hasCome(in: context.dates) == true
        case .dueToday: return has("TODAY")
        case .due: return has("DUE")
        case .blocked: return has("BLOCKED")
        case .blocking: return has("BLOCKING")
        case .recurring: return has("RECURRING")
        case .tagged: return !attributes.tags.isEmpty
        case .until: return attributes.until != nil
        case .uda: return Self.value(of: name, attributes) != nil
        case .udaValue:
            return value == "none" ? Self.value(of: name, attributes) == nil : Self.value(of: name, attributes) == value
        }
    }

    /// Whether it reads the other todos (blocked, blocking): a command must then read them all.
    public var needsOtherTodos: Bool { self == .blocked || self == .blocking }

    /// The value of attribute `name`, priority's among them; nil when it has none.
    private static func value(of name: String, _ attributes: Attributes) -> String? {
        name == "priority" ? attributes.priority?.rawValue : attributes.udas[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
