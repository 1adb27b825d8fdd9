import Foundation
import TodoCore

/// The server's limits on a todo's fields, shared so that the client never sends what the
/// server would refuse. Both say what is wrong in the same words (`message`).
public enum FieldProblem: Equatable, Sendable {
    case blankName, nameTooLong, descriptionTooLong, notesTooLong, containsNUL
    /// More than `maxTags` tags.
    case tooManyTags
    /// More members than `maxMembers` in another set (dependencies, annotations, attributes).
    case tooMany(TodoField)
    /// A tag or a project longer than `maxWordBytes`, or an annotation or an attribute's
    /// value longer than `maxNameBytes`.
    case wordTooLong(TodoField)
    /// A value the field cannot hold (`TodoField.checked`): a tag with a blank, say.
    case invalid(TodoField, String)

    public static let maxNameBytes = 4096
    public static let maxTextBytes = 65536
    public static let maxTags = 64
    public static let maxWordBytes = 256
    public static let maxMembers = 256

    /// How many members `field`'s value may hold: tags and user-defined attributes
    /// `maxTags`, dependencies and annotations `maxMembers`.
    public static func maxCount(of field: TodoField) -> Int {
        field.spec.kind == .tags || field.spec.kind == .udas ? maxTags : maxMembers
    }

    /// How many bytes one tag or word (`maxWordBytes`), or one annotation or user-defined
    /// attribute's value (`maxNameBytes`), of `field` may take.
    public static func maxValueBytes(of field: TodoField) -> Int {
        field.spec.kind == .tags || field.spec.kind == .word ? maxWordBytes : maxNameBytes
    }

    /// What is wrong, as the server answers it (after `operations[N].todo: `) and the client
    /// reports a todo it does not send: "name is longer than 4096 bytes".
    public var message: String {
        switch self {
        case .blankName: "name is blank"
        case .nameTooLong: "name is longer than \(Self.maxNameBytes) bytes"
        case .descriptionTooLong: "description is longer than \(Self.maxTextBytes) bytes"
        case .notesTooLong: "notes is longer than \(Self.maxTextBytes) bytes"
        case .containsNUL: "text contains a NUL character"
        case .tooManyTags: "more than \(Self.maxTags) tags"
        case .tooMany(let field): "more than \(Self.maxCount(of: field)) members in \(field.key)"
        case .wordTooLong(let field): "\(Self.one(of: field)) is longer than \(Self.maxValueBytes(of: field)) bytes"
        case .invalid(let field, let value): "\(field.key) cannot hold \(value.debugDescription): \(field.valueRule)"
        }
    }

    /// "a tag", "project", "a member of annotations": the value `wordTooLong` is about.
    private static func one(of field: TodoField) -> String {
        switch field.spec.kind {
        case .tags: "a tag"
        case .word: field.key
        case .text, .priority, .date, .uuids, .annotations, .udas: "a member of \(field.key)"
        }
    }
}

extension TodoFields {
    /// The first limit these fields break, or nil.
    public var problem: FieldProblem? {
        Self.textProblem(name: name, description: description, notes: notes) ?? attributes.problem
    }

    /// The first limit a todo's texts break, or nil.
    static func textProblem(name: String, description: String, notes: String) -> FieldProblem? {
        if Self.isBlank(name) { return .blankName }
        if name.utf8.count > FieldProblem.maxNameBytes { return .nameTooLong }
        if description.utf8.count > FieldProblem.maxTextBytes { return .descriptionTooLong }
        if notes.utf8.count > FieldProblem.maxTextBytes { return .notesTooLong }
        if hasNUL(name) || hasNUL(description) || hasNUL(notes) { return .containsNUL }
        return nil
    }

    /// Whether `text` holds a NUL byte: `memchr` over a native string's bytes.
    static func hasNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 0 && memchr(bytes.baseAddress!, 0, bytes.count) != nil
        } ?? text.utf8.contains(0)
    }

    /// Whether `text` is only white space: a name starting with a printable ASCII character is
    /// not (nearly every name), without `trimmingCharacters`, which copied each name sent.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

extension TodoContent {
    /// The first limit this content's wire form (`wire`) would break, or nil: the same rules
    /// as `TodoFields.problem`, without building that form (a first push checks 10,000).
    public var wireProblem: FieldProblem? {
        if let problem = TodoFields.textProblem(name: name, description: description, notes: notes) { return problem }
        for field in TodoField.attributes {
            if let problem = WireAttributes.problem(field, field.value(of: attributes)) { return problem }
        }
        return nil
    }
}

extension WireAttributes {
    /// The first limit these values break, or nil.
    public var problem: FieldProblem? {
        for field in TodoField.attributes {
            if let value = values[field], let problem = Self.problem(field, value) { return problem }
        }
        return nil
    }

    /// The limit `value` breaks as `field`'s, if any. An unset one (a field cleared) breaks
    /// none, and is of the field's kind, as every value read by it (`FieldKind.read`) or taken
    /// from a todo is: most of what a push sends.
    static func problem(_ field: TodoField, _ value: FieldValue) -> FieldProblem? {
        guard value.isSet else { return nil }
        do { _ = try field.checked(value) } catch { return .invalid(field, String(value.text.prefix(80))) }
        return value.problem(of: field)
    }
}

extension FieldValue {
    /// The limit on counts and sizes the value breaks, if any.
    func problem(of field: TodoField) -> FieldProblem? {
        // Each count and size is held to the lower limit first, so `field.spec` (a struct built
        // at each use) is looked up only for a value past it: a sync checks every field it sends.
        func tooMany(_ count: Int) -> Bool {
            count > FieldProblem.maxTags && count > FieldProblem.maxCount(of: field)
        }
        func tooLong(_ words: some Sequence<String>) -> Bool {
            words.contains { word in
                word.utf8.count > FieldProblem.maxWordBytes && word.utf8.count > FieldProblem.maxValueBytes(of: field)
            }
        }
        switch self {
        case .text, .priority, .date: return nil
        case .word(let word):
            guard let word else { return nil }
            return tooLong(CollectionOfOne(word)) ? .wordTooLong(field) : nil
        case .tags(let tags):
            if tags.count > FieldProblem.maxTags { return .tooManyTags }
            return tooLong(tags) ? .wordTooLong(field) : nil
        case .uuids(let uuids): return tooMany(uuids.count) ? .tooMany(field) : nil
        case .annotations(let annotations):
            if tooMany(annotations.count) { return .tooMany(field) }
            if annotations.contains(where: { TodoFields.hasNUL($0.text) }) { return .containsNUL }
            return tooLong(annotations.lazy.map(\.text)) ? .wordTooLong(field) : nil
        case .udas(let udas):
            if tooMany(udas.count) { return .tooMany(field) }
            if udas.values.contains(where: TodoFields.hasNUL) { return .containsNUL }
            return tooLong(udas.values) ? .wordTooLong(field) : nil
        }
    }
}
