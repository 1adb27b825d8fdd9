import Foundation
import TodoCore
import TodoStore

/// `todo burndown [daily|weekly|monthly] [FILTER...]`: stacked bars of the todos pending,
/// started and done in each period up to now, with the net fix rate and the estimated
/// completion, as Taskwarrior's burndown charts count them.
enum BurndownCommand {
    static let periods = ["daily", "weekly", "monthly"]
    /// Columns left of the bars (the y-axis labels and the axis) and right of them (the legend).
    private static let legendWidth = 11

    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context) { periods.contains($0) }
        let period = input.word.flatMap(ReportPeriod.init) ?? .daily
        let scale = ReportPeriod.Scale(period, firstWeekday: input.firstWeekday)
        let height = context.stdoutIsTerminal ? min(40, max(5, (context.terminalHeight ?? 24) - 9)) : 15
        return .query(reads: TodoSelection.allWithDeletedHistory) { state in
            let days = DayReader(input.dates.timeZone)
            let todos = try input.todos(state), deleted = try input.deleted(state)
            // As many bars as fit beside the widest y-axis label Taskwarrior would allow for.
            let count = max(1, (input.width - 8 - legendWidth) / 3)
            let chart = Burndown(todos, deleted: deleted, scale: scale, count: count, now: input.now, days: days)
            if input.asJSON { return Output(stdout: json(chart, period)) }
            var output = Output(stdout: BurndownChart(chart: chart, period: period, height: height, input: input).text)
            output.info = input.note(
                todos.isEmpty && deleted.isEmpty
                    ? "No todos" : "\(period.rawValue) burndown of \(todos.count + deleted.count) todos")
            return output
        }
    }

    private static func json(_ chart: Burndown, _ period: ReportPeriod) -> String {
        ReportJSON.object([
            ("period", .string(period.rawValue)),
            (
                "bars",
                .array(
                    chart.bars.map { bar in
                        .object([
                            ("start", .day(bar.start)), ("pending", .int(bar.pending)), ("started", .int(bar.started)),
                            ("done", .int(bar.done)), ("added", .int(bar.added)), ("removed", .int(bar.removed))
                        ])
                    })
            ),
            ("peak", .int(chart.peak)), ("peakDay", .day(chart.peakDay)), ("current", .int(chart.current)),
            ("netFixRate", .optional(chart.netFixRate)), ("estimatedCompletion", .optional(chart.completion))
        ]).document
    }
}

/// A burndown chart drawn in text: bars three columns apart, pending at the bottom, then
/// started, then done; eighth blocks at the top of a bar where Unicode and colour can show them.
struct BurndownChart {
    let chart: Burndown
    let period: ReportPeriod
    let height: Int
    let input: ReportInput

    private enum Part: Int { case pending, started, done }

    var text: String {
        let style = input.style
        let top = Self.scaleTop(chart.bars.map(\.total).max() ?? 0)
        let labelWidth = String(top).count
        var lines: [String] = []
        let title = "\(period.rawValue.prefix(1).uppercased())\(period.rawValue.dropFirst()) burndown"
        lines.append(String(repeating: " ", count: max(0, (input.width - title.count) / 2)) + style.bold(title))
        let legend = [(Part.done, "Done"), (.started, "Started"), (.pending, "Pending")]
        for row in (0..<height).reversed() {
            let label = row == height - 1 ? String(top) : row == (height - 1) / 2 ? String(top / 2) : ""
            var line = Drawing.right(label, labelWidth) + " |"
            for bar in chart.bars { line += " " + cell(bar, row: row, top: top) }
            let legendRow = height - 1 - row - (height / 2 - 2)
            if (0..<3).contains(legendRow) {
                let (part, name) = legend[legendRow]
                line += "  " + swatch(part) + " " + name
            }
            lines.append(line)
        }
        lines.append(Drawing.right("0", labelWidth) + " +" + String(repeating: "-", count: chart.bars.count * 3))
        lines += axisLabels(labelWidth)
        lines.append("")
        lines.append("Net fix rate:         " + (chart.netFixRate.map { String(format: "%.1f/d", $0) } ?? "-"))
        if chart.current > 0 {
            let when = chart.completion.map { date in
                "\(input.dates.day(of: date)) (in \(LocalTime.span(date.timeIntervalSince(input.now))))"
            }
            lines.append("Estimated completion: " + (when ?? "no convergence"))
        }
        return Drawing.trimmed(lines)
    }

    /// Taskwarrior's top of the y axis: the largest bar rounded up to 2 below 20, to 10 below
    /// 50, to 20 below 100, and to a tenth of the next 500, 1000, 5000… above.
    static func scaleTop(_ most: Int) -> Int {
        func roundUp(_ value: Int, _ step: Int) -> Int { value + step - value % step }
        if most < 20 { return roundUp(most, 2) }
        if most < 50 { return roundUp(most, 10) }
        if most < 100 { return roundUp(most, 20) }
        var (half, full) = (500, 1000)
        while true {
            if most < half { return roundUp(most, half / 10) }
            if most < full { return roundUp(most, full / 10) }
            (half, full) = (half * 10, full * 10)
        }
    }

    /// A bar's two columns in `row` (0 at the bottom).
    private func cell(_ bar: BurndownBar, row: Int, top: Int) -> String {
        let scale = Double(height * 8) / Double(top)
        let ends = [bar.pending, bar.pending + bar.started, bar.total].map { Int((Double($0) * scale).rounded()) }
        let low = row * 8
        guard ends[2] > low else { return "  " }
        // The part that holds the middle of the cell, or its lower part in a top cell.
        let middle = min(low + 4, (low + ends[2]) / 2)
        let part = Part(rawValue: ends.firstIndex { $0 > middle } ?? 2)!
        let filled = ends[2] - low
        if filled >= 8 { return String(repeating: glyph(part), count: 2) }
        if input.unicode, input.style.enabled || part == .pending {
            return paint(part, String(repeating: Drawing.lowerEighths[filled - 1], count: 2))
        }
        return filled >= 4 ? String(repeating: glyph(part), count: 2) : "  "
    }

    /// A full cell of `part`: a block in its colour, or without colour a shade (Unicode) or
    /// Taskwarrior's X, + and . (ASCII).
    private func glyph(_ part: Part) -> String {
        if input.style.enabled { return paint(part, input.unicode ? "█" : "#") }
        if input.unicode { return ["█", "▓", "░"][part.rawValue] }
        return ["X", "+", "."][part.rawValue]
    }

    private func paint(_ part: Part, _ text: String) -> String {
        [input.style.red, input.style.yellow, input.style.green][part.rawValue](text)
    }

    private func swatch(_ part: Part) -> String { String(repeating: glyph(part), count: 2) }

    /// The periods under the bars: days of the month with the month below where it changes,
    /// weeks by their first day likewise, months by number with the year below.
    private func axisLabels(_ labelWidth: Int) -> [String] {
        var minor = String(repeating: " ", count: labelWidth + 2)
        var major = minor
        var shown = ""
        for bar in chart.bars {
            let (year, month, day) = bar.start.components
            minor += " " + Drawing.right(String(format: "%02d", period == .monthly ? month : day), 2)
            let name = period == .monthly ? String(year) : String(CalendarCommand.monthNames[month - 1].prefix(3))
            if name != shown, displayWidth(major) <= displayWidth(minor) - 3 {
                major = Drawing.left(major, displayWidth(minor) - 2) + name
                shown = name
            }
        }
        return [minor, major]
    }
}
