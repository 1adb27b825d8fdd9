import Foundation
import TodoCore
import TodoWire

/// `task export` output: a JSON array of tasks (or one task object per line, as older
/// versions print). Mapping:
///
/// - description → name; uuid kept; entry → createdAt; modified (else end, else entry) → updatedAt
/// - status completed → completed with end as completedAt; pending and waiting → active;
///   deleted tasks and recurring templates are skipped
/// - annotations → notes, one a line, in order
/// - project, tags, priority, due → the description, as `project:home +tag priority:H due:…`
enum TaskwarriorFormat {
    static func parse(_ bytes: [UInt8]) throws(InputError) -> [ImportedTodo] {
        let data = Data(bytes)
        var objects: [Any] = []
        if let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] {
            objects = array
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            for (offset, line) in lines(text).enumerated() {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
                    throw InputError("line \(offset + 1): not valid JSON (expected the output of 'task export')")
                }
                objects.append(object)
            }
        }
        var todos: [ImportedTodo] = []
        for (index, object) in objects.enumerated() {
            guard let task = object as? [String: Any] else { throw InputError("task \(index + 1) is not a JSON object") }
            if let todo = try self.todo(task, number: index + 1) { todos.append(todo) }
        }
        return todos
    }

    static func todo(_ task: [String: Any], number: Int) throws(InputError) -> ImportedTodo? {
        func problem(_ message: String) -> InputError { InputError("task \(number): \(message)") }
        func date(_ key: String) throws(InputError) -> Date? {
            guard let value = task[key] else { return nil }
            guard let text = value as? String, let date = parseDate(text) else {
                throw problem("\"\(key)\" is not a Taskwarrior date (like 20260121T101500Z)")
            }
            return date
        }
        let status = task["status"] as? String ?? "pending"
        if status == "deleted" || status == "recurring" { return nil }
        guard let uuidText = task["uuid"] as? String, let uuid = UUID(uuidString: uuidText) else { throw problem("no valid \"uuid\"") }
        guard let name = task["description"] as? String else { throw problem("no \"description\"") }
        guard let entry = try date("entry") else { throw problem("no \"entry\" date") }
        let end = try date("end")
        let modified = try date("modified")
        var details: [String] = []
        if let project = task["project"] as? String, !project.isEmpty { details.append("project:\(project)") }
        if let tags = task["tags"] as? [String] { details += tags.map { "+\($0)" } }
        if let priority = task["priority"] as? String, !priority.isEmpty { details.append("priority:\(priority)") }
        if let due = try date("due") { details.append("due:\(ISO8601Millis.string(due))") }
        let annotations = (task["annotations"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
        let completed = status == "completed"
        return ImportedTodo(
            uuid: uuid, name: name, description: details.joined(separator: " "),
            notes: annotations.joined(separator: "\n"), completed: completed, createdAt: entry,
            updatedAt: modified ?? end ?? entry, completedAt: completed ? end ?? modified : nil)
    }

    /// `20260121T101500Z` (Taskwarrior's form) or ISO 8601 `2026-01-21T10:15:00Z`.
    static func parseDate(_ text: String) -> Date? {
        let characters = Array(text)
        if characters.count == 16, characters[8] == "T", characters[15] == "Z" {
            let s = { (from: Int, count: Int) in String(characters[from..<from + count]) }
            return ISO8601Millis.parse("\(s(0, 4))-\(s(4, 2))-\(s(6, 2))T\(s(9, 2)):\(s(11, 2)):\(s(13, 2))Z")
        }
        return ISO8601Millis.parse(text)
    }
}
