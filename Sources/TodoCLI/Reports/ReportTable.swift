/// A report's table: a heading in bold, the first column left-aligned and cut to fit the
/// width, the others right-aligned (left-aligned too when `leftAligned`); nothing for no rows. `after` adds a last
/// column drawn apart (a bar), `room` columns wide, after a blank.
enum ReportTable {
    static func render(
        _ heading: [String], _ rows: [[String]], width: Int, style: Style, leftAligned: Bool = false,
        after: (heading: String, cells: [String], room: Int)? = nil
    ) -> String {
        guard !rows.isEmpty else { return "" }
        let widths = heading.indices.map { column in
            ([heading] + rows).map { displayWidth($0[column]) }.max() ?? 0
        }
        let others = widths.dropFirst().reduce(0) { $0 + $1 + 1 } + (after.map { $0.room + 1 } ?? 0)
        let first = max(4, min(widths[0], width - others))
        func line(_ cells: [String]) -> String {
            ([Drawing.left(truncate(cells[0], toWidth: first), first)]
                + cells.indices.dropFirst().map {
                    leftAligned ? Drawing.left(cells[$0], widths[$0]) : Drawing.right(cells[$0], widths[$0])
                })
                .joined(separator: " ")
        }
        var lines = [line(heading)] + rows.map(line)
        if let after {
            lines = lines.enumerated().map { index, text in
                text + " " + (index == 0 ? after.heading : after.cells[index - 1])
            }
        }
        let text = Drawing.trimmed(lines)
        let end = text.firstIndex(of: "\n")!
        return style.bold(String(text[..<end])) + text[end...]
    }
}
