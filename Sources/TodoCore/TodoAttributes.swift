import Foundation

/// The values of a todo that filters and urgency read: `Todo`'s, or a test's small struct.
public protocol TodoAttributes {
    var name: String { get }
    var description: String { get }
    var notes: String { get }
    /// Case-sensitive words, as in Taskwarrior.
    var tags: Set<String> { get }
    /// Dots make a hierarchy: `home.garden` is inside `home`.
    var project: String? { get }
    var priority: Priority? { get }
    var due: DueDate? { get }
    var wait: DueDate? { get }
    var createdAt: Date { get }
}
