import Foundation
import TodoCore

/// `task export` output: a JSON array of tasks (or one task object per line, as older
/// versions print). Mapping:
///
/// - uuid kept; entry → createdAt; modified (else end, else entry) → updatedAt
/// - each field the field table gives a Taskwarrior attribute (`FieldSpec.taskwarrior`):
///   description → name, tags, project, priority, due, wait; dates as `TaskwarriorDate` reads them
/// - annotations → notes, one line each after its date and time (`TaskwarriorAnnotations`)
/// - status completed → completed with end as completedAt; pending and waiting → active
///   (a waiting task keeps its wait date); deleted tasks and recurring templates are skipped
/// - a value todo cannot hold (a tag starting with a digit, a project with a blank, a
///   priority other than H, M or L) is an error naming the task: nothing is imported
/// - other attributes (scheduled, until, depends, recur, user-defined ones) are not read
enum TaskwarriorFormat {
    static func parse(_ bytes: [UInt8], in context: DateContext) throws(InputError) -> [ImportedTodo] {
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
            do {
                if let todo = try self.todo(task, in: context) { todos.append(todo) }
            } catch {
                throw InputError("task \(index + 1): \(error.message)")
            }
        }
        return todos
    }

    /// The todo a task becomes; nil for a task todo does not import (deleted, a recurring template).
    static func todo(_ task: [String: Any], in context: DateContext) throws(InputError) -> ImportedTodo? {
        let status = task["status"] as? String ?? "pending"
        if status == "deleted" || status == "recurring" { return nil }
        guard let uuidText = task["uuid"] as? String, let uuid = UUID(uuidString: uuidText) else { throw InputError("no valid \"uuid\"") }
        guard let entry = try date(task, "entry") else { throw InputError("no \"entry\" date") }
        let end = try date(task, "end")
        let modified = try date(task, "modified")
        let completed = status == "completed"
        var todo = ImportedTodo(
            uuid: uuid, name: "", completed: completed, createdAt: entry, updatedAt: modified ?? end ?? entry,
            completedAt: completed ? end ?? modified : nil)
        for field in TodoField.allCases {
            guard let key = field.spec.taskwarrior else { continue }
            guard let raw = task[key], !(raw is NSNull) else {
                if field == .name { throw InputError("no \"\(key)\"") }
                continue
            }
            guard let value = value(raw, of: field.spec.kind, in: context) else {
                throw InputError("\"\(key)\" is not \(field.spec.kind.taskwarriorForm)")
            }
            do {
                try todo.set(field, value)
            } catch {
                throw InputError(explain(error).0)
            }
        }
        return todo
    }

    /// A value of `kind` from a task's JSON, nil if it is not one.
    static func value(_ raw: Any, of kind: FieldKind, in context: DateContext) -> FieldValue? {
        switch kind {
        case .text: (raw as? String).map(FieldValue.text)
        case .tags: (raw as? [String]).map { .tags(Set($0)) }
        case .word: (raw as? String).map(FieldValue.word)
        case .priority:
            (raw as? String).flatMap { $0.isEmpty ? .priority(nil) : Priority(word: $0).map(FieldValue.priority) }
        case .date: (raw as? String).flatMap(TaskwarriorDate.parse).map { .date(TaskwarriorDate.dueDate($0, in: context)) }
        case .uuids:
            // Taskwarrior 2.6 writes an array; earlier versions one comma-separated string.
            ((raw as? [String]) ?? (raw as? String)?.split(separator: ",").map(String.init))
                .flatMap { texts in
                    let uuids = texts.compactMap { UUID(uuidString: $0.trimmingCharacters(in: .whitespaces)) }
                    return uuids.count == texts.count ? .uuids(Set(uuids)) : nil
                }
        case .annotations:
            (raw as? [[String: Any]]).flatMap { list in
                let annotations = list.compactMap { item -> Annotation? in
                    guard let text = item["description"] as? String,
                        let entry = (item["entry"] as? String).flatMap(TaskwarriorDate.parse)
                    else { return nil }
                    return Annotation(at: entry, text: text)
                }
                return annotations.count == list.count ? .annotations(annotations) : nil
            }
        case .udas: nil
        }
    }

    /// The date at `key`, nil when there is none.
    private static func date(_ task: [String: Any], _ key: String) throws(InputError) -> Date? {
        guard let value = task[key] else { return nil }
        guard let text = value as? String, let date = TaskwarriorDate.parse(text) else {
            throw InputError("\"\(key)\" is not a Taskwarrior date (like 20260121T101500Z)")
        }
        return date
    }
}

extension FieldKind {
    /// What a task's attribute for a field of this kind must be, for messages.
    var taskwarriorForm: String {
        switch self {
        case .text, .word: "a string"
        case .tags: "an array of strings"
        case .priority: "H, M or L"
        case .date: "a Taskwarrior date (like 20260121T101500Z)"
        case .uuids: "an array of UUIDs"
        case .annotations: "an array of {\"entry\": DATE, \"description\": TEXT}"
        case .udas: "a string"
        }
    }
}
