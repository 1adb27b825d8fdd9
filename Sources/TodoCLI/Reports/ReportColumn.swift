import Foundation
import TodoCore

/// One column of a report as Taskwarrior names it (`report.NAME.columns`): an attribute by
/// Taskwarrior's name (`description`, `due`, `entry`, a declared attribute) and one of the
/// formats it takes (`due.relative`, `tags.count`); the first of `formats` when none is given.
struct ReportColumn: Equatable {
    /// How a column shows its attribute, by Taskwarrior's names for the formats.
    enum Format: String, CaseIterable, Sendable {
        case formatted, iso, epoch, age, relative, remaining, active
        case combined, desc, oneline, truncated, count
        case truncatedCount = "truncated_count"
        case full, parent, list, indicator, long, short, number, real, integer, duration, plain

        /// Whether its cells are numbers, aligned right.
        var isNumeric: Bool {
            switch self {
            case .number, .real, .integer, .epoch: true
            case .formatted, .iso, .age, .relative, .remaining, .active, .combined, .desc, .oneline, .truncated, .count,
                .truncatedCount,
                .full, .parent, .list, .indicator, .long, .short, .duration, .plain:
                false
            }
        }
    }

    let attribute: DOMReference.Attribute
    /// As written: `due.relative`.
    let name: String
    let format: Format

    /// Reads `text` (`due`, `due.relative`); `udas` are the attributes declared. Throws a
    /// one-line reason.
    init(_ text: String, udas: UDASchema) throws {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        let base = parts.first ?? ""
        guard let attribute = DOMReference.field(named: base, declared: { udas[$0] != nil }),
            let formats = Self.formats(attribute)
        else {
            throw CommandError(message: "\(quoted(text)) is no column: \(Self.names)", status: ExitStatus.usage)
        }
        guard
            let format = parts.count == 1
                ? formats.first : Format(rawValue: parts[1]).flatMap({ formats.contains($0) ? $0 : nil })
        else {
            throw CommandError(
                message:
                    """
                    \(quoted(text)) is no format \
                    of \(base): \(formats.map { "\(base).\($0.rawValue)" }.joined(separator: ", "))
                    """,
                status: ExitStatus.usage)
        }
        self.attribute = attribute
        name = text
        self.format = format
    }

    static func == (left: ReportColumn, right: ReportColumn) -> Bool { left.name == right.name }

    /// The column names todo shows, for messages.
    static let names =
        """
        id, uuid, status, urgency, description, project, tags, priority, due, wait, scheduled, start, end, entry, \
        modified, until, recur, depends, annotations, or a declared attribute (formats after a dot: due.relative)
        """

    /// The formats an attribute takes, the default first; nil for one no column shows.
    static func formats(_ attribute: DOMReference.Attribute) -> [Format]? {
        let dates: [Format] = [.formatted, .iso, .epoch, .age, .relative, .remaining]
        switch attribute {
        case .id: return [.number]
        case .uuid: return [.long, .short]
        case .status: return [.long, .short]
        case .urgency: return [.real, .integer]
        case .stamp: return dates
        case .uda: return [.plain, .indicator]
        case .field(let field):
            switch field.spec.kind {
            case .text: return [.combined, .desc, .oneline, .truncated, .count, .truncatedCount]
            case .tags: return [.list, .count, .indicator]
            case .word: return field == .project ? [.full, .parent] : [.duration, .indicator]
            case .priority: return [.plain, .indicator]
            case .date: return field == .start ? dates + [.active] : dates
            case .uuids: return [.list, .count, .indicator]
            case .annotations: return [.count]
            case .udas: return nil
            }
        }
    }

    /// Taskwarrior's heading for it, when the report gives no label.
    func defaultLabel(_ udas: UDASchema) -> String {
        switch attribute {
        case .id: return "ID"
        case .uuid: return "UUID"
        case .status: return "Status"
        case .urgency: return "Urg"
        case .stamp(let stamp):
            return ["entry": "Added", "modified": "Modified", "end": "Completed"][stamp.taskwarrior]
                ?? stamp.taskwarrior
        case .uda(let name): return udas[name]?.label ?? name
        case .field(let field):
            if format == .active { return "A" }
            let labels = [
                "description": "Description", "project": "Project", "tags": "Tags", "priority": "P", "due": "Due",
                "wait": "Wait",
                "scheduled": "Sched", "start": "Started", "depends": "Depends", "annotations": "Ann", "recur": "Recur",
                "until": "Until"
            ]
            return labels[field.spec.taskwarrior ?? ""] ?? field.key
        }
    }

    /// Whether showing it needs every open todo (which block which, for urgency).
    var needsOtherTodos: Bool {
        if case .urgency = attribute { return true }
        return false
    }
}

extension ReportColumn {
    /// What a cell needs besides its todo: the clock, which todos block which, the numbers of
    /// the todos read (for `depends`).
    struct Surroundings {
        var dates: DateContext
        var dependencies: Dependencies
        var numbers: [UUID: Int]
        /// What urgency is counted with (its coefficients); nil for Taskwarrior's defaults.
        var scores: FilterContext? = nil

        /// The context urgency is counted in.
        var scoring: FilterContext { scores ?? FilterContext(dates: dates, dependencies: dependencies) }
    }

    /// Its cell for `todo`: lines (the description's annotations below it), empty for none.
    func lines(_ todo: Todo, _ around: Surroundings) -> [String] {
        switch attribute {
        case .field(let field): return lines(field, todo, around)
        case .stamp(let stamp):
            return stamp.date(of: todo).map { [Self.date(.instant($0), format, around.dates)] } ?? []
        case .uda(let name):
            guard let value = todo.udas[name] else { return [] }
            return [format == .indicator ? "U" : oneLine(value)]
        case .id, .uuid, .status, .urgency:
            let value = attribute.values(of: todo, in: around.dates, scores: around.scoring).first ?? ""
            return [shown(value, todo, around)]
        }
    }

    /// An id, uuid, status or urgency as its format shows it.
    private func shown(_ value: String, _ todo: Todo, _ around: Surroundings) -> String {
        switch format {
        case .number: return String(todo.id)
        case .short:
            if case .status = attribute { return value.prefix(1).uppercased() }
            return String(value.prefix(8))
        case .long:
            if case .status = attribute { return value.prefix(1).uppercased() + value.dropFirst() }
            return value
        case .real: return String(format: "%.3g", Urgency.score(todo, in: around.scoring))
        case .integer: return String(Int(Urgency.score(todo, in: around.scoring).rounded()))
        case .formatted, .iso, .epoch, .age, .relative, .remaining, .active, .combined, .desc, .oneline, .truncated,
            .count, .truncatedCount,
            .full, .parent, .list, .indicator, .duration, .plain:
            return value
        }
    }

    /// A field of the table in this format.
    private func lines(_ field: TodoField, _ todo: Todo, _ around: Surroundings) -> [String] {
        let value = field.value(of: todo)
        guard value.isSet else { return [] }
        switch value {
        case .text(let text): return description(oneLine(text), todo, around.dates)
        case .tags(let tags):
            return [
                format == .count ? "[\(tags.count)]" : format == .indicator ? "+" : tags.sorted().joined(separator: " ")
            ]
        case .word(let word):
            let text = oneLine(word ?? "")
            switch format {
            case .parent: return [String(text.prefix { $0 != "." })]
            case .indicator: return ["R"]
            case .formatted, .iso, .epoch, .age, .relative, .remaining, .active, .combined, .desc, .oneline, .truncated,
                .count, .truncatedCount,
                .full, .list, .long, .short, .number, .real, .integer, .duration, .plain:
                return [text]
            }
        case .priority(let priority): return [priority?.rawValue ?? ""]
        case .date(let date):
            guard let date else { return [] }
            if format == .active { return todo.completed ? [] : ["*"] }
            return [Self.date(date, format, around.dates)]
        case .uuids(let uuids):
            if format == .count { return ["[\(uuids.count)]"] }
            if format == .indicator { return ["D"] }
            return [
                uuids.map { around.numbers[$0].map(String.init) ?? String(uuidText($0).prefix(8)) }.sorted().joined(
                    separator: ",")
            ]
        case .annotations(let annotations): return ["[\(annotations.count)]"]
        case .udas: return []
        }
    }

    /// The name as the description column shows it: with the annotations below it
    /// (`combined`), after it (`oneline`), counted (`count`) or not at all.
    private func description(_ name: String, _ todo: Todo, _ dates: DateContext) -> [String] {
        let annotations = todo.attributes.annotations.map {
            (Self.date(.instant($0.at), .formatted, dates), oneLine($0.text))
        }
        switch format {
        case .combined: return [name] + annotations.map { "  \($0.0) \($0.1)" }
        case .oneline: return [([name] + annotations.map { "\($0.0) \($0.1)" }).joined(separator: " ")]
        case .count, .truncatedCount: return [annotations.isEmpty ? name : "\(name) [\(annotations.count)]"]
        case .formatted, .iso, .epoch, .age, .relative, .remaining, .active, .desc, .truncated, .full, .parent, .list,
            .indicator, .long,
            .short, .number, .real, .integer, .duration, .plain:
            return [name]
        }
    }

    /// A date in `format`: the local day (`formatted`), Taskwarrior's UTC form (`iso`),
    /// seconds (`epoch`), how long ago (`age`), how long until (`relative`; `remaining`
    /// blank once past). A whole day counts from its local midnight, as Taskwarrior keeps it.
    static func date(_ date: DueDate, _ format: Format, _ dates: DateContext) -> String {
        let instant = TaskwarriorDate.instant(date, in: dates)
        let ahead = instant.timeIntervalSince(dates.now)
        switch format {
        case .iso: return TaskwarriorDate.string(instant)
        case .epoch: return String(Int(instant.timeIntervalSince1970))
        case .age: return (ahead > 0 ? "-" : "") + LocalTime.span(ahead)
        case .relative: return (ahead < 0 ? "-" : "") + LocalTime.span(ahead)
        case .remaining: return ahead > 0 ? LocalTime.span(ahead) : ""
        case .formatted, .active, .combined, .desc, .oneline, .truncated, .count, .truncatedCount, .full, .parent,
            .list, .indicator, .long,
            .short, .number, .real, .integer, .duration, .plain:
            return ListExtras.localText(date, dates)
        }
    }
}
