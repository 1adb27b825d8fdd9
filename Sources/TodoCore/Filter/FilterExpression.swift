import Foundation

/// One filter term, as `FilterParser` reads it from one word.
public enum FilterTerm: Equatable, Sendable {
    /// `+TAG`, `tags:TAG`: has this tag (`-TAG` is `.not(.term(.tag(TAG)))`).
    case tag(String)
    /// `project:NAME`: in this project or one of its sub-projects.
    case project(String)
    /// `project.is:X`, `name.has:X`, `details:X` (starts with X): the field's text compared
    /// with X, `equal`, `contains`, `prefix` or `suffix`; a text field's in any case, and any
    /// annotation's for `annotations` (`description.has:X`, Taskwarrior's, looks there too).
    case string(TodoField, Comparison, String)
    /// `priority:H` (`equal`), `priority.below:H`, `priority.above:L` (no priority is below L).
    case priority(Comparison, Priority)
    /// `+ACTIVE`: has the virtual tag (`-ACTIVE` is `.not(.term(.virtual(…)))`).
    case virtual(VirtualTag)
    /// `due:X`, `due.before:X`, `due.after:X`, `due.by:X`, and so for every date field (`TodoField.dates`).
    case date(TodoField, DateRelation, DateReference)
    /// `due:`, `project:`, `tags:`, `KEY.none:`: the field holds nothing.
    case unset(TodoField)
    /// `entry.after:X`, `end.before:X`, `modified:X`: a time todo keeps, as a date field's is compared.
    case stamp(TodoStamp, DateRelation, DateReference)
    /// `end:`, `end.none:`: the todo has no such time (is open).
    case noStamp(TodoStamp)
    /// `depends:3`: the set holds the todo the reference names (`FilterContext.named`).
    case member(TodoField, String)
    /// `3`, `3-7`, `3,5,9`, a whole UUID or 8 or more of its hex digits: the todos named.
    case ids(TodoIDs)
    /// Any other word, lowercased: the name, description, notes or an annotation contain it, in any case.
    case text(String)
    /// Any other word as typed, when searches heed case (`search.case.sensitive`): the name,
    /// description, notes or an annotation contain it, in this case.
    case exactText(String)
    /// `/REGEX/`: the name, description, notes or an annotation match it, in any case.
    case pattern(TextPattern)
    /// `status:pending`, `status:waiting`, `status:completed`.
    case status(TodoStatus)
    /// `urgency.over:N` (`above`), `urgency.under:N` (`below`), `urgency.by:N` (`atMost`).
    case urgency(Comparison, Double)
    /// `NAME:VALUE` of a declared attribute (nil: `NAME:`, none set), or its value compared
    /// with VALUE as its type orders values.
    case uda(UDADeclaration, Comparison, String?)
    /// `recur:weekly`: repeats by a rule that steps as this one (`Recurrence.stepsAs`).
    case rule(Recurrence)
}

/// How a value compares with a filter's: in order (`equal`, `below`, `above`, `atMost`) or as
/// text (`contains`, `prefix`, `suffix`).
public enum Comparison: Sendable, Equatable {
    case equal, below, above, atMost, contains, prefix, suffix

    /// Whether `mine` stands so to `theirs`, by their order.
    func holds<T: Comparable>(_ mine: T, _ theirs: T) -> Bool {
        switch self {
        case .equal: mine == theirs
        case .below: mine < theirs
        case .above: mine > theirs
        case .atMost: mine <= theirs
        case .contains, .prefix, .suffix: false
        }
    }

    /// Whether text `mine` stands so to `theirs`; with `ignoringCase`, in any case.
    func holds(text mine: String, _ theirs: String, ignoringCase: Bool) -> Bool {
        let (mine, theirs) = ignoringCase ? (mine.lowercased(), theirs.lowercased()) : (mine, theirs)
        switch self {
        case .equal: return mine == theirs
        case .contains: return mine.contains(theirs)
        case .prefix: return mine.hasPrefix(theirs)
        case .suffix: return mine.hasSuffix(theirs)
        case .below, .above, .atMost: return holds(mine, theirs)
        }
    }
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
        case .term(.member), .term(.urgency): true
        case .term: false
        case .not(let operand): operand.needsOtherTodos
        case .and(let operands), .or(let operands): operands.contains(where: \.needsOtherTodos)
        }
    }

    /// Every term, under `or` and `not` too.
    public var allTerms: [FilterTerm] {
        switch self {
        case .term(let term): [term]
        case .not(let operand): operand.allTerms
        case .and(let operands), .or(let operands): operands.flatMap(\.allTerms)
        }
    }

    /// Whether a term asks about waiting todos (+WAITING, status:waiting, wait.after:today): a
    /// list that hides them shows them then, for the filter to decide.
    public var asksAboutWaiting: Bool {
        allTerms.contains { term in
            switch term {
            case .virtual(let tag): tag.name == "WAITING"
            case .status(let status): status == .waiting
            case .date(let field, _, _), .unset(let field): field == .wait
            case .tag, .project, .string, .priority, .member, .text, .exactText, .pattern, .urgency, .uda, .ids, .rule,
                .stamp, .noStamp:
                false
            }
        }
    }

    /// Whether a term picks todos by their status (`+COMPLETED`, `-PENDING`, `status:`) or
    /// by their IDs: a report's default of open todos that are not waiting then steps aside.
    public var choosesStatus: Bool {
        allTerms.contains { term in
            switch term {
            case .virtual(let tag): VirtualTag.statuses.contains(tag.name)
            case .status, .ids: true
            // When a todo was completed asks about completed todos.
            case .stamp(let stamp, _, _): stamp == .completed
            case .tag, .project, .string, .priority, .date, .unset, .member, .text, .exactText, .pattern, .urgency,
                .uda, .rule, .noStamp:
                false
            }
        }
    }

    /// The todo references of `depends:ID` terms, which `FilterContext.named` must resolve.
    public var references: [String] {
        switch self {
        case .term(.member(_, let reference)): [reference]
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
        case .project(let name): todo.attributes.project.map { Self.project($0, isWithin: name) } ?? false
        case .string(.annotations, let comparison, let text):
            todo.attributes.annotations.contains { comparison.holds(text: $0.text, text, ignoringCase: true) }
        case .string(let field, let comparison, let text):
            Self.text(field, of: todo).map { comparison.holds(text: $0, text, ignoringCase: field.spec.kind == .text) }
                ?? false
        case .priority(let comparison, let priority):
            comparison.holds(Self.rank(todo.attributes.priority), Self.rank(priority))
        case .date(let field, let relation, let reference):
            field.date(of: todo.attributes)?.stands(relation, reference) ?? false
        case .unset(let field): !Self.value(field, of: todo).isSet
        case .stamp(let stamp, let relation, let reference):
            stamp.date(of: todo).map { DueDate.instant($0).stands(relation, reference) } ?? false
        case .noStamp(let stamp): stamp.date(of: todo) == nil
        case .member(let field, let reference):
            context.named[reference].map { field.value(of: todo.attributes).uuidsValue?.contains($0) == true } ?? false
        case .uda(let declaration, let comparison, let value):
            Self.uda(todo.attributes.udas[declaration.name], comparison, value, declaration, context.dates)
        case .text(let needle): Self.anyText(of: todo) { TextSearch.contains($0, needle) }
        case .exactText(let needle): Self.anyText(of: todo) { $0.contains(needle) }
        case .pattern(let pattern): Self.anyText(of: todo, pattern.matches)
        case .status(let status): status == Self.status(of: todo, context.dates)
        case .urgency(let comparison, let value):
            comparison.holds(Urgency.score(todo, in: context), value)
        case .rule(let rule): todo.attributes.recur?.stepsAs(rule) ?? false
        }
    }

    /// Whether a text a word or pattern searches passes `test`: the name, description, notes or an annotation.
    static func anyText(of todo: some TodoAttributes, _ test: (String) -> Bool) -> Bool {
        test(todo.name) || test(todo.description) || test(todo.notes)
            || todo.attributes.annotations.contains { test($0.text) }
    }

    /// The field's value, text fields included.
    static func value(_ field: TodoField, of todo: some TodoAttributes) -> FieldValue {
        switch field {
        case .name: .text(todo.name)
        case .description: .text(todo.description)
        case .notes: .text(todo.notes)
        case .tags, .project, .priority, .due, .wait, .scheduled, .start, .depends, .annotations, .udas, .recur, .until,
            .series,
            .anchor:
            field.value(of: todo.attributes)
        }
    }

    /// The field's text or word; nil when it holds none.
    static func text(_ field: TodoField, of todo: some TodoAttributes) -> String? {
        switch value(field, of: todo) {
        case .text(let text): text
        case .word(let word): word
        case .tags, .priority, .date, .uuids, .annotations, .udas: nil
        }
    }

    /// Priorities in order, no priority lowest (as Taskwarrior orders `priority.below:`).
    static func rank(_ priority: Priority?) -> Int {
        switch priority {
        case nil: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    /// Taskwarrior's status of the todo: completed, waiting (open, its wait date to come), or pending.
    static func status(of todo: some TodoAttributes, _ dates: DateContext) -> TodoStatus {
        if todo.completed { return .completed }
        return todo.attributes.wait.map { $0.hasCome(in: dates) } == false ? .waiting : .pending
    }

    /// Whether a todo's value `mine` of an attribute stands so to `value` (nil: none).
    static func uda(
        _ mine: String?, _ comparison: Comparison, _ value: String?, _ declaration: UDADeclaration, _ dates: DateContext
    ) -> Bool {
        guard let value else { return mine == nil }
        guard let mine else { return false }
        switch comparison {
        case .contains, .prefix, .suffix: return comparison.holds(text: mine, value, ignoringCase: false)
        case .equal, .below, .above, .atMost:
            return comparison.holds(declaration.sortValue(mine, in: dates), declaration.sortValue(value, in: dates))
        }
    }

    /// `home` holds `home` and `home.garden`, not `homework`.
    static func project(_ project: String, isWithin name: String) -> Bool {
        let (project, name) = (project.utf8, name.utf8)
        guard project.starts(with: name) else { return false }
        return project.count == name.count || project.dropFirst(name.count).first == UInt8(ascii: ".")
    }
}
