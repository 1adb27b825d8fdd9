import Foundation
import TodoCore

/// `todo calendar [MONTH|YEAR|due] [FILTER...]`: month grids side by side as the width allows,
/// today highlighted and the days active todos are due on marked, overdue ones in red.
enum CalendarCommand {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December"
    ]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// A month's width: seven cells of a day's two digits and its mark.
    static let monthWidth = 21
    static let gap = 2

    /// Which months a word asks for: a year (`2026`), a month of a year (`2026-12`), a month of
    /// this year (`dec`, `december`), or `due`.
    enum Span: Equatable {
        case year(Int)
        case month(year: Int, month: Int)
        case monthOfThisYear(Int)
        case due

        init?(_ word: String) {
            if word == "due" { self = .due; return }
            if let month = monthNames.firstIndex(where: { $0.lowercased() == word || $0.lowercased().prefix(3) == word }
            ) {
                self = .monthOfThisYear(month + 1)
                return
            }
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                parts[0].count == 4,
                let year = Int(parts[0]), year >= 1000
            else { return nil }
            if parts.count == 1 { self = .year(year); return }
            guard parts.count == 2, parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else {
                return nil
            }
            self = .month(year: year, month: month)
        }
    }

    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context) { Span($0) != nil }
        let span = input.word.flatMap(Span.init)
        let perRow = max(1, (input.width + gap) / (monthWidth + gap))
        // Only active todos are marked; every todo when a term names one (depends:3).
        return .query(reads: input.filter.terms?.references.isEmpty == false ? .all : .completed(false)) { state in
            let days = DayReader(input.dates.timeZone)
            let marks = dueMarks(try input.todos(state).filter { !$0.completed }, input.dates, days)
            let months = months(span, marks: marks, today: input.dates.today, perRow: perRow)
            if input.asJSON { return Output(stdout: json(months, marks, input)) }
            let grids = months.compactMap {
                MonthGrid(year: $0.year, month: $0.month, firstWeekday: input.firstWeekday)
            }
            var lines: [String] = []
            for start in stride(from: 0, to: grids.count, by: perRow) {
                if start > 0 { lines.append("") }
                lines += row(Array(grids[start..<min(start + perRow, grids.count)]), marks, input)
            }
            var output = Output(stdout: Drawing.trimmed(lines))
            let legend =
                input.style.enabled
                ? "today highlighted, * due, ! overdue" : "< today, * due, ! overdue, # today with todos due"
            output.info = input.note(months.isEmpty ? "No active todo has a due date" : legend)
            return output
        }
    }

    /// Per day, the active todos due on it and how many of them are overdue (someday left out).
    static func dueMarks(_ todos: [Todo], _ dates: DateContext, _ days: DayReader) -> [CalendarDay: (
        due: Int, overdue: Int
    )] {
        var marks: [CalendarDay: (due: Int, overdue: Int)] = [:]
        for todo in todos {
            guard let due = todo.due, due != .someday else { continue }
            let overdue = due.deadlinePassed(in: dates)
            marks[days.day(of: due), default: (0, 0)].due += 1
            if overdue { marks[days.day(of: due), default: (0, 0)].overdue += 1 }
        }
        return marks
    }

    /// The months to show, as their first days.
    private static func months(
        _ span: Span?, marks: [CalendarDay: (due: Int, overdue: Int)], today: CalendarDay, perRow: Int
    ) -> [CalendarDay] {
        let from: CalendarDay, count: Int
        switch span {
        case nil: (from, count) = (today.startOfMonth, perRow)
        case .monthOfThisYear(let month): (from, count) = (CalendarDay(year: today.year, month: month, day: 1)!, perRow)
        case .month(let year, let month): (from, count) = (CalendarDay(year: year, month: month, day: 1)!, perRow)
        case .year(let year): (from, count) = (CalendarDay(year: year, month: 1, day: 1)!, 12)
        case .due: return Set(marks.keys.map(\.startOfMonth)).sorted()
        }
        return (0..<count).map { from.adding(months: $0) }.filter { $0.year <= 9999 }
    }

    /// Months side by side: title, weekdays, then the weeks, each month padded to its width.
    private static func row(
        _ grids: [MonthGrid], _ marks: [CalendarDay: (due: Int, overdue: Int)], _ input: ReportInput
    ) -> [String] {
        let style = input.style
        let heading = MonthGrid.weekdays(from: input.firstWeekday).map { String(weekdayNames[$0 - 1].prefix(2)) + " " }
            .joined()
        let height = grids.map(\.weeks.count).max()!
        let blank = String(repeating: " ", count: monthWidth)
        var lines = [String](repeating: "", count: height + 2)
        for (index, grid) in grids.enumerated() {
            let separator = index == 0 ? "" : String(repeating: " ", count: gap)
            let title = "\(monthNames[grid.month - 1]) \(grid.year)"
            let lead = (monthWidth - title.count) / 2
            lines[0] +=
                separator + String(repeating: " ", count: lead) + style.bold(title)
                + String(repeating: " ", count: monthWidth - lead - title.count)
            lines[1] += separator + heading
            for week in 0..<height {
                lines[week + 2] +=
                    separator
                    + (week < grid.weeks.count ? grid.weeks[week].map { cell($0, marks, input) }.joined() : blank)
            }
        }
        return lines
    }

    /// A day's two digits and its mark: `*` todos due, `!` overdue, `<` today (`#` today with
    /// todos due) without colour; with colour today is reversed, overdue days red, due days bold.
    private static func cell(
        _ day: CalendarDay?, _ marks: [CalendarDay: (due: Int, overdue: Int)], _ input: ReportInput
    ) -> String {
        guard let day else { return "   " }
        let style = input.style
        let digits = Drawing.right(String(day.day), 2)
        let mark = marks[day]
        let isToday = day == input.dates.today
        let sign: String =
            mark.map { $0.overdue > 0 ? "!" : isToday && !style.enabled ? "#" : "*" }
            ?? (isToday && !style.enabled ? "<" : " ")
        var shown = digits
        if let mark { shown = mark.overdue > 0 ? style.red(digits) : style.bold(digits) }
        if isToday { shown = style.reverse(digits) }
        return shown + sign
    }

    private static func json(
        _ months: [CalendarDay], _ marks: [CalendarDay: (due: Int, overdue: Int)], _ input: ReportInput
    ) -> String {
        ReportJSON.object([
            ("today", .day(input.dates.today)),
            ("firstWeekday", .string(ReportSettings.weekdays[input.firstWeekday - 1])),
            (
                "months",
                .array(
                    months.map { month in
                        let days = marks.keys.filter { $0.startOfMonth == month }.sorted()
                        return .object([
                            ("month", .string(String(month.description.prefix(7)))),
                            (
                                "days",
                                .array(
                                    days.map { day in
                                        .object([
                                            ("day", .day(day)), ("due", .int(marks[day]!.due)),
                                            ("overdue", .int(marks[day]!.overdue))
                                        ])
                                    })
                            )
                        ])
                    })
            )
        ]).document
    }
}
