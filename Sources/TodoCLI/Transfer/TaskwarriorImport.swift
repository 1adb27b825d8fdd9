import Foundation
import TodoCore

/// What `todo import --from taskwarrior` makes of `task export` output.
struct TaskwarriorImport {
    var todos: [ImportedTodo]
    /// The tasks that became no todo of their own, in the order of the file (templates last).
    var skipped: [TaskwarriorSkip]

    /// How many were skipped for each reason: deleted, templates, invalid.
    var counts: (deleted: Int, templates: Int, invalid: Int) {
        skipped.reduce(into: (0, 0, 0)) { counts, skip in
            switch skip.reason {
            case .deleted: counts.0 += 1
            case .template: counts.1 += 1
            case .invalid: counts.2 += 1
            }
        }
    }

    /// The values of each user-defined attribute the todos keep, by name.
    var udaValues: [String: [String]] {
        var values: [String: [String]] = [:]
        for todo in todos {
            for (name, value) in todo.content.udas { values[name, default: []].append(value) }
        }
        return values
    }
}

/// A task that became no todo of its own, and why.
struct TaskwarriorSkip: Equatable {
    enum Reason: Equatable {
        /// todo has no deleted state.
        case deleted
        /// A recurring template: its series is the todos of its instances.
        case template
        /// A value todo cannot hold.
        case invalid(String)
    }

    /// The first 8 characters of its UUID (Taskwarrior's short form).
    var uuid: String
    var description: String
    var reason: Reason

    init(_ task: [String: Any], _ reason: Reason) {
        uuid = String((task["uuid"] as? String ?? "no uuid").prefix(8))
        description = task["description"] as? String ?? ""
        self.reason = reason
    }

    init(_ task: TaskwarriorTask, _ reason: Reason) {
        uuid = String(task.todo.uuid.uuidString.lowercased().prefix(8))
        description = task.todo.content.name
        self.reason = reason
    }

    /// `skipped 6f740623 "buy milk": deleted`.
    var line: String {
        let why =
            switch reason {
            case .deleted: "deleted (todo has no deleted todos)"
            case .template: "recurring template, merged into its series"
            case .invalid(let message): message
            }
        return "skipped \(uuid) \"\(description)\": \(why)"
    }
}

extension TaskwarriorFormat {
    /// A user-defined attribute's value as Taskwarrior prints it: text as it is, a number
    /// without a needless fraction (`3`, `3.5`); nil for anything else.
    static func text(_ raw: Any) -> String? {
        if let text = raw as? String { return text }
        guard let number = raw as? NSNumber else { return nil }
        let double = number.doubleValue
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return "\(double)"
    }
}
