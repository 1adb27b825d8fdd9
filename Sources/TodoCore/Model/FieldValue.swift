import Foundation

/// A value of one `TodoField`, of the field's kind.
public enum FieldValue: Hashable, Sendable, Codable {
    case text(String)
    case tags(Set<String>)
    case word(String?)
    case priority(Priority?)
    case date(DueDate?)
    case uuids(Set<UUID>)
    case annotations([Annotation])
    case udas([String: String])

    /// Whether it holds something: text that is not empty, a tag, a word, a priority, a date.
    public var isSet: Bool {
        switch self {
        case .text(let text): !text.isEmpty
        case .tags(let tags): !tags.isEmpty
        case .word(let word): word != nil
        case .priority(let priority): priority != nil
        case .date(let date): date != nil
        case .uuids(let uuids): !uuids.isEmpty
        case .annotations(let annotations): !annotations.isEmpty
        case .udas(let udas): !udas.isEmpty
        }
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
        case .uuids: items.joined(separator: ",")
        case .annotations: items.joined(separator: "\n")
        case .udas: items.joined(separator: " ")
        }
    }
}

extension FieldValue {
    /// The value as items of text, in order: a set's members, a single value alone, nothing
    /// when not set.
    public var items: [String] {
        switch self {
        case .tags(let tags): tags.sorted()
        case .uuids(let uuids): uuids.map { $0.uuidString.lowercased() }.sorted()
        case .annotations(let annotations): annotations.map(\.line)
        case .udas(let udas): udas.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        case .text, .word, .priority, .date: isSet ? [text] : []
        }
    }
}

extension Annotation {
    /// `2026-11-25T10:00:00.000Z called the plumber`.
    public var line: String { "\(DueDate.instant(at).wire) \(text)" }
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
        case .uuids: .uuids([])
        case .annotations: .annotations([])
        case .udas: .udas([:])
        }
    }
}

extension TodoFieldHolder {
    /// Takes `other`'s attributes (every field after name, description and notes).
    mutating func takeAttributes(of other: some TodoFieldHolder) {
        attributes = other.attributes
    }
}

/// The value of each kind, or nil for a value of another kind.
extension FieldValue {
    public var textValue: String? { if case .text(let text) = self { text } else { nil } }
    public var tagsValue: Set<String>? { if case .tags(let tags) = self { tags } else { nil } }
    /// A word; `.some(nil)` for none.
    public var wordValue: String?? { if case .word(let word) = self { word } else { nil } }
    public var priorityValue: Priority?? { if case .priority(let priority) = self { priority } else { nil } }
    public var dateValue: DueDate?? { if case .date(let date) = self { date } else { nil } }
    public var uuidsValue: Set<UUID>? { if case .uuids(let uuids) = self { uuids } else { nil } }
    public var annotationsValue: [Annotation]? {
        if case .annotations(let annotations) = self { annotations } else { nil }
    }
    public var udasValue: [String: String]? { if case .udas(let udas) = self { udas } else { nil } }

    /// Three-way merge of a set's members: what either side added is there, what either
    /// removed is not. For a value that is no set, `self`.
    func mergedAsSet(base: FieldValue?, remote: FieldValue) -> FieldValue {
        switch self {
        case .tags(let mine): .tags(mergeSets(base: base?.tagsValue ?? [], local: mine, remote: remote.tagsValue ?? []))
        case .uuids(let mine):
            .uuids(mergeSets(base: base?.uuidsValue ?? [], local: mine, remote: remote.uuidsValue ?? []))
        case .annotations(let mine):
            .annotations(
                Annotation.normalized(
                    mergeSets(
                        base: Set(base?.annotationsValue ?? []), local: Set(mine),
                        remote: Set(remote.annotationsValue ?? []))))
        case .text, .word, .priority, .date, .udas: self
        }
    }

    /// The members both values hold; for a value that is no set, `self`.
    func intersection(_ other: FieldValue) -> FieldValue {
        switch self {
        case .tags(let mine): .tags(mine.intersection(other.tagsValue ?? []))
        case .uuids(let mine): .uuids(mine.intersection(other.uuidsValue ?? []))
        case .annotations(let mine): .annotations(mine.filter { other.annotationsValue?.contains($0) == true })
        case .text, .word, .priority, .date, .udas: self
        }
    }
}

extension TodoField {
    /// The field's value in `holder`.
    public func value(of holder: some TodoFieldHolder) -> FieldValue {
        switch self {
        case .name: .text(holder.name)
        case .description: .text(holder.description)
        case .notes: .text(holder.notes)
        case .tags, .project, .priority, .due, .wait, .scheduled, .start, .depends, .annotations, .udas, .recur, .until,
            .series,
            .anchor:
            value(of: holder.attributes)
        }
    }

    /// The attribute's value in `attributes`; a text field, which they do not hold, unset.
    /// A writer of every attribute reads `holder.attributes` once and each value from it.
    public func value(of attributes: Attributes) -> FieldValue {
        switch self {
        case .name, .description, .notes: spec.kind.unset
        case .tags: .tags(attributes.tags)
        case .project: .word(attributes.project)
        case .priority: .priority(attributes.priority)
        case .due: .date(attributes.due)
        case .wait: .date(attributes.wait)
        case .scheduled: .date(attributes.scheduled)
        case .start: .date(attributes.start)
        case .depends: .uuids(attributes.depends)
        case .annotations: .annotations(attributes.annotations)
        case .udas: .udas(attributes.udas)
        case .recur: .word(attributes.recur?.rule)
        case .until: .date(attributes.until)
        case .series: .word(attributes.series.map { $0.uuidString.lowercased() })
        case .anchor: .word(attributes.anchor?.text)
        }
    }

    /// Sets the field in `holder` to `value`; a value of another kind (which `checked`
    /// refuses) changes nothing.
    public func set(_ value: FieldValue, on holder: inout some TodoFieldHolder) {
        switch self {
        case .name: if let text = value.textValue { holder.name = text }
        case .description: if let text = value.textValue { holder.description = text }
        case .notes: if let text = value.textValue { holder.notes = text }
        case .tags, .project, .priority, .due, .wait, .scheduled, .start, .depends, .annotations, .recur, .until,
            .series,
            .anchor, .udas:
            set(value, on: &holder.attributes)
        }
    }

    /// Sets the attribute in `attributes` to `value`; a text field, or a value of another
    /// kind, changes nothing.
    public func set(_ value: FieldValue, on attributes: inout Attributes) {
        switch self {
        case .name, .description, .notes: break
        case .tags: if let tags = value.tagsValue { attributes.tags = tags }
        case .project: if let word = value.wordValue { attributes.project = word }
        case .priority: if let priority = value.priorityValue { attributes.priority = priority }
        case .due: if let date = value.dateValue { attributes.due = date }
        case .wait: if let date = value.dateValue { attributes.wait = date }
        case .scheduled: if let date = value.dateValue { attributes.scheduled = date }
        case .start: if let date = value.dateValue { attributes.start = date }
        case .depends: if let uuids = value.uuidsValue { attributes.depends = uuids }
        case .annotations:
            if let annotations = value.annotationsValue { attributes.annotations = Annotation.normalized(annotations) }
        case .udas: if let udas = value.udasValue { attributes.udas = udas }
        case .recur: if let word = value.wordValue { attributes.recur = word.flatMap(Recurrence.init(rule:)) }
        case .until: if let date = value.dateValue { attributes.until = date }
        case .series: if let word = value.wordValue { attributes.series = word.flatMap(UUID.init(uuidString:)) }
        case .anchor: if let word = value.wordValue { attributes.anchor = word.flatMap(SeriesAnchor.init(text:)) }
        }
    }

    /// `value` as the field keeps it: a name trimmed, an empty project none; or why it cannot be.
    public func checked(_ value: FieldValue) throws(ReduceError) -> FieldValue {
        // Made only when thrown: `value.text` formats the value, for every todo a sync sends.
        var wrongKind: ReduceError { .invalid(self, value.text) }
        switch self {
        case .name:
            guard let text = value.textValue else { throw wrongKind }
            let name = Todo.normalizedName(text)
            guard !name.isEmpty else { throw .blankName }
            return .text(name)
        case .description, .notes:
            guard value.textValue != nil else { throw wrongKind }
            return value
        case .tags:
            guard let tags = value.tagsValue else { throw wrongKind }
            // Sorted only to name the same bad tag every time: nearly every set has none.
            if tags.contains(where: { !Tag.isValid($0) }), let bad = tags.sorted().first(where: { !Tag.isValid($0) }) {
                throw .invalid(.tags, bad)
            }
            return value
        case .project:
            guard let word = value.wordValue else { throw wrongKind }
            guard let word, !word.isEmpty else { return .word(nil) }
            guard Tag.isWord(word) else { throw .invalid(.project, word) }
            return value
        case .priority:
            guard value.priorityValue != nil else { throw wrongKind }
            return value
        case .recur:
            return try checkedWord(value) { Recurrence(rule: $0)?.rule }
        case .series:
            return try checkedWord(value) { UUID(uuidString: $0)?.uuidString.lowercased() }
        case .anchor:
            return try checkedWord(value) { SeriesAnchor(text: $0)?.text }
        case .due, .wait, .scheduled, .start, .until:
            guard let date = value.dateValue else { throw wrongKind }
            if let date, !date.isWritable { throw .invalid(self, date.wire) }
            return value
        case .depends:
            guard value.uuidsValue != nil else { throw wrongKind }
            return value
        case .annotations:
            guard let annotations = value.annotationsValue else { throw wrongKind }
            if let bad = annotations.first(where: { !$0.isValid }) { throw .invalid(.annotations, bad.line) }
            return .annotations(Annotation.normalized(annotations))
        case .udas:
            guard let udas = value.udasValue else { throw wrongKind }
            if let bad = udas.keys.sorted().first(where: { !UDA.isName($0) }) { throw .invalid(.udas, bad) }
            return .udas(udas.filter { !$0.value.isEmpty })
        }
    }

    /// A word `canonical` accepts, in the form it gives; an empty word is none.
    private func checkedWord(_ value: FieldValue, _ canonical: (String) -> String?) throws(ReduceError) -> FieldValue {
        guard let word = value.wordValue else { throw .invalid(self, value.text) }
        guard let word, !word.isEmpty else { return .word(nil) }
        guard let form = canonical(word) else { throw .invalid(self, word) }
        return .word(form)
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
        case .uuids: "a dependency is a todo's number or UUID"
        case .annotations: "an annotation is a line of text with a date"
        case .udas: "an attribute's name is \(UDA.rule)"
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
        !text.isEmpty
            && !text.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            }
    }
}

extension Annotation {
    /// Text that is one non-blank line, at a time a date can be written for.
    var isValid: Bool {
        !text.trimmingCharacters(in: .whitespaces).isEmpty && !text.contains(where: \.isNewline)
            && DueDate.instant(at).isWritable
    }
}

/// One change an edit makes to a field.
public enum FieldChange: Hashable, Sendable, Codable {
    /// The field takes this value.
    case set(TodoField, FieldValue)
    /// The members of the value (a set: tags, dependencies, annotations) are added to the field's.
    case add(TodoField, FieldValue)
    /// The members of the value are removed from the field's, those that are there.
    case remove(TodoField, FieldValue)

    /// Sets a text field (name, description, notes).
    public init(_ field: TodoField, _ text: String) {
        self = .set(field, .text(text))
    }

    /// `+TAG`: the tag is added to those there are.
    public static func addTag(_ tag: String) -> FieldChange { .add(.tags, .tags([tag])) }
    /// `-TAG`: the tag is removed, if there.
    public static func removeTag(_ tag: String) -> FieldChange { .remove(.tags, .tags([tag])) }

    public var field: TodoField {
        switch self {
        case .set(let field, _), .add(let field, _), .remove(let field, _): field
        }
    }

    /// Makes the change in `holder`, or throws for a value the field cannot hold.
    public func apply(to holder: inout some TodoFieldHolder) throws(ReduceError) {
        switch self {
        case .set(let field, let value): field.set(try field.checked(value), on: &holder)
        case .add(let field, let value):
            field.set(try field.checked(field.value(of: holder).adding(try field.checked(value))), on: &holder)
        case .remove(let field, let value): field.set(field.value(of: holder).removing(value), on: &holder)
        }
    }

    /// Makes the change without checking it (a new todo's, which `add` checks as a whole).
    public func make(on holder: inout some TodoFieldHolder) {
        switch self {
        case .set(let field, let value): field.set(value, on: &holder)
        case .add(let field, let value): field.set(field.value(of: holder).adding(value), on: &holder)
        case .remove(let field, let value): field.set(field.value(of: holder).removing(value), on: &holder)
        }
    }
}

extension FieldValue {
    /// The members of both (a set's); for a value that is no set, `other`.
    public func adding(_ other: FieldValue) -> FieldValue {
        switch self {
        case .tags(let mine): .tags(mine.union(other.tagsValue ?? []))
        case .uuids(let mine): .uuids(mine.union(other.uuidsValue ?? []))
        case .annotations(let mine): .annotations(Annotation.normalized(mine + (other.annotationsValue ?? [])))
        case .udas(let mine): .udas(mine.merging(other.udasValue ?? [:]) { _, new in new })
        case .text, .word, .priority, .date: other
        }
    }

    /// The members of this but not `other` (a set's); for a value that is no set, `self`.
    public func removing(_ other: FieldValue) -> FieldValue {
        switch self {
        case .tags(let mine): .tags(mine.subtracting(other.tagsValue ?? []))
        case .uuids(let mine): .uuids(mine.subtracting(other.uuidsValue ?? []))
        case .annotations(let mine): .annotations(mine.filter { other.annotationsValue?.contains($0) != true })
        case .udas(let mine): .udas(mine.filter { other.udasValue?[$0.key] == nil })
        case .text, .word, .priority, .date: self
        }
    }
}
