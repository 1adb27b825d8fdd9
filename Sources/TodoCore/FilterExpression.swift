import Foundation

/// One filter term, as `FilterParser` reads it from one word.
public enum FilterTerm: Equatable, Sendable {
    /// `+TAG`: has this tag (`-TAG` is `.not(.term(.tag(TAG)))`).
    case tag(String)
    /// `project:NAME`: in this project or one of its sub-projects; `project:` (nil): in none.
    case project(String?)
    /// `priority:H`; `priority:` (nil): no priority.
    case priority(Priority?)
    /// `+ACTIVE`: has the virtual tag (`-ACTIVE` is `.not(.term(.virtual(…)))`).
    case virtual(VirtualTag)
    /// `due:X`, `due.before:X`, `due.after:X`, and so for every date field (`TodoField.dates`).
    case date(TodoField, DateRelation, DateReference)
    /// `due:`, `wait:`: no such date.
    case noDate(TodoField)
    /// `depends:3`: the set holds the todo the reference names (`FilterContext.named`);
    /// `depends:` (nil): the set is empty.
    case member(TodoField, String?)
    /// `3`, `3-7`, `3,5,9`, a whole UUID or 8 or more of its hex digits: the todos named.
    case ids(TodoIDs)
    /// Any other word, lowercased: the name, description or notes contain it, in any case.
    case text(String)
    /// `NAME:VALUE` of a declared attribute (nil: `NAME:`, none set), or its value below or
    /// above VALUE as its type orders values.
    case uda(UDADeclaration, UDARelation, String?)
}

/// How a user-defined attribute's value compares with a filter's.
public enum UDARelation: Sendable, Equatable {
    case equal, below, above
}

/// A filter: terms combined with and, or and not. `.and([])` matches every todo.
public indirect enum FilterExpression: Equatable, Sendable {
    case term(FilterTerm)
    case not(FilterExpression)
    case and([FilterExpression])
    case or([FilterExpression])

    /// The filter of no words, which every todo passes.
    public static let everything = FilterExpression.and([])

    /// Terms every todo that passes must pass too: those not under `or` or `not`. A reader may
    /// leave out, undecoded, todos that cannot pass one of them.
    public var necessaryTerms: [FilterTerm] {
        switch self {
        case .term(let term): [term]
        case .and(let operands): operands.flatMap(\.necessaryTerms)
        case .not, .or: []
        }
    }

    /// Whether the filter reads other todos than the one it tests (+BLOCKED): a command must
    /// then read every todo, and pass their `Dependencies` in.
    public var needsOtherTodos: Bool {
        switch self {
        case .term(.virtual(let tag)): tag.needsOtherTodos
        case .term(.member(_, _?)): true
        case .term: false
        case .not(let operand): operand.needsOtherTodos
        case .and(let operands), .or(let operands): operands.contains(where: \.needsOtherTodos)
        }
    }

    /// Whether a term picks todos by their status (`+COMPLETED`, `-PENDING`, `+WAITING`) or
    /// by their IDs: a report's default of open todos that are not waiting then steps aside.
    public var choosesStatus: Bool {
        switch self {
        case .term(.virtual(let tag)): VirtualTag.statuses.contains(tag.name)
        case .term(.ids): true
        case .term: false
        case .not(let operand): operand.choosesStatus
        case .and(let operands), .or(let operands): operands.contains(where: \.choosesStatus)
        }
    }

    /// The todo references of `depends:ID` terms, which `FilterContext.named` must resolve.
    public var references: [String] {
        switch self {
        case .term(.member(_, let reference?)): [reference]
        case .term: []
        case .not(let operand): operand.references
        case .and(let operands), .or(let operands): operands.flatMap(\.references)
        }
    }

    public func matches(_ todo: some TodoAttributes, in context: FilterContext) -> Bool {
        switch self {
        case .term(let term): term.matches(todo, in: context)
        case .not(let operand): !operand.matches(todo, in: context)
        case .and(let operands): operands.allSatisfy { $0.matches(todo, in: context) }
        case .or(let operands): operands.contains { $0.matches(todo, in: context) }
        }
    }
}

extension FilterTerm {
    public func matches(_ todo: some TodoAttributes, in context: FilterContext) -> Bool {
        switch self {
        case .tag(let tag): todo.attributes.tags.contains(tag)
        case .ids(let ids): ids.contains(todo)
        case .virtual(let tag): tag.matches(todo, in: context)
        case .project(nil): todo.attributes.project == nil
        case .project(let name?): todo.attributes.project.map { Self.project($0, isWithin: name) } ?? false
        case .priority(let priority): todo.attributes.priority == priority
        case .date(let field, let relation, let reference): field.date(of: todo.attributes)?.stands(relation, reference) ?? false
        case .noDate(let field): field.date(of: todo.attributes) == nil
        case .member(let field, nil): !field.value(of: todo.attributes).isSet
        case .member(let field, let reference?):
            context.named[reference].map { field.value(of: todo.attributes).uuidsValue?.contains($0) == true } ?? false
        case .uda(let declaration, let relation, let value):
            Self.uda(todo.attributes.udas[declaration.name], relation, value, declaration, context.dates)
        case .text(let needle):
            TextSearch.contains(todo.name, needle) || TextSearch.contains(todo.description, needle)
                || TextSearch.contains(todo.notes, needle)
        }
    }

    /// Whether a todo's value `mine` of an attribute stands in `relation` to `value` (nil: none).
    static func uda(_ mine: String?, _ relation: UDARelation, _ value: String?, _ declaration: UDADeclaration, _ dates: DateContext) -> Bool {
        guard let value else { return mine == nil }
        guard let mine else { return false }
        let (left, right) = (declaration.sortValue(mine, in: dates), declaration.sortValue(value, in: dates))
        return switch relation {
        case .equal: left == right
        case .below: left < right
        case .above: left > right
        }
    }

    /// `home` holds `home` and `home.garden`, not `homework`.
    static func project(_ project: String, isWithin name: String) -> Bool {
        let (project, name) = (project.utf8, name.utf8)
        guard project.starts(with: name) else { return false }
        return project.count == name.count || project.dropFirst(name.count).first == UInt8(ascii: ".")
    }
}

/// Case-insensitive substring search without allocating for the common ASCII needle.
enum TextSearch {
    /// Whether `haystack` contains `needle`, which is already lowercased, in any case.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        guard needle.utf8.allSatisfy({ $0 < 0x80 }) else { return haystack.lowercased().contains(needle) }
        var (haystack, needle) = (haystack, needle)
        return haystack.withUTF8 { hay in needle.withUTF8 { containsASCII(hay, $0) } }
    }

    /// Bytewise search with ASCII letters folded to lowercase; other bytes compare as they are.
    private static func containsASCII(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hay.count >= needle.count else { return false }
        for start in 0...(hay.count - needle.count) {
            var index = 0
            while index < needle.count, lower(hay[start + index]) == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
