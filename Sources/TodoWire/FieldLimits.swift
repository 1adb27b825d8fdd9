import Foundation
import TodoCore

/// The server's limits on a todo's fields, shared so that the client never sends what the
/// server would refuse. Each side words the problem for its own audience.
public enum FieldProblem: Equatable, Sendable {
    case blankName, nameTooLong, descriptionTooLong, notesTooLong, containsNUL
    /// More than `maxTags` tags.
    case tooManyTags
    /// A tag or a project longer than `maxWordBytes`.
    case wordTooLong(TodoField)
    /// A value the field cannot hold (`TodoField.checked`): a tag with a blank, say.
    case invalid(TodoField, String)

    public static let maxNameBytes = 4096
    public static let maxTextBytes = 65536
    public static let maxTags = 64
    public static let maxWordBytes = 256
}

extension TodoFields {
    /// The first limit these fields break, or nil.
    public var problem: FieldProblem? {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .blankName }
        if name.utf8.count > FieldProblem.maxNameBytes { return .nameTooLong }
        if description.utf8.count > FieldProblem.maxTextBytes { return .descriptionTooLong }
        if notes.utf8.count > FieldProblem.maxTextBytes { return .notesTooLong }
        if [name, description, notes].contains(where: { $0.utf8.contains(0) }) { return .containsNUL }
        return attributes.problem
    }
}

extension WireAttributes {
    /// The first limit these values break, or nil.
    public var problem: FieldProblem? {
        for field in TodoField.attributes {
            guard let value = values[field] else { continue }
            do { _ = try field.checked(value) } catch { return .invalid(field, String(value.text.prefix(80))) }
            if value.members.count > FieldProblem.maxTags { return .tooManyTags }
            let words: [String] = if case .word(let word?) = value { [word] } else { Array(value.members) }
            if words.contains(where: { $0.utf8.count > FieldProblem.maxWordBytes }) { return .wordTooLong(field) }
        }
        return nil
    }
}
