import Foundation
import TodoCore

/// A report's columns and their headings (`report.NAME.columns` and `.labels`), drawn as
/// Taskwarrior draws a report: the labels over a rule of dashes (underlined with colour), a
/// column for each attribute any row has, numbers right-aligned, a blank between columns.
/// On a terminal the widest text column is cut to fit, then the last columns left out;
/// in a pipe nothing is cut.
struct ReportLayout: Equatable {
    var columns: [ReportColumn]
    var labels: [String]

    /// Whether a column needs every open todo read (urgency counts which block which).
    var needsOtherTodos: Bool { columns.contains(where: \.needsOtherTodos) }

    /// The table of `todos`; `width` is the terminal's, nil in a pipe. Each line of a row the
    /// colour rules colour (`colour`) is drawn in their colour, up to its last text.
    func render(
        _ todos: [Todo], _ around: ReportColumn.Surroundings, width: Int?, style: Style,
        colour: ((Todo) -> TerminalColour?)? = nil
    ) -> String {
        guard !todos.isEmpty else { return "" }
        let cells = todos.map { todo in columns.map { $0.lines(todo, around) } }
        // Taskwarrior leaves out a column no row has a value for.
        var shown = columns.indices.filter { index in cells.contains { !$0[index].isEmpty } }
        var widths = Dictionary(
            uniqueKeysWithValues: shown.map { index in
                (index, ([labels[index]] + cells.flatMap { $0[index] }).map(displayWidth).max() ?? 0)
            })
        if let width { fit(&shown, &widths, width) }
        func line(_ texts: [String]) -> String {
            zip(shown, texts).map { index, text in
                let cut = truncate(text, toWidth: widths[index]!)
                return columns[index].format.isNumeric
                    ? Drawing.right(cut, widths[index]!) : Drawing.left(cut, widths[index]!)
            }.joined(separator: " ")
        }
        let heading = shown.map { labels[$0] }
        var lines =
            style.enabled
            ? [zip(shown, heading).map { style.ansi(Drawing.left($1, widths[$0]!), "4") }.joined(separator: " ")]
            : [line(heading), shown.map { String(repeating: "-", count: widths[$0]!) }.joined(separator: " ")]
        var painted: [Int: TerminalColour] = [:]
        for (todo, row) in zip(todos, cells) {
            let height = shown.map { row[$0].count }.max() ?? 1
            let rowColour = style.enabled ? colour?(todo) : nil
            for part in 0..<max(1, height) {
                if let rowColour { painted[lines.count] = rowColour }
                lines.append(line(shown.map { part < row[$0].count ? row[$0][part] : "" }))
            }
        }
        guard !painted.isEmpty else { return Drawing.trimmed(lines) }
        return Drawing.trimmed(lines).split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated()
            .map { index, text in
                painted[index].map { style.paint(String(text), $0) } ?? String(text)
            }.joined(separator: "\n") + "\n"
    }

    /// Narrows the widest text column until the line fits `width` (down to 10 columns),
    /// then leaves out the last columns.
    private func fit(_ shown: inout [Int], _ widths: inout [Int: Int], _ width: Int) {
        func total() -> Int { shown.reduce(-1) { $0 + widths[$1]! + 1 } }
        if total() > width,
            let widest = shown.filter({ !columns[$0].format.isNumeric }).max(by: { widths[$0]! < widths[$1]! })
        {
            widths[widest] = max(10, widths[widest]! - (total() - width))
        }
        while total() > width, shown.count > 1 { shown.removeLast() }
    }
}
