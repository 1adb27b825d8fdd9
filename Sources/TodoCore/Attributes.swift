import Foundation

/// A todo's attributes: every field of `TodoField.attributes` (all but name, description
/// and notes), stored once. `Todo`, `TodoContent` and `NewTodo` each hold one, and reach
/// its fields as their own (`todo.due`) through `TodoFieldHolder`'s member lookup, so a
/// new field is a property here and nowhere else among the holders.
public struct Attributes: Hashable, Sendable, Codable {
    /// Case-sensitive words (see `Tag`).
    public var tags: Set<String> = []
    /// Dots make a hierarchy: `home.garden` is inside `home`.
    public var project: String?
    public var priority: Priority?
    public var due: DueDate?
    /// Hidden from the default list until this date has come.
    public var wait: DueDate?
    /// How the todo repeats; only the open occurrence of a series holds it (see `Series`).
    public var recur: Recurrence?
    /// No occurrence of the series is made due after this date.
    public var until: DueDate?
    /// The series the todo is an occurrence of: the UUID of its first occurrence.
    public var series: UUID?
    /// The due date its series counts from, on its time zone's clock.
    public var anchor: SeriesAnchor?

    public init() {}

    /// No attribute set.
    public static let none = Attributes()
}

/// Something holding a value for every `TodoField`: a todo, its synced content, a new todo.
/// Its attributes read and write as its own properties: `holder.tags`.
@dynamicMemberLookup
public protocol TodoFieldHolder {
    var name: String { get set }
    var description: String { get set }
    var notes: String { get set }
    var attributes: Attributes { get set }
}

extension TodoFieldHolder {
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Attributes, Value>) -> Value {
        get { attributes[keyPath: keyPath] }
        set { attributes[keyPath: keyPath] = newValue }
    }
}
