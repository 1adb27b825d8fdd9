import Foundation
import TodoCore
import TodoStore
import TodoSync
import TodoWire

/// Todos as TaskChampion tasks (Taskwarrior 3's replica format) and back, through the same
/// reading and writing as `task export` and `task import` (`TaskwarriorExport`,
/// `TaskwarriorTask`, from the field table's Taskwarrior column): a task's properties are
/// that JSON flattened as TaskChampion keeps it. Dates are Unix seconds; each tag is
/// `tag_NAME`, each dependency `dep_UUID`, each annotation `annotation_SECONDS`, each
/// user-defined attribute its own property. As in `task export`, a todo's description and notes
/// travel as annotations (Taskwarrior has no other place for them).
///
/// What todo does not read is never changed (`ReplicaMapping.kept`): a recurring instance's
/// `parent` and `imask`, Taskwarrior 3's legacy `tags` and `depends`, a value it cannot read. A
/// recurring instance holds no rule here: its template, which todo does not show, makes the
/// next one (`TaskChampionSeries`, on every replica alike).
enum TaskChampionMapping {
    static func mapping(in context: DateContext) -> ReplicaMapping {
        ReplicaMapping(
            task: { task(of: $0, over: $1, in: context) }, todo: { todo($0, $1, in: context) },
            series: { TaskChampionSeries.operations($0, in: context) })
    }

    /// The fields the field table gives a Taskwarrior attribute, and it: read once.
    static let taskwarriorFields = TodoField.allCases.compactMap { field in field.spec.taskwarrior.map { (field, $0) } }

    /// The properties holding a date, as Unix seconds.
    static let dates: Set<String> = ["entry", "modified", "end", "start", "wait", "due", "scheduled", "until"]
    /// The statuses of the tasks todo shows; Taskwarrior 2's `waiting` is pending with a wait.
    static let shown: Set<String> = ["pending", "completed", "waiting"]
    /// Properties Taskwarrior 3 writes twice (`tag_X` and `tags`, `dep_X` and `depends`):
    /// read from the per-item ones.
    static let legacy: Set<String> = ["tags", "depends"]

    /// `todo`'s task as `base` (its task as last synced) writes the same values: a tag's or a
    /// dependency's value as there, and Taskwarrior 3's duplicated `tags` and `depends`
    /// (comma-separated) kept consistent where it has them.
    static func task(of todo: Todo, over base: TaskMap?, in context: DateContext) -> TaskMap {
        var task = task(of: todo, in: context)
        guard let base else { return task }
        var tags: [String] = []
        var depends: [String] = []
        for key in Array(task.keys) {
            if key.hasPrefix("tag_") {
                tags.append(String(key.dropFirst(4)))
            } else if key.hasPrefix("dep_") {
                depends.append(String(key.dropFirst(4)))
            } else {
                continue
            }
            if let value = base[key] { task[key] = value }
        }
        for (legacy, items) in [("tags", tags), ("depends", depends)] where base[legacy] != nil && !items.isEmpty {
            let old = base[legacy] ?? ""
            task[legacy] =
                Set(old.split(separator: ",").map(String.init)) == Set(items)
                ? old : items.sorted().joined(separator: ",")
        }
        return task
    }

    /// The properties `TaskwarriorExport.write` gives `todo`, flattened (`viaExport` is that
    /// route, for the tests); written directly, as every sync writes every todo.
    static func task(of todo: Todo, in context: DateContext) -> TaskMap {
        var task: TaskMap = [
            "status": todo.completed ? "completed" : "pending",
            "entry": seconds(todo.createdAt), "modified": seconds(todo.updatedAt)
        ]
        if todo.completed { task["end"] = seconds(todo.completedAt ?? todo.updatedAt) }
        var exported = todo
        let lines = (todo.description + "\n" + todo.notes).split(whereSeparator: \.isNewline)
        if !lines.isEmpty {
            exported.annotations += TaskwarriorAnnotations.annotations(lines, from: todo.createdAt, in: context)
                .map { Annotation(at: $0.entry, text: $0.text) }
        }
        for (field, key) in taskwarriorFields {
            let value = TaskwarriorValue.outgoing(field.value(of: exported), for: field)
            guard value.isSet else { continue }
            switch value {
            case .text(let text): task[key] = text
            case .word(let word): task[key] = word ?? ""
            case .priority(let priority): task[key] = priority?.rawValue ?? ""
            case .date(let date): task[key] = date.map { seconds(TaskwarriorDate.instant($0, in: context)) } ?? ""
            case .tags(let tags): for tag in tags { task["tag_" + tag] = "" }
            case .uuids(let uuids): for uuid in uuids { task["dep_" + uuid.uuidString.lowercased()] = "" }
            case .udas(let udas): for (name, text) in udas { task[name] = text }
            case .annotations(let annotations):
                // Taskwarrior keeps one annotation a second: later ones that share one move on.
                var last: Date?
                for annotation in annotations {
                    var entry = Date(timeIntervalSince1970: annotation.at.timeIntervalSince1970.rounded(.down))
                    if let last, entry <= last { entry = last.addingTimeInterval(1) }
                    last = entry
                    task["annotation_" + seconds(entry)] = annotation.text
                }
            }
        }
        return task
    }

    /// `task(of:in:)` the long way: `task export`'s JSON, read back and flattened.
    static func viaExport(_ todo: Todo, in context: DateContext) -> TaskMap {
        var writer = JSONWriter(capacity: 512)
        TaskwarriorExport.write(todo, to: &writer, in: context)
        guard let object = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any] else {
            return [:]
        }
        var task: TaskMap = [:]
        for (key, value) in object where key != "uuid" {
            switch key {
            case "tags":
                for tag in value as? [String] ?? [] { task["tag_" + tag] = "" }
            case "depends":
                for uuid in value as? [String] ?? [] { task["dep_" + uuid] = "" }
            case "annotations":
                for annotation in value as? [[String: Any]] ?? [] {
                    guard let entry = (annotation["entry"] as? String).flatMap(TaskwarriorDate.parse),
                        let text = annotation["description"] as? String
                    else { continue }
                    task["annotation_\(seconds(entry))"] = text
                }
            default:
                guard let text = value as? String else { continue }
                task[key] = dates.contains(key) ? TaskwarriorDate.parse(text).map(seconds) ?? text : text
            }
        }
        return task
    }

    /// The todo `task` is shown as, nil for one todo does not show. A task whose
    /// user-defined attributes or rule todo cannot hold is shown without them.
    static func todo(_ uuid: UUID, _ task: TaskMap, in context: DateContext) -> ImportedTodo? {
        guard shown.contains(task["status"] ?? "pending") else { return nil }
        let object = exported(uuid, task)
        if let todo = try? TaskwarriorTask(object, in: context).todo { return todo }
        let core = object.filter { TaskwarriorTask.udas(of: [$0.key: $0.value]) == nil && $0.key != "recur" }
        return try? TaskwarriorTask(core, in: context).todo
    }

    /// `task` as `task export` writes a task.
    static func exported(_ uuid: UUID, _ task: TaskMap) -> [String: Any] {
        var object: [String: Any] = ["uuid": uuid.uuidString.lowercased()]
        var tags: [String] = []
        var depends: [String] = []
        var annotations: [(Double, String)] = []
        for (key, value) in task {
            if key.hasPrefix("tag_") {
                tags.append(String(key.dropFirst(4)))
            } else if key.hasPrefix("dep_") {
                depends.append(String(key.dropFirst(4)))
            } else if key.hasPrefix("annotation_") {
                if let at = Double(key.dropFirst(11)) { annotations.append((at, value)) }
            } else if dates.contains(key) {
                if let at = Double(value) { object[key] = TaskwarriorDate.string(Date(timeIntervalSince1970: at)) }
            } else if legacy.contains(key) || key == "recur" && task["parent"] != nil {
                continue
            } else if TaskwarriorTask.udas(of: [key: value]) != nil, !UDA.isName(key) {
                continue  // no attribute todo can hold: kept as it is
            } else {
                object[key] = value
            }
        }
        if !tags.isEmpty { object["tags"] = tags.sorted() }
        if !depends.isEmpty { object["depends"] = depends.sorted() }
        if !annotations.isEmpty {
            object["annotations"] = annotations.sorted { $0.0 < $1.0 }.map {
                ["entry": TaskwarriorDate.string(Date(timeIntervalSince1970: $0.0)), "description": $0.1]
            }
        }
        return object
    }

    static func seconds(_ date: Date) -> String { String(Int64(date.timeIntervalSince1970.rounded(.down))) }
}
