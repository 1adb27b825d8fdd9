import Foundation

/// A value of one `TodoField`, of the field's kind.
public enum FieldValue: Hashable, Sendable, Codable {
    case text(String)
    case tags(Set<String>)
    case word(String?)
    case priority(Priority?)
    case date(DueDate?)

    /// Whether it holds something: text that is not empty, a tag, a word, a priority, a date.
    public var isSet: Bool {
        switch self {
        case .text(let text): !text.isEmpty
        case .tags(let tags): !tags.isEmpty
        case .word(let word): word != nil
        case .priority(let priority): priority != nil
        case .date(let date): date != nil
        }
    }

    /// The members of a set (tags); none for any other value.
    public var members: Set<String> {
        if case .tags(let tags) = self { return tags }
        return []
    }

    /// The value as plain text, exact: tags sorted and blank-separated, dates in their wire
    /// form, nothing as "" (`list --format`, sync conflicts).
    public var text: String {
        switch self {
        case .text(let text): text
        case .tags(let tags): tags.sorted().joined(separator: " ")
        case .word(let word): word ?? ""
        case .priority(let priority): priority?.rawValue ?? ""
        case .date(let date): date?.wire ?? ""
        }
    }
}

extension FieldKind {
    /// The value of a field that is not set.
    public var unset: FieldValue {
        switch self {
        case .text: .text("")
        case .tags: .tags([])
        case .word: .word(nil)
        case .priority: .priority(nil)
        case .date: .date(nil)
        }
    }
}

/// Something holding a value for every `TodoField`: a todo, its synced content, a new todo.
public protocol TodoFieldHolder {
    var name: String { get set }
    var description: String { get set }
    var notes: String { get set }
    var tags: Set<String> { get set }
    var project: String? { get set }
    var priority: Priority? { get set }
    var due: DueDate? { get set }
    var wait: DueDate? { get set }
    var recur: Recurrence? { get set }
    var until: DueDate? { get set }
    var series: UUID? { get set }
    var anchor: SeriesAnchor? { get set }
}

extension TodoFieldHolder {
    /// Takes `other`'s attributes (every field after name, description and notes). Spelled
    /// out rather than walked over `TodoField.attributes` through `FieldValue`: a sync builds
    /// and compares the content of every todo with it.
    mutating func takeAttributes(of other: some TodoFieldHolder) {
        tags = other.tags
        project = other.project
        priority = other.priority
        due = other.due
        wait = other.wait
        recur = other.recur
        until = other.until
        series = other.series
        anchor = other.anchor
    }
}

extension TodoField {
    /// The field's value in `holder`.
    public func value(of holder: some TodoFieldHolder) -> FieldValue {
        switch self {
        case .name: .text(holder.name)
        case .description: .text(holder.description)
        case .notes: .text(holder.notes)
        case .tags: .tags(holder.tags)
        case .project: .word(holder.project)
        case .priority: .priority(holder.priority)
        case .due: .date(holder.due)
        case .wait: .date(holder.wait)
        case .recur: .word(holder.recur?.rule)
        case .until: .date(holder.until)
        case .series: .word(holder.series.map { $0.uuidString.lowercased() })
        case .anchor: .word(holder.anchor?.text)
        }
    }

    /// Sets the field in `holder` to `value`; a value of another kind (which `checked`
    /// refuses) changes nothing.
    public func set(_ value: FieldValue, on holder: inout some TodoFieldHolder) {
        switch (self, value) {
        case (.name, .text(let text)): holder.name = text
        case (.description, .text(let text)): holder.description = text
        case (.notes, .text(let text)): holder.notes = text
        case (.tags, .tags(let tags)): holder.tags = tags
        case (.project, .word(let word)): holder.project = word
        case (.priority, .priority(let priority)): holder.priority = priority
        case (.due, .date(let date)): holder.due = date
        case (.wait, .date(let date)): holder.wait = date
        case (.recur, .word(let word)): holder.recur = word.flatMap(Recurrence.init(rule:))
        case (.until, .date(let date)): holder.until = date
        case (.series, .word(let word)): holder.series = word.flatMap(UUID.init(uuidString:))
        case (.anchor, .word(let word)): holder.anchor = word.flatMap(SeriesAnchor.init(text:))
        default: break
        }
    }

    /// `value` as the field keeps it: a name trimmed, an empty project none; or why it cannot be.
    public func checked(_ value: FieldValue) throws(ReduceError) -> FieldValue {
        switch (self, value) {
        case (.name, .text(let text)):
            let name = Todo.normalizedName(text)
            guard !name.isEmpty else { throw .blankName }
            return .text(name)
        case (_, .text) where spec.kind == .text:
            return value
        case (.tags, .tags(let tags)):
            if let bad = tags.sorted().first(where: { !Tag.isValid($0) }) { throw .invalid(.tags, bad) }
            return value
        case (.project, .word(let word)):
            guard let word, !word.isEmpty else { return .word(nil) }
            guard Tag.isWord(word) else { throw .invalid(.project, word) }
            return value
        case (.priority, .priority):
            return value
        case (.recur, .word(let word)):
            guard let word, !word.isEmpty else { return .word(nil) }
            guard let rule = Recurrence(rule: word) else { throw .invalid(.recur, word) }
            return .word(rule.rule)
        case (.series, .word(let word)):
            guard let word, !word.isEmpty else { return .word(nil) }
            guard let uuid = UUID(uuidString: word) else { throw .invalid(.series, word) }
            return .word(uuid.uuidString.lowercased())
        case (.anchor, .word(let word)):
            guard let word, !word.isEmpty else { return .word(nil) }
            guard let anchor = SeriesAnchor(text: word) else { throw .invalid(.anchor, word) }
            return .word(anchor.text)
        case (.due, .date(let date)), (.wait, .date(let date)), (.until, .date(let date)):
            if let date, !date.isWritable { throw .invalid(self, date.wire) }
            return value
        default:
            throw .invalid(self, value.text)
        }
    }
}

extension TodoField {
    /// What values the field takes, for messages: `a tag is a word …`.
    public var valueRule: String {
        switch spec.kind {
        case .text: "any text"
        case .tags: "a tag is a word without blanks that does not start with a digit, + or -"
        case .word where self == .recur: "a rule is \(Recurrence.accepted)"
        case .word where self == .series: "a series is a UUID"
        case .word where self == .anchor: "an anchor is a date and a time zone, as 2026-01-31[Europe/Berlin]"
        case .word: "a \(key) is a name without blanks"
        case .priority: "a priority is H, M or L"
        case .date: "a date must fall in the years \(CalendarDay.years.lowerBound) to \(CalendarDay.years.upperBound)"
        }
    }
}

/// Tags are words: no blanks or control characters, and not starting with a digit, `+` or
/// `-`, so that `+TAG` and `-TAG` read back as the tag (`+1` and `-5` stay text).
public enum Tag {
    public static func isValid(_ tag: some StringProtocol) -> Bool {
        guard let first = tag.first, !first.isNumber, first != "+", first != "-" else { return false }
        return isWord(tag)
    }

    /// Not empty, and no blanks or control characters (a project name, too).
    public static func isWord(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
    }
}

/// One change an edit makes to a field.
public enum FieldChange: Hashable, Sendable, Codable {
    /// The field takes this value.
    case set(TodoField, FieldValue)
    /// `+TAG`: the tag is added to those there are.
    case addTag(String)
    /// `-TAG`: the tag is removed, if there.
    case removeTag(String)

    /// Sets a text field (name, description, notes).
    public init(_ field: TodoField, _ text: String) {
        self = .set(field, .text(text))
    }

    public var field: TodoField {
        switch self {
        case .set(let field, _): field
        case .addTag, .removeTag: .tags
        }
    }

    /// Makes the change in `holder`, or throws for a value the field cannot hold.
    public func apply(to holder: inout some TodoFieldHolder) throws(ReduceError) {
        switch self {
        case .set(let field, let value): field.set(try field.checked(value), on: &holder)
        case .addTag(let tag):
            guard Tag.isValid(tag) else { throw .invalid(.tags, tag) }
            holder.tags.insert(tag)
        case .removeTag(let tag): holder.tags.remove(tag)
        }
    }
}
