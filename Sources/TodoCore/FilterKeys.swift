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
}

extension TodoField {
    /// How filter terms test the field, if they can: a field's spec may say (`project`);
    /// otherwise a date or priority a person sets is tested by its kind.
    public var filter: FieldFilter? {
        if let filter = spec.filter { return filter }
        guard spec.option != nil else { return nil }
        switch spec.kind {
        case .date: return .date
        case .priority: return .equal
        case .uuids: return .member
        case .text, .tags, .word, .annotations, .udas: return nil
        }
    }

    /// The date fields a person sets, in table order: filter keys and sort keys.
    public static let dates = allCases.filter { $0.filter == .date }

    /// The date in a date field; nil when unset or not a date.
    public func date(of attributes: Attributes) -> DueDate? {
        value(of: attributes).dateValue ?? nil
    }
}

/// The keys of filter terms, from the field table.
enum FilterKeys {
    /// The fields filter terms can test.
    static let fields = TodoField.allCases.filter { $0.filter != nil }

    /// Every key as the table writes it (`project`, `priority`, `pri`, `due`, …).
    static let keys = fields.flatMap { $0.spec.syntax?.keys ?? [$0.key] }

    /// The field `key` names: one of `keys`, or an abbreviation of three letters or more that
    /// starts only one field's keys (`proj`, `sched`).
    static func field(_ key: String) -> TodoField? {
        if let exact = fields.first(where: { $0.spec.syntax?.keys.contains(key) ?? ($0.key == key) }) { return exact }
        guard key.count >= 3 else { return nil }
        let matching = fields.filter { field in keys(of: field).contains { $0.hasPrefix(key) } }
        return matching.count == 1 ? matching[0] : nil
    }

    private static func keys(of field: TodoField) -> [String] { field.spec.syntax?.keys ?? [field.key] }

    /// Keys a Taskwarrior user may write that no filter term takes: Taskwarrior's attributes
    /// todo lacks, and todo's fields that are searched otherwise (tags with +TAG).
    static let foreign: Set<String> = {
        let taskwarriorOnly = ["status", "tag", "entry", "end", "modified", "uuid", "id", "urgency", "limit", "desc"]
        let fieldKeys = TodoField.allCases.flatMap { [$0.spec.taskwarrior, $0.key].compactMap { $0 } + ($0.spec.syntax?.keys ?? []) }
        return Set(taskwarriorOnly + fieldKeys.filter { field($0) == nil })
    }()

    /// The term forms, for messages and help: `project:NAME, priority:H|M|L, due:DATE, …`.
    static var forms: [String] {
        let dates = TodoField.dates.map(\.key)
        let others = fields.compactMap { field -> String? in
            guard let option = field.spec.option else { return nil }
            switch field.filter {
            case .within, .equal: return "\(field.key):\(option.valueName)"
            case .member: return "\(field.key):ID"
            case .date, nil: return nil
            }
        }
        let first = dates.first ?? "due"
        let rest = dates.dropFirst().joined(separator: ", ")
        return others + ["\(first):DATE, \(first).before:DATE, \(first).after:DATE (and so for \(rest))"]
    }
}
