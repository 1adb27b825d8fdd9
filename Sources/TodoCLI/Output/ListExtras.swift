import Foundation
import TodoCore

/// What the human list shows after a todo's name: its priority, project, tags and due date
/// (relative: `due today`, `due in 3d`, `2d overdue`), its rule if it recurs, and whether it
/// waits (`waiting someday` when parked for good), was started (`started 2h ago`) or is
/// blocked by an open dependency.
struct ListExtras {
    /// What comes before the due date: priority, project, tags.
    let lead: String
    /// The due date, which a narrow terminal cuts last (`9d overdue`); empty for none.
    private(set) var due: String
    /// What comes after it: rule, waiting, started, blocked.
    let trail: String
    /// Active and past its deadline: the line stands out in colour.
    private(set) var overdue: Bool

    /// Everything, blank-separated; made once, as a list asks for it twice a row.
    private(set) var text = ""

    init(_ todo: borrowing Todo, _ dates: DateContext, _ dependencies: Dependencies) {
        // Built by appending to one string a part: a list makes this for every row it shows.
        var lead = ""
        if let priority = todo.priority { Self.append("(\(priority.rawValue))", to: &lead) }
        if let project = todo.project { Self.append(oneLine(project), to: &lead) }
        // Most todos have one tag: no sort for it (about 130 instructions a row, callgrind).
        let tags = todo.tags
        for tag in tags.count > 1 ? tags.sorted() : Array(tags) { Self.append("+" + oneLine(tag), to: &lead) }
        self.lead = lead
        overdue = false
        due = ""
        if let date = todo.due {
            if todo.completed {
                due = "due " + Self.localText(date, dates)
            } else {
                overdue = date.deadlinePassed(in: dates)
                due = Self.relative(date, dates)
            }
        }
        var trail = ""
        if let recur = todo.recur { Self.append(SeriesText.mark(recur), to: &trail) }
        if todo.isWaiting(in: dates) {
            Self.append(todo.wait == .someday ? "waiting " + DueDate.somedayWord : "waiting", to: &trail)
        }
        if !todo.completed, let start = todo.start { Self.append(Self.started(start, dates), to: &trail) }
        if dependencies.blocked.contains(todo.uuid) { Self.append("blocked", to: &trail) }
        self.trail = trail
        var text = lead
        text.reserveCapacity(lead.utf8.count + due.utf8.count + trail.utf8.count + 2)
        Self.append(due, to: &text)
        Self.append(trail, to: &text)
        self.text = text
    }

    /// Appends `part` to `text`, a blank between them when both hold something.
    private static func append(_ part: String, to text: inout String) {
        guard !part.isEmpty else { return }
        if !text.isEmpty { text.append(" ") }
        text.append(part)
    }

    /// `name` and these fitted to `room` columns. The name is cut first, to 8 columns; then
    /// what follows the due date, then what comes before it; then the name again, down to one
    /// column: the due date goes last.
    func fitted(after name: String, room: Int) -> String {
        let tail = "  " + text
        let (nameWidth, tailWidth) = (displayWidth(name), displayWidth(tail))
        if nameWidth + tailWidth <= room { return name + tail }
        let floor = min(nameWidth, 8)
        if floor + tailWidth <= room { return truncate(name, toWidth: room - tailWidth) + tail }
        let kept = 2 + displayWidth(due)
        guard !due.isEmpty, kept < room else { return truncate(name + tail, toWidth: room) }
        var left = room - kept - floor
        let lead = Self.cut(lead, &left), trail = Self.cut(trail, &left)
        let extras = [lead, due, trail].filter { !$0.isEmpty }.joined(separator: " ")
        return truncate(name, toWidth: room - 2 - displayWidth(extras)) + "  " + extras
    }

    /// `part` cut to fit `left` columns and the blank before or after it, which it takes from
    /// `left`; empty when not even `…` fits.
    private static func cut(_ part: String, _ left: inout Int) -> String {
        guard !part.isEmpty, left >= 2 else { return "" }
        let shown = truncate(part, toWidth: left - 1)
        left -= displayWidth(shown) + 1
        return shown
    }

    /// `due today`, `due tomorrow`, `due in 3d`, `due in 5h` (an instant later today),
    /// `due someday`, or `2d overdue`, `3h overdue`.
    static func relative(_ due: DueDate, _ dates: DateContext) -> String {
        if due == .someday { return "due " + DueDate.somedayWord }
        switch due {
        case .day(let day):
            let ahead = day.ordinal - dates.today.ordinal
            if ahead < 0 { return "\(amount(days: -ahead)) overdue" }
            return ahead == 0 ? "due today" : ahead == 1 ? "due tomorrow" : "due in \(amount(days: ahead))"
        case .instant(let instant):
            let seconds = instant.timeIntervalSince(dates.now)
            if seconds <= 0 { return "\(amount(seconds: -seconds)) overdue" }
            let ahead = dates.day(of: instant).ordinal - dates.today.ordinal
            return ahead == 0
                ? "due in \(amount(seconds: seconds))" : ahead == 1 ? "due tomorrow" : "due in \(amount(days: ahead))"
        }
    }

    /// `started 2h ago`, `started today`, `started 3d ago`; `started` for a start still to come.
    static func started(_ start: DueDate, _ dates: DateContext) -> String {
        switch start {
        case .day(let day):
            let ago = dates.today.ordinal - day.ordinal
            return ago < 0 ? "started" : ago == 0 ? "started today" : "started \(amount(days: ago)) ago"
        case .instant(let instant):
            let seconds = dates.now.timeIntervalSince(instant)
            return seconds < 0 ? "started" : "started \(amount(seconds: seconds)) ago"
        }
    }

    /// `3d`, `5w`, `4mo`, `2y`: whole days counted in the largest fitting unit.
    private static func amount(days: Int) -> String {
        days < 60 ? "\(days)d" : days < 730 ? "\(days / 30)mo" : "\(days / 365)y"
    }

    /// `5min`, `3h` (rounded to the nearest), or days as above.
    private static func amount(seconds: Double) -> String {
        if seconds < 3570 { return "\(max(1, Int((seconds / 60).rounded())))min" }
        return seconds < 84_600
            ? "\(Int((seconds / 3600).rounded()))h" : amount(days: Int((seconds / 86_400).rounded()))
    }

    /// The day it falls on, on the local clock: `2026-12-01`; `someday`.
    static func localText(_ due: DueDate, _ dates: DateContext) -> String {
        due == .someday ? DueDate.somedayWord : due.day(in: dates).description
    }
}
