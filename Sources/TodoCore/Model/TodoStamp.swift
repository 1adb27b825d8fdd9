import Foundation

/// The times todo keeps itself on every todo, described once: when it was added, last
/// changed and completed. Their JSON keys (`createdAt`) name them in `--json` and `list
/// --format`; Taskwarrior's names for them (`entry`, `modified`, `end`) are their filter keys
/// (`entry.after:2026-01-01`, `end.before:today`, `modified.after:-1h`).
public enum TodoStamp: String, CaseIterable, Sendable {
    case created, updated, completed

    /// Its key in JSON and in `list --format` (`{createdAt}`).
    public var key: String {
        switch self {
        case .created: "createdAt"
        case .updated: "updatedAt"
        case .completed: "completedAt"
        }
    }

    /// Taskwarrior's attribute for it (`task export`), which filter terms name.
    public var taskwarrior: String {
        switch self {
        case .created: "entry"
        case .updated: "modified"
        case .completed: "end"
        }
    }

    /// What it is, for help.
    public var meaning: String {
        switch self {
        case .created: "when the todo was added"
        case .updated: "when the todo last changed"
        case .completed: "when the todo was completed (none while it is open)"
        }
    }

    /// The stamp of `todo`; nil for `completed` while it is open.
    public func date(of todo: some TodoAttributes) -> Date? {
        switch self {
        case .created: todo.createdAt
        case .updated: todo.updatedAt
        case .completed: todo.completedAt
        }
    }

    /// The stamp whose JSON key is `key` (`createdAt`), if any.
    public init?(key: String) {
        guard let stamp = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = stamp
    }
}
