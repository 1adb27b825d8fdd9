import Foundation
import TodoCore
import TodoStore
import TodoWire

func uuidText(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

/// Text for one line: control characters shown as escapes, so a name cannot break the layout
/// or send the terminal a command.
func oneLine(_ text: String) -> String { escapingControls(text, keepingNewlines: false) }

/// `text` with every control character but newlines shown as an escape, for values shown on
/// several lines.
func printable(_ text: String) -> String { escapingControls(text, keepingNewlines: true) }

/// C0 and C1 controls and DEL as `\n`, `\t`, `\r`, `\x1b` or `\u{9b}`.
private func escapingControls(_ text: String, keepingNewlines: Bool) -> String {
    // C0 controls and DEL are single bytes in UTF-8, never part of a longer sequence, and C1
    // controls start with 0xC2; a loop over the contiguous bytes is ten times cheaper than
    // iterating the UTF8View, and most text has none of them.
    let mayHoldControls: (UInt8) -> Bool = {
        ($0 < 0x20 && !(keepingNewlines && $0 == 0x0A)) || $0 == 0x7F || $0 == 0xC2
    }
    guard
        text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: mayHoldControls) })
            ?? text.utf8.contains(where: mayHoldControls)
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n" where keepingNewlines: result += "\n"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += String(format: "\\x%02x", scalar.value)
        case _ where (0x80...0x9F).contains(scalar.value):
            result += String(format: "\\u{%x}", scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// `"text"` on one line, escaped: a value quoted in a message.
func quoted(_ text: String) -> String { "\"\(oneLine(text))\"" }

func displayName(_ todo: Todo) -> String { quoted(todo.name) }

/// `#3 "buy milk"`
func label(_ todo: Todo) -> String { "#\(todo.id) \(displayName(todo))" }

func json(_ todo: Todo) -> String {
    var writer = JSONWriter(capacity: 320)
    StateCodec.write(todo, to: &writer, forOutput: true)
    writer.raw("\n")
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// A JSON array, one todo a line.
func json(_ todos: [Todo]) -> String {
    var writer = JSONWriter(capacity: 320 * todos.count + 4)
    writer.raw("[")
    for (index, todo) in todos.enumerated() {
        writer.raw(index == 0 ? "\n  " : ",\n  ")
        StateCodec.write(todo, to: &writer, forOutput: true)
    }
    writer.raw(todos.isEmpty ? "]\n" : "\n]\n")
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// A JSON string literal.
func json(_ text: String) -> String {
    var writer = JSONWriter()
    writer.string(text)
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// The list table: number, done mark, sync mark, name, and the todo's attributes
/// (`ListExtras`). Fitted to `width` when given: the name is cut before the attributes are,
/// and the due date last (`ListExtras.fitted`).
/// With colour, a row the colour rules colour (`colour`) is drawn whole in their colour, as
/// Taskwarrior draws it; in the others numbers are bold, completed todos dim and overdue ones
/// red. The sync mark is `!` for a conflict and, when `marksUnsynced` (a server is set), `*`
/// for changes not yet synced; its column shows only when some row can have one.
func table(
    _ todos: [Todo], width: Int?, style: Style = .plain, dates: DateContext, dependencies: Dependencies = .none,
    marksUnsynced: Bool,
    colour: ((Todo) -> TerminalColour?)? = nil
) -> String {
    // By index, field by field: `map` and `contains` copy each todo whole.
    let numberWidth = String(todos.indices.reduce(0) { max($0, todos[$1].id) }).count
    let marks = marksUnsynced || todos.indices.contains { !todos[$0].conflicts.isEmpty }
    // The columns for the name and attributes: what the number, done and sync marks leave.
    let room = width.map { max(8, $0 - numberWidth - (marks ? 7 : 5)) }
    // Rows are gathered as bytes: appending each piece to a String costs several times more.
    var out: [UInt8] = []
    out.reserveCapacity(todos.count * 96)
    for todo in todos {
        let number = String(todo.id)
        let pad = String(repeating: " ", count: numberWidth - number.count)
        var rest = todo.completed ? " [x] " : " [ ] "
        if marks { rest += !todo.conflicts.isEmpty ? "! " : todo.synced || !marksUnsynced ? "  " : "* " }
        let name = oneLine(todo.name)
        let extras = todo.hasAttributes ? ListExtras(todo, dates, dependencies) : nil
        if style.enabled, let painted = colour?(todo) {
            rest += fittedName(name, extras, room: room)
            out += style.paint(pad + number + rest, painted).utf8
        } else if !style.enabled {
            out += pad.utf8
            out += number.utf8
            out += rest.utf8
            // Unfitted, the three parts go straight to the bytes (`fittedName` would join them first).
            if let extras, !extras.text.isEmpty, room == nil {
                out += name.utf8
                out += "  ".utf8
                out += extras.text.utf8
            } else {
                out += fittedName(name, extras, room: room).utf8
            }
        } else {
            rest += fittedName(name, extras, room: room)
            out += (pad + style.bold(number)).utf8
            out += (todo.completed ? style.dim(rest) : extras?.overdue == true ? style.red(rest) : rest).utf8
        }
        out.append(0x0A)
    }
    return String(decoding: out, as: UTF8.self)
}

/// A row's name and `extras`, fitted to `room` columns when given.
private func fittedName(_ name: String, _ extras: ListExtras?, room: Int?) -> String {
    guard let extras, !extras.text.isEmpty else { return room.map { truncate(name, toWidth: $0) } ?? name }
    return room.map { extras.fitted(after: name, room: $0) } ?? name + "  " + extras.text
}

/// `3 todos: 2 active, 1 completed`, and how many are waiting, not synced (when
/// `marksUnsynced`) and in conflict.
func summary(_ counts: TodoCounts, shown: Int, narrowed: Bool, waiting: Int = 0, marksUnsynced: Bool) -> String {
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var text = narrowed || waiting > 0 ? "\(shown) of \(plural(counts.total, "todo"))" : plural(counts.total, "todo")
    text += ": \(counts.active) active, \(counts.completed) completed"
    if waiting > 0 { text += ", \(waiting) waiting (--waiting shows them)" }
    if marksUnsynced, counts.unsynced > 0 { text += ", \(counts.unsynced) not synced (*)" }
    if counts.conflicted > 0 { text += ", \(counts.conflicted) with sync conflicts (!)" }
    return text
}

/// `next`'s last line on a terminal, `4 of 13 active todos, most urgent first (todo help next
/// says how).`, shortened to fit `width` columns if it can be.
func nextSummary(shown: Int, of total: Int, context: String? = nil, width: Int) -> String {
    let count =
        "\(shown) of \(total) active todo\(total == 1 ? "" : "s")"
        + (context.map { " in context \(oneLine($0))" } ?? "")
    let forms = [count + ", most urgent first (todo help next says how).", count + ", most urgent first.", count]
    return forms.first { displayWidth($0) <= width } ?? count
}

/// The lines `text` takes on a terminal `width` columns wide.
func screenLines(_ text: String, width: Int) -> Int {
    max(1, (displayWidth(text) + max(1, width) - 1) / max(1, width))
}

/// Every field of a todo, one `Label: value` a line; multi-line values are indented, control
/// characters escaped and dates on the local clock. The field table's fields come after the
/// status, each labelled by its key; unset ones show `-`. A dependency found in
/// `dependencies` shows as `#3 "name"`, one not found as its UUID; each user-defined attribute
/// is a line under its label in `udas`, or its name; then `urgency`, when given.
func details(
    _ todo: Todo, _ time: LocalTime, dependencies: [UUID: Todo] = [:], udas schema: UDASchema = .none,
    urgency: Double? = nil
) -> String {
    let dates = DateContext(now: time.now, timeZone: time.timeZone)
    // The anchor is part of the rule's line: where the series counts from; each user-defined
    // attribute is a line of its own, under its label.
    let fields =
        TodoField.allCases.filter { $0 != .name && $0 != .anchor && $0 != .udas }.map { field in
            (
                field.key.prefix(1).uppercased() + field.key.dropFirst(),
                field == .recur
                    ? SeriesText.rule(of: todo)
                    : field == .depends
                        ? dependsText(todo.depends, dependencies) : shown(field.value(of: todo), time, dates)
            )
        }
        + todo.udas.sorted { $0.key < $1.key }.map { name, value in
            (oneLine(schema[name]?.label ?? name), printable(value))
        }
    let rows: [(String, String)] =
        [
            ("Number", "\(todo.id)"),
            ("UUID", uuidText(todo.uuid)),
            ("Name", oneLine(todo.name)),
            ("Status", todo.completed ? "completed" : "active")
        ] + fields + (urgency.map { [("Urgency", Urgency.number($0))] } ?? []) + [
            ("Created", time.text(todo.createdAt)),
            ("Updated", time.text(todo.updatedAt)),
            ("Completed", todo.completedAt.map(time.text) ?? "-"),
            ("Synced", todo.synced ? "yes" : "no")
        ]
    var out = ""
    let conflicts = todo.conflicts.map { conflict in
        conflict.field == "deleted"
            ? ("Conflict", oneLine("\(conflict.lost); \(conflict.kept) was kept (\(time.text(conflict.at)))"))
            : (
                "Conflict",
                """
                \(conflict.field): kept \(quoted(conflict.kept)); lost \(quoted(conflict.lost)) \
                (\(time.text(conflict.at)))
                """
            )
    }
    for (key, value) in rows + conflicts {
        let pad = String(repeating: " ", count: max(1, 13 - key.count))
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        out += "\(key):\(pad)\(lines.first.map(String.init) ?? "")\n"
        for line in lines.dropFirst() { out += String(repeating: " ", count: 14) + line + "\n" }
    }
    return out
}

/// The todos depended on, one a line: `#3 "name"` (and `(completed)`) for those here, in
/// number order, then the UUIDs of the others; `-` for none.
private func dependsText(_ depends: Set<UUID>, _ known: [UUID: Todo]) -> String {
    guard !depends.isEmpty else { return "-" }
    let found = depends.compactMap { known[$0] }.sorted { $0.id < $1.id }.map {
        label($0) + ($0.completed ? " (completed)" : "")
    }
    return (found + depends.filter { known[$0] == nil }.map(uuidText).sorted()).joined(separator: "\n")
}

/// A field's value for `show`: text as it is (escaped, its lines kept), tags blank-separated,
/// a whole day with how far it is (`2026-12-01 (in 3d)`), an instant on the local clock, `someday`.
private func shown(_ value: FieldValue, _ time: LocalTime, _ dates: DateContext) -> String {
    switch value {
    case .text(let text): return printable(text)
    case .date(.someday?): return DueDate.somedayWord
    case .date(.day(let day)?):
        let ahead = day.ordinal - dates.today.ordinal
        let when =
            ahead == 0
            ? "today"
            : ahead == 1 ? "tomorrow" : ahead == -1 ? "yesterday" : ahead > 0 ? "in \(ahead)d" : "\(-ahead)d ago"
        return "\(day) (\(when))"
    case .date(.instant(let instant)?): return time.text(instant)
    case .annotations(let annotations) where !annotations.isEmpty:
        return printable(annotations.map { AnnotationLine.text($0, in: time.timeZone) }.joined(separator: "\n"))
    case .date(nil), .annotations, .tags, .word, .priority, .uuids, .udas:
        return value.isSet ? oneLine(value.text) : "-"
    }
}
