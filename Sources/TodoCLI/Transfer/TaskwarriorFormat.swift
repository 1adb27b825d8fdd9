import Foundation
import TodoCore

/// `task export` output: a JSON array of tasks (or one task object per line, as older
/// versions print). Mapping (`TaskwarriorTask` reads one task):
///
/// - uuid kept; entry → createdAt; modified (else end, else entry) → updatedAt
/// - each field the field table gives a Taskwarrior attribute (`FieldSpec.taskwarrior`):
///   description → name, tags, project, priority, due, wait, scheduled, start, depends (an
///   array, or 2.x's comma-separated string), annotations (each with its second), recur (a
///   period as a rule, `Recurrence(taskwarriorPeriod:)`), until; dates as `TaskwarriorDate` reads them
/// - a blank in a project → `␣` (`TaskwarriorValue`), so that it goes back exactly
/// - any other attribute, not Taskwarrior's own (`TaskwarriorTask.ownAttributes`) → a
///   user-defined attribute, as text (a number as Taskwarrior prints it)
/// - status completed → completed with end as completedAt; pending and waiting → active
///   (a waiting task keeps its wait date)
/// - a template and its instances → one series (`TaskwarriorSeries`); the template is skipped
/// - deleted tasks, and tasks with a value todo cannot hold (a tag starting with a digit, an
///   hourly period), are skipped with their reason (`TaskwarriorSkip`); `strict` makes the
///   latter an error naming the task, and nothing is imported
enum TaskwarriorFormat {
    /// The JSON values of the output: an array's, or one per line.
    private static func objects(_ bytes: [UInt8]) throws(InputError) -> [Any] {
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
        return objects
    }

    /// The todos of `task export` output and the tasks left out, each with its reason. A task
    /// todo cannot hold is left out, or with `strict` an error: nothing is imported.
    static func read(_ bytes: [UInt8], in context: DateContext, strict: Bool) throws(InputError) -> TaskwarriorImport {
        var tasks: [TaskwarriorTask] = []
        var skipped: [TaskwarriorSkip] = []
        for (index, object) in try objects(bytes).enumerated() {
            guard let task = object as? [String: Any] else {
                throw InputError("task \(index + 1) is not a JSON object")
            }
            if task["status"] as? String == "deleted" {
                skipped.append(TaskwarriorSkip(task, .deleted))
                continue
            }
            do {
                tasks.append(try TaskwarriorTask(task, in: context))
            } catch {
                if strict { throw InputError("task \(index + 1): \(error.message)") }
                skipped.append(TaskwarriorSkip(task, .invalid(error.message)))
            }
        }
        let series = TaskwarriorSeries.assemble(tasks, in: context)
        return TaskwarriorImport(
            todos: series.todos, skipped: skipped + series.templates.map { TaskwarriorSkip($0, .template) })
    }

    /// The todos of `task export` output, every task todo can hold or an error.
    static func parse(_ bytes: [UInt8], in context: DateContext) throws(InputError) -> [ImportedTodo] {
        try read(bytes, in: context, strict: true).todos
    }

    /// A value of `kind` from a task's JSON, nil if it is not one.
    static func value(_ raw: Any, of kind: FieldKind, in context: DateContext) -> FieldValue? {
        switch kind {
        case .text: (raw as? String).map(FieldValue.text)
        case .tags: (raw as? [String]).map { .tags(Set($0)) }
        case .word: (raw as? String).map(FieldValue.word)
        case .priority:
            (raw as? String).flatMap { $0.isEmpty ? .priority(nil) : Priority(word: $0).map(FieldValue.priority) }
        case .date:
            (raw as? String).flatMap(TaskwarriorDate.parse).map { .date(TaskwarriorDate.dueDate($0, in: context)) }
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
        case .udas:
            (raw as? [String: Any]).flatMap { attributes in
                let texts = attributes.compactMapValues(TaskwarriorFormat.text)
                return texts.count == attributes.count ? .udas(texts) : nil
            }
        }
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
        case .udas: "a string or a number"
        }
    }
}
