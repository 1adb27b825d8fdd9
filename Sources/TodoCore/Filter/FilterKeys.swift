/// How a filter term `KEY:VALUE` tests a field: derived from the field table, so a new date
/// field a person sets is a filter key (and a sort key) with no other change.
public enum FieldFilter: Sendable, Equatable {
    /// `project:home` holds home and home.garden; `project:` holds none.
    case within
    /// `priority:H`; `priority:` holds none.
    case equal
    /// `due:DATE`, `due.before:DATE`, `due.after:DATE`; `due:` holds none.
    case date
    /// `depends:3`: holds the todo that 3 names (a number or UUID prefix); `depends:` holds none.
    case member
    /// `name:buy` starts with buy, in any case; `description:` holds none.
    case text
    /// `tags:home` (`tag:home`, `tags.has:home`): has the tag, spelled so; `tags:` holds none.
    case tags
    /// `recur:weekly`: repeats by a rule that steps as this one, however written (`1w`, `7d`,
    /// `P1W`), as Taskwarrior compares periods; `recur:` holds none.
    case rule
}

extension TodoField {
    /// How filter terms test the field, if they can: a field's spec may say (`project`, `recur`);
    /// otherwise a field a person sets is tested by its kind.
    public var filter: FieldFilter? {
        if let filter = spec.filter { return filter }
        guard spec.option != nil else { return nil }
        switch spec.kind {
        case .date: return .date
        case .priority: return .equal
        case .uuids: return .member
        case .text: return .text
        case .tags: return .tags
        case .word, .annotations, .udas: return nil
        }
    }

    /// The date fields a person sets, in table order: filter keys and sort keys.
    public static let dates = allCases.filter { $0.filter == .date }

    /// The date in a date field; nil when unset or not a date.
    public func date(of attributes: Attributes) -> DueDate? {
        value(of: attributes).dateValue ?? nil
    }
}

/// What `KEY.MODIFIER:VALUE` asks of a key's value (Taskwarrior's attribute modifiers).
public enum FilterModifier: String, CaseIterable, Sendable {
    case `is`, isnt, not, has, hasnt, startswith, endswith, any, none, before, after, by

    /// Taskwarrior's other spellings of it.
    public var aliases: [String] {
        switch self {
        case .is: ["equals"]
        case .has: ["contains"]
        case .startswith: ["left"]
        case .endswith: ["right"]
        case .before: ["under", "below"]
        case .after: ["over", "above"]
        case .isnt, .not, .hasnt, .any, .none, .by: []
        }
    }

    /// The modifier `word` spells (in lower case), if any.
    public init?(word: String) {
        guard let modifier = Self.allCases.first(where: { $0.rawValue == word || $0.aliases.contains(word) }) else {
            return nil
        }
        self = modifier
    }

    /// What a term with it keeps, for help.
    public var meaning: String {
        switch self {
        case .is: "the value is VALUE exactly (KEY.is: for none)"
        case .isnt: "the value is not VALUE exactly"
        case .not: "the todos KEY:VALUE leaves out"
        case .has: "the value holds VALUE (a tag or dependency: has that one)"
        case .hasnt: "the value does not hold VALUE"
        case .startswith: "the value starts with VALUE"
        case .endswith: "the value ends with VALUE"
        case .any: "has a value (nothing after the ':')"
        case .none: "has no value (nothing after the ':')"
        case .before: "below VALUE: an earlier date, a lower priority or urgency (none is below L)"
        case .after: "above VALUE: a later date, a higher priority or urgency"
        case .by: "VALUE or below: due.by:eow is due by the end of the week"
        }
    }

    /// `before (under, below)`, for messages.
    var spelled: String { aliases.isEmpty ? rawValue : "\(rawValue) (\(aliases.joined(separator: ", ")))" }
}

/// Taskwarrior's statuses as todo has them: `status:pending` is open and not waiting.
public enum TodoStatus: String, CaseIterable, Sendable {
    case pending, waiting, completed

    /// `pending, waiting or completed`.
    static let listed = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
}

/// One key of filter terms: a field's, `status`, `urgency`, or a declared attribute's.
public struct FilterKey: Sendable, Equatable {
    public let key: AttributeKey
    /// Its names, the first as help writes it (`priority`, `pri`).
    public let names: [String]
    /// What follows the colon, for help (`NAME`, `H|M|L`).
    public let valueName: String
    /// The modifiers it takes, in `FilterModifier` order.
    public let modifiers: [FilterModifier]
    /// Whether `KEY:VALUE` with no modifier is a term (urgency needs one).
    public let takesPlain: Bool
    /// What the plain term keeps, for help.
    public let meaning: String
    /// Whether a value may hold blanks (text, a declared string); others are one word.
    let holdsBlanks: Bool

    /// Every key but declared attributes', in field table order, then the times todo keeps
    /// (`entry`, `modified`, `end`), status and urgency.
    public static let all: [FilterKey] =
        TodoField.allCases.compactMap(forField) + TodoStamp.allCases.map(stamp) + [status, urgency]

    /// The key of the attribute `key` names; nil when no filter term reads it.
    static func of(_ key: AttributeKey, udas: UDASchema) -> FilterKey? {
        switch key {
        case .field(let field): forField(field)
        case .uda(let name): udas[name].map(uda)
        case .status: status
        case .urgency: urgency
        case .stamp(let stamp): self.stamp(stamp)
        case .limit, .taskwarrior: nil
        }
    }

    private static let strings: [FilterModifier] = [.is, .isnt, .not, .has, .hasnt, .startswith, .endswith, .any, .none]
    private static let ordered: [FilterModifier] = [.is, .isnt, .not, .any, .none, .before, .after, .by]

    private static func forField(_ field: TodoField) -> FilterKey? {
        guard let filter = field.filter else { return nil }
        let names = field.spec.syntax?.keys.isEmpty == false ? field.spec.syntax!.keys : [field.key]
        let value = filter == .member ? "ID" : field.spec.option?.valueName ?? "VALUE"
        let (modifiers, meaning): ([FilterModifier], String) =
            switch filter {
            case .within: (strings, "in project \(value) or one inside it (home holds home.garden, not homework)")
            case .equal: ([.is, .isnt, .not, .any, .none, .before, .after], "has priority \(value)")
            case .date: (ordered, "on \(value) (a date without a time is that whole day)")
            case .member: ([.has, .hasnt, .not, .any, .none], "depends on the todo \(value) names")
            case .text: (strings, "starting with \(value), in any case (Taskwarrior's left match)")
            case .tags: ([.has, .hasnt, .not, .any, .none], "has the tag \(value), even one in capitals")
            case .rule:
                (
                    [.is, .isnt, .not, .any, .none],
                    "repeats by \(value), however written (weekly, 1w and 7d are one rule)"
                )
            }
        return FilterKey(
            key: .field(field), names: names, valueName: value, modifiers: modifiers, takesPlain: true,
            meaning: meaning + "; \(names[0]): for none", holdsBlanks: filter == .text)
    }

    /// `entry.after:DATE`, `end.before:today`, `modified.by:eow`: compared as a date field's are.
    private static func stamp(_ stamp: TodoStamp) -> FilterKey {
        let none = stamp == .completed ? "; \(stamp.taskwarrior): for none (open)" : ""
        return FilterKey(
            key: .stamp(stamp), names: [stamp.taskwarrior], valueName: "DATE", modifiers: ordered, takesPlain: true,
            meaning: "\(stamp.meaning) was on DATE (a date without a time is that whole day)\(none)", holdsBlanks: false
        )
    }

    private static let status = FilterKey(
        key: .status, names: ["status"], valueName: TodoStatus.allCases.map(\.rawValue).joined(separator: "|"),
        modifiers: [.is, .isnt, .not],
        takesPlain: true,
        meaning: "pending (open, not waiting), waiting or completed, in any case; todo keeps no deleted todos",
        holdsBlanks: false)

    private static let urgency = FilterKey(
        key: .urgency, names: ["urgency"], valueName: "N", modifiers: [.before, .after, .by], takesPlain: false,
        meaning: "more urgent than N with .over, less with .under ('todo help next' says how urgency is counted)",
        holdsBlanks: false)

    private static func uda(_ declaration: UDADeclaration) -> FilterKey {
        let modifiers = declaration.type == .string ? strings + [.before, .after, .by] : ordered
        return FilterKey(
            key: .uda(declaration.name), names: [declaration.name], valueName: "VALUE", modifiers: modifiers,
            takesPlain: true,
            meaning: "equals VALUE; ordered by its type", holdsBlanks: declaration.type == .string)
    }

    public static func == (a: FilterKey, b: FilterKey) -> Bool { a.key == b.key }

    /// `project:NAME`, for messages and help.
    public var form: String {
        let aliases = names.dropFirst().map { " (or \($0):)" }.joined()
        return takesPlain ? "\(names[0]):\(valueName)\(aliases)" : "\(names[0]).over:\(valueName)"
    }

    /// `due takes no modifier .on; it takes is (equals), …`, for messages.
    var modifierList: String {
        modifiers.map(\.spelled).joined(separator: ", ")
    }
}
