import Foundation
import TodoCore
import TodoStore

/// `todo history [daily|weekly|monthly|annual] [FILTER...] [--graph]`: todos added, completed
/// and deleted in each period any were, as a table or as bars.
enum HistoryCommand {
    static let periods = ReportPeriod.allCases.map(\.rawValue)

    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context) { periods.contains($0) }
        let period = input.word.flatMap(ReportPeriod.init) ?? .monthly
        let scale = ReportPeriod.Scale(period, firstWeekday: input.firstWeekday)
        return .query(reads: TodoSelection.allWithDeletedHistory) { state in
            let days = DayReader(input.dates.timeZone)
            let rows = PeriodCount.history(
                try input.todos(state), deleted: try input.deleted(state), scale: scale, days: days)
            if input.asJSON {
                return Output(
                    stdout: ReportJSON.object([
                        ("period", .string(period.rawValue)),
                        (
                            "periods",
                            .array(
                                rows.map { row in
                                    .object([
                                        ("start", .day(row.start)), ("added", .int(row.added)),
                                        ("completed", .int(row.completed)),
                                        ("deleted", .int(row.deleted)), ("net", .int(row.net))
                                    ])
                                })
                        )
                    ]).document)
            }
            var output = Output(
                stdout: invocation.flag(.graph) ? graph(rows, period, input) : table(rows, period, input))
            output.info = input.note(
                rows.isEmpty ? "No todos" : "\(rows.count) \(noun(period))\(rows.count == 1 ? "" : "s")")
            return output
        }
    }

    private static func noun(_ period: ReportPeriod) -> String {
        switch period {
        case .daily: "day"
        case .weekly: "week"
        case .monthly: "month"
        case .annual: "year"
        }
    }

    /// `2026-11-25 Wed`, `2026-11-23`, `2026 November`, `2026`.
    static func label(_ day: CalendarDay, _ period: ReportPeriod) -> String {
        switch period {
        case .daily: return "\(day) \(CalendarCommand.weekdayNames[day.weekday - 1])"
        case .weekly: return day.description
        case .monthly: return "\(day.year) \(CalendarCommand.monthNames[day.month - 1])"
        case .annual: return String(day.year)
        }
    }

    private static func table(_ rows: [PeriodCount], _ period: ReportPeriod, _ input: ReportInput) -> String {
        guard !rows.isEmpty else { return "" }
        let heading = [
            ["Day", "Week of", "Month", "Year"][ReportPeriod.allCases.firstIndex(of: period)!], "Added", "Completed",
            "Deleted", "Net"
        ]
        func cells(_ label: String, _ numbers: [Int]) -> [String] { [label] + numbers.map(String.init) }
        var lines = rows.map { cells(label($0.start, period), [$0.added, $0.completed, $0.deleted, $0.net]) }
        let totals = [rows.map(\.added), rows.map(\.completed), rows.map(\.deleted), rows.map(\.net)].map {
            $0.reduce(0, +)
        }
        lines.append(cells("Total", totals))
        // The average of each column, rounded to the nearest whole number as Taskwarrior's is.
        lines.append(cells("Average", totals.map { Int((Double($0) / Double(rows.count)).rounded()) }))
        return ReportTable.render(heading, lines, width: input.width, style: input.style)
    }

    /// A bar per period: added, then completed, then deleted, scaled so the longest fits.
    private static func graph(_ rows: [PeriodCount], _ period: ReportPeriod, _ input: ReportInput) -> String {
        guard !rows.isEmpty else { return "" }
        let style = input.style
        let labels = rows.map { label($0.start, period) }
        let labelWidth = labels.map(displayWidth).max()!
        let room = max(10, input.width - labelWidth - 1)
        let most = rows.map { $0.added + $0.completed + $0.deleted }.max()!
        let marks: [(Character, (String) -> String)] = [("+", style.yellow), ("X", style.green), ("-", style.red)]
        var lines = rows.indices.map { index in
            let row = rows[index]
            let parts = [row.added, row.completed, row.deleted].map {
                most == 0 ? 0 : Int((Double($0 * room) / Double(most)).rounded())
            }
            let bar = zip(parts, marks).map { length, mark in
                mark.1(String(repeating: style.enabled && input.unicode ? "█" : String(mark.0), count: length))
            }.joined()
            return Drawing.left(labels[index], labelWidth) + " " + bar
        }
        lines.append("")
        lines.append(
            "Legend: "
                + marks.enumerated().map { index, mark in
                    mark.1(style.enabled && input.unicode ? "█" : String(mark.0)) + " "
                        + ["added", "completed", "deleted"][index]
                }.joined(separator: ", "))
        return Drawing.trimmed(lines)
    }
}
