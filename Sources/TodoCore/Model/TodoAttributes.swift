import Foundation

/// The values of a todo that filters and urgency read: `Todo`'s, or a test's small struct.
public protocol TodoAttributes {
    /// Its number.
    var id: Int { get }
    var name: String { get }
    var description: String { get }
    var notes: String { get }
    var attributes: Attributes { get }
    var createdAt: Date { get }
    /// When it last changed (Taskwarrior's `modified`).
    var updatedAt: Date { get }
    /// When it was completed (Taskwarrior's `end`); nil while it is open.
    var completedAt: Date? { get }
    /// Whose todo it is, for the dependencies among todos (`Dependencies`).
    var uuid: UUID { get }
    var completed: Bool { get }
    /// False while it has changes the server has not acknowledged (+UNSYNCED).
    var synced: Bool { get }
}

extension Todo: TodoAttributes {}
