import TodoCore

/// How recurring todos read for people: the rule in `show`, the mark in `list`, and the
/// line saying which next occurrence a completion or a delete made.
enum SeriesText {
    /// `monthly: every month, counted from 2026-01-31 (Europe/Berlin)`.
    static func rule(of todo: Todo) -> String {
        guard let recur = todo.recur else { return "-" }
        let from =
            todo.anchor.map { anchor in
                let time =
                    anchor.time.map {
                        " " + [$0 / 3600, $0 / 60 % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
                    } ?? ""
                return ", counted from \(anchor.day)\(time) (\(oneLine(anchor.zone.identifier)))"
            } ?? ""
        return "\(recur.rule): \(recur.summary)\(recur.afterCompletion ? "" : from)"
    }

    /// What `list` shows after a recurring todo's name: `recur:weekly`.
    static func mark(_ recur: Recurrence) -> String { "recur:" + recur.rule }

    /// `Next: #7 "water plants", due 2026-12-08` for each next occurrence `change` made.
    static func madeLines(_ change: Change, _ dates: DateContext) -> String {
        madeOccurrences(change).map { todo in
            "Next: \(label(todo))\(todo.due.map { ", due " + $0.typed(in: dates) } ?? "")\n"
        }.joined()
    }

    /// The todos `change` added that are occurrences of a series: those a completion, a
    /// delete or an import made.
    static func madeOccurrences(_ change: Change) -> [Todo] {
        change.after.todos.filter { $0.series != nil && $0.id >= change.before.nextId }
    }
}
