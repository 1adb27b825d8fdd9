import TodoCore

/// Bars drawn in text: Unicode block characters, eighths for resolution, where the terminal
/// can show them; ASCII otherwise.
struct Drawing {
    let unicode: Bool
    let style: Style

    /// The left eighths of a cell, from one eighth (▏) to seven (▉).
    private static let leftEighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// The lower eighths of a cell, from one eighth (▁) to seven (▇).
    static let lowerEighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

    /// A bar `fraction` (0 to 1) of `width` columns long, padded with blanks to `width`.
    func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((min(max(fraction, 0), 1) * Double(width * 8)).rounded())
        var text: String
        if unicode {
            text = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { text.append(Self.leftEighths[eighths % 8 - 1]) }
        } else {
            text = String(repeating: "=", count: (eighths + 4) / 8)
        }
        let drawn = text.count
        return style.green(text) + String(repeating: " ", count: max(0, width - drawn))
    }

    /// `text` padded on the left to `width` columns.
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - displayWidth(text))) + text
    }

    /// `text` padded on the right to `width` columns.
    static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }

    /// `lines` with the blanks at their ends removed, each ending in a newline.
    static func trimmed(_ lines: [String]) -> String {
        lines.map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return line + "\n"
        }.joined()
    }
}
