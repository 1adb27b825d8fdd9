import Foundation
import TodoCore
import TodoWire

/// Taskwarrior's dates and annotations, as todo reads and writes them.
///
/// Taskwarrior keeps every date as a UTC instant to the second (`20260121T101500Z`), and a
/// date typed without a time (`due:2026-12-01`) as that day's local midnight. So a due or
/// wait date at exactly local midnight reads as that whole day and any other as an instant,
/// and a whole day is written as its local midnight: a todo goes there and back unchanged,
/// and `task` shows the day a person would have typed. (An instant at exactly local
/// midnight comes back as that whole day.)
enum TaskwarriorDate {
    /// `20260121T101500Z` (Taskwarrior's form) or ISO 8601 `2026-01-21T10:15:00Z`.
    static func parse(_ text: String) -> Date? {
        if case .instant(let instant)? = DueDate(taskwarrior: text) { return instant }
        return ISO8601Millis.parse(text)
    }

    /// `20260121T101500Z`: the instant in UTC, to the second (rounded down, as Taskwarrior keeps it).
    static func string(_ date: Date) -> String {
        let wire = DueDate.instant(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))).wire
        return String(wire.dropLast(5).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    /// A due or wait date read: local midnight is that whole day, any other moment an instant.
    static func dueDate(_ instant: Date, in context: DateContext) -> DueDate {
        let day = context.day(of: instant)
        return context.start(of: day) == instant ? .day(day) : .instant(instant)
    }

    /// The instant Taskwarrior keeps for a due or wait date: a whole day's local midnight.
    static func instant(_ date: DueDate, in context: DateContext) -> Date {
        switch date {
        case .day(let day): context.start(of: day)
        case .instant(let instant): instant
        }
    }
}

/// Taskwarrior's annotations are todo's notes lines as `todo annotate` writes them: the
/// annotation `called the plumber` made at 14:03 on 21 November is the line
/// `2026-11-21 14:03 called the plumber` on the local clock.
enum TaskwarriorAnnotations {
    /// The notes made of `task export`'s annotations, one line each, in order.
    static func notes(_ annotations: [[String: Any]], in context: DateContext) -> String {
        annotations.compactMap { annotation -> String? in
            guard let text = annotation["description"] as? String else { return nil }
            guard let entry = (annotation["entry"] as? String).flatMap(TaskwarriorDate.parse) else { return text }
            return TodoCore.annotation(text, at: entry, in: context.timeZone)
        }.joined(separator: "\n")
    }

    /// The annotations for `lines` (blank lines are left out): a line starting with a date
    /// and time is annotated then, another line at `start` (or just after the line before).
    /// Entries rise by at least a second, as Taskwarrior keeps one annotation per second.
    static func annotations(_ lines: [Substring], from start: Date, in context: DateContext) -> [(
        entry: Date, text: String
    )] {
        var result: [(entry: Date, text: String)] = []
        for line in lines where !line.allSatisfy(\.isWhitespace) {
            let (at, text) = stamp(line, in: context) ?? (start, String(line))
            var entry = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
            if let last = result.last?.entry, entry <= last { entry = last.addingTimeInterval(1) }
            result.append((entry, text))
        }
        return result
    }

    /// `2026-11-21 14:03 text` → the local time and `text`, as `annotation(_:at:in:)` wrote them.
    static func stamp(_ line: Substring, in context: DateContext) -> (Date, String)? {
        let characters = Array(line)
        guard characters.count > 17, characters[10] == " ", characters[13] == ":", characters[16] == " ",
            let day = CalendarDay(iso: String(characters[0..<10])),
            let hour = Int(String(characters[11..<13])), (0..<24).contains(hour),
            let minute = Int(String(characters[14..<16])), (0..<60).contains(minute),
            characters[11..<16].allSatisfy({ $0 == ":" || $0.isASCII && $0.isNumber })
        else { return nil }
        let text = String(characters[17...])
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        return (context.instant(day, hour: hour, minute: minute, second: 0), text)
    }
}
