import Foundation
import TodoCore

/// One of Taskwarrior's DOM references, as `_get` reads them: `ID.ATTRIBUTE` with
/// Taskwarrior's attribute names (`3.description` is the name, `3.entry` when it was added),
/// `ID.tags.TAG`, `ID.annotations.count`, `ID.annotations.N.description|entry` (N from 1),
/// and `rc.SETTING`.
struct DOMReference {
    enum Target {
        case attribute(Attribute)
        case tag(String)
        case annotationCount
        case annotation(index: Int, entry: Bool)
    }

    /// What a todo's reference names: a field of the table, a time it keeps, or one of these.
    enum Attribute: Equatable {
        case field(TodoField)
        case stamp(TodoStamp)
        case id, uuid, status, urgency
        case uda(String)

        /// Its value or values as Taskwarrior prints them: dates on the local clock, tags
        /// joined by commas, urgency as `scores` counts it; none when unset.
        func values(of todo: Todo, in dates: DateContext, scores: FilterContext? = nil) -> [String] {
            switch self {
            case .field(let field):
                let value = field.value(of: todo)
                switch value {
                case .date(let date?): return [DOMReference.localText(date, in: dates)]
                case .tags(let tags): return tags.isEmpty ? [] : [tags.sorted().joined(separator: ",")]
                case .text, .word, .priority, .date, .uuids, .annotations, .udas:
                    return value.text.isEmpty ? [] : [value.text]
                }
            case .stamp(let stamp):
                return stamp.date(of: todo).map { [DOMReference.localText(.instant($0), in: dates)] } ?? []
            case .id: return todo.completed ? ["0"] : [String(todo.id)]
            case .uuid: return [uuidText(todo.uuid)]
            case .status: return [todo.completed ? "completed" : todo.isWaiting(in: dates) ? "waiting" : "pending"]
            case .urgency:
                return [Urgency.number(Urgency.score(todo, in: scores ?? FilterContext(dates: dates)))]
            case .uda(let name): return todo.udas[name].map { [$0] } ?? []
            }
        }
    }

    var todo: String?
    var target: Target?
    /// `rc.SETTING`'s setting.
    var setting: String?

    /// The attribute names a reference may use, for messages.
    static let fieldNames =
        "id, uuid, status, urgency, " + TodoStamp.allCases.map(\.taskwarrior).joined(separator: ", ") + ", "
        + TodoField.allCases.filter { $0.spec.kind != .udas }.compactMap(\.spec.taskwarrior).joined(separator: ", ")
        + " or a declared attribute"

    /// The attribute Taskwarrior's `name` names (`description`, `due`, `entry`), or a
    /// user-defined one `declared` knows.
    static func field(named name: String, declared: (String) -> Bool) -> Attribute? {
        if let field = TodoField.allCases.first(where: { $0.spec.taskwarrior == name && $0.spec.kind != .udas }) {
            return .field(field)
        }
        if let stamp = TodoStamp.allCases.first(where: { $0.taskwarrior == name }) { return .stamp(stamp) }
        switch name {
        case "id": return .id
        case "uuid": return .uuid
        case "status": return .status
        case "urgency": return .urgency
        default: return UDA.isName(name) && declared(name) ? .uda(name) : nil
        }
    }

    /// Reads `text`; `declared` tells the user-defined attributes there are.
    init(_ text: String, declared: (String) -> Bool) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let refused = CommandError(
            message:
                """
                '\(oneLine(text))' is not a DOM reference: write ID.FIELD (3.due; fields: \(Self.fieldNames)), \
                ID.tags.TAG, ID.annotations.N.description or rc.SETTING
                """,
            status: ExitStatus.usage)
        if parts[0] == "rc", parts.count > 1 {
            setting = parts.dropFirst().joined(separator: ".")
            return
        }
        guard parts.count >= 2, (try? TodoIDs(parts[0]))?.single != nil else { throw refused }
        todo = parts[0]
        switch (parts[1], parts.count) {
        case ("tags", 3): target = .tag(parts[2])
        case ("annotations", 3) where parts[2] == "count": target = .annotationCount
        case ("annotations", 4) where ["description", "entry"].contains(parts[3]):
            guard let index = Int(parts[2]), index >= 1 else { throw refused }
            target = .annotation(index: index, entry: parts[3] == "entry")
        case (let name, 2):
            guard let attribute = Self.field(named: name, declared: declared) else { throw refused }
            target = .attribute(attribute)
        default: throw refused
        }
    }

    var needsOtherTodos: Bool {
        if case .attribute(.urgency) = target { return true }
        return false
    }

    /// Its value in `state` (or the config's `values`), urgency counted in `scores`; empty when there is none.
    func value(in state: TodoState, config values: [String: String], scores: FilterContext) -> String {
        let dates = scores.dates
        if let setting { return values[setting] ?? "" }
        guard let todo, let found = try? state.resolve(todo), let target else { return "" }
        switch target {
        case .attribute(let attribute):
            return attribute.values(of: found, in: dates, scores: scores).joined(separator: ",")
        case .tag(let tag): return found.tags.contains(tag) ? tag : ""
        case .annotationCount: return String(found.annotations.count)
        case .annotation(let index, let entry):
            guard index <= found.annotations.count else { return "" }
            let annotation = found.annotations[index - 1]
            return entry ? Self.localText(.instant(annotation.at), in: dates) : annotation.text
        }
    }

    /// A date as Taskwarrior prints one: `2026-12-10T14:00:00` on the local clock; a whole
    /// day at its local midnight.
    static func localText(_ date: DueDate, in dates: DateContext) -> String {
        LocalTime.clock(TaskwarriorDate.instant(date, in: dates), in: dates.timeZone).replacingOccurrences(
            of: " ", with: "T")
    }
}
