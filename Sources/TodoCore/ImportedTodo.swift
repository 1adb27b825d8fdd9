import Foundation

/// A todo read from an export file or another tool, not yet given a number.
///
/// `reduce` merges it by `uuid`: a new UUID becomes a new todo numbered `nextId`; a known one
/// takes the imported text and status only when they differ and `updatedAt` is newer.
public struct ImportedTodo: Equatable, Sendable, Codable {
    public var uuid: UUID
    public var name: String
    public var description: String
    public var notes: String
    public var completed: Bool
    public var createdAt: Date
    public var updatedAt: Date
    /// Used only when `completed`; `updatedAt` stands in when it is nil.
    public var completedAt: Date?

    public init(
        uuid: UUID, name: String, description: String = "", notes: String = "", completed: Bool = false,
        createdAt: Date, updatedAt: Date? = nil, completedAt: Date? = nil
    ) {
        self.uuid = uuid
        self.name = name
        self.description = description
        self.notes = notes
        self.completed = completed
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.completedAt = completedAt
    }
}
