import Foundation

/// The server's limits on a todo's text, shared so that the client never sends what the
/// server would refuse. Each side words the problem for its own audience.
public enum FieldProblem: Equatable, Sendable {
    case blankName, nameTooLong, descriptionTooLong, notesTooLong, containsNUL

    public static let maxNameBytes = 4096
    public static let maxTextBytes = 65536
}

extension TodoFields {
    /// The first limit these fields break, or nil.
    public var problem: FieldProblem? {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .blankName }
        if name.utf8.count > FieldProblem.maxNameBytes { return .nameTooLong }
        if description.utf8.count > FieldProblem.maxTextBytes { return .descriptionTooLong }
        if notes.utf8.count > FieldProblem.maxTextBytes { return .notesTooLong }
        if [name, description, notes].contains(where: { $0.utf8.contains(0) }) { return .containsNUL }
        return nil
    }
}
