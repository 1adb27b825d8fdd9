import Foundation

/// A todo read from an export file or another tool, not yet given a number.
///
/// `reduce` merges it by `uuid`: a new UUID becomes a new todo numbered `nextId`; a known one
/// takes the imported text and status only when they differ and `updatedAt` is newer.
public struct ImportedTodo: Equatable, Sendable, Codable {
    public var uuid: UUID
    public var content: TodoContent

    /// A completed todo without `completedAt` counts as completed at `updatedAt`.
    public init(
        uuid: UUID, name: String, description: String = "", notes: String = "", completed: Bool = false,
        createdAt: Date, updatedAt: Date? = nil, completedAt: Date? = nil
    ) {
        let updated = updatedAt ?? createdAt
        self.uuid = uuid
        content = TodoContent(
            name: name, description: description, notes: notes, completed: completed,
            completedAt: completed ? completedAt ?? updated : nil, createdAt: createdAt, updatedAt: updated)
    }
}

extension ImportedTodo {
    /// Sets `field` to `value` as the field keeps it (`TodoField.checked`), or throws why it cannot hold it.
    public mutating func set(_ field: TodoField, _ value: FieldValue) throws(ReduceError) {
        field.set(try field.checked(value), on: &content)
    }
}
