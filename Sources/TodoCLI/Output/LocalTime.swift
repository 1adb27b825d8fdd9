import Foundation
import TodoCore

/// Dates as people read them: on the local clock, with how long ago (or how far ahead) they are.
/// Output meant for programs (`--json`, `export`) keeps ISO 8601 UTC instead; `--format` gives
/// local ISO 8601 with the offset (`iso`), or UTC with `.utc`.
struct LocalTime {
    var now: Date
    var timeZone: TimeZone

    /// `2026-11-21 14:03:05 (2h ago)`
    func text(_ date: Date) -> String {
        "\(Self.clock(date, in: timeZone)) (\(Self.age(of: date, at: now)))"
    }

    /// `2026-11-21 14:03:05`: the day and time on the clock of `zone`, to the second.
    static func clock(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return
            """
            \(String(format: "%04d", parts.year ?? 0))-\(two(parts.month))-\(two(parts.day)) \
            \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))
            """
    }

    /// `2026-11-21T14:03:05+01:00`: ISO 8601 on the clock of `zone`, to the second, with its offset from UTC.
    static func iso(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        let zoneText = sign + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
        return clock(date, in: zone).replacingOccurrences(of: " ", with: "T") + zoneText
    }

    /// `just now`, `5min ago`, `2h ago`, `3d ago`, `4mo ago`, `2y ago`, or `in 3d` for a date ahead.
    static func age(of date: Date, at now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard abs(seconds) >= 60 else { return "just now" }
        return seconds > 0 ? "\(span(seconds)) ago" : "in \(span(seconds))"
    }

    /// `30s`, `5min`, `2h`, `3d`, `4mo`, `2y`: the length of `seconds` (either sign), rounded down.
    static func span(_ seconds: Double) -> String {
        let size = abs(seconds)
        guard size >= 60 else { return "\(Int(size))s" }
        let day = 86_400.0
        let units: [(limit: Double, length: Double, name: String)] = [
            (3_600, 60, "min"), (day, 3_600, "h"), (60 * day, day, "d"), (730 * day, 30 * day, "mo"),
            (.infinity, 365 * day, "y")
        ]
        let unit = units.first { size < $0.limit }!
        return "\(Int(size / unit.length))\(unit.name)"
    }
}

extension Context {
    var localTime: LocalTime { LocalTime(now: now(), timeZone: timeZone) }

    /// The clock and time zone dates are read and shown with.
    var dateContext: DateContext { DateContext(now: now(), timeZone: timeZone) }
}
