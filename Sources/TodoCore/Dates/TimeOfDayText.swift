import Foundation

/// A time of day typed alone, as Taskwarrior reads it: `8am`, `8a`, `8:30pm`, `12am` (midnight),
/// `14:00`, `14:00:30`, and with a zone `14:00Z` or `14:00+01:00`. It names the next time the
/// clock shows it: today, or tomorrow once it has passed.
struct TimeOfDayText: Equatable {
    /// Seconds after midnight.
    let seconds: Int
    /// Seconds east of UTC the time is on (`Z` is 0); nil for the local clock.
    let offset: Int?

    /// Reads `H[H][:MM[:SS]]` with `am`/`a`/`pm`/`p` (needed without minutes), or `HH:MM[:SS]`
    /// and `Z` or an offset; lower case.
    init?(_ text: Substring) {
        let hourDigits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(hourDigits.count), var hour = Int(hourDigits) else { return nil }
        var rest = text.dropFirst(hourDigits.count)
        var clock = [hour]
        while rest.first == ":", clock.count < 3 {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard digits.count == 2, let value = Int(digits), value < 60 else { return nil }
            clock.append(value)
            rest = rest.dropFirst(3)
        }
        let designator = ["am", "a", "pm", "p"].first { rest == $0 }
        if let designator {
            guard hour <= 12 else { return nil }
            hour = hour % 12 + (designator.hasPrefix("p") ? 12 : 0)
            offset = nil
        } else {
            guard clock.count > 1, hour < 24 else { return nil }
            if rest.isEmpty {
                offset = nil
            } else {
                guard hourDigits.count == 2, let zone = Self.zone(rest) else { return nil }
                offset = zone
            }
        }
        let minute = clock.count > 1 ? clock[1] : 0
        seconds = (hour * 60 + minute) * 60 + (clock.count > 2 ? clock[2] : 0)
    }

    /// `z` (0), or `+HH`, `+HH:MM`, `+HHMM` (or `-`) as seconds east of UTC, up to 14 hours.
    static func zone(_ text: Substring) -> Int? {
        if text == "z" || text == "Z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        let colon = text.dropFirst().firstIndex(of: ":")
        guard digits.count == 2 || digits.count == 4, colon == nil || colon == text.index(text.startIndex, offsetBy: 3),
            digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(digits.prefix(2)),
            let minutes = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
            hours <= 14, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The next instant the clock shows this time, today's if it has not passed.
    func date(in context: DateContext) -> DueDate {
        guard let offset else {
            let nowSeconds = context.secondOfDay(context.now)
            let day = seconds < nowSeconds ? context.today.adding(days: 1) : context.today
            return .instant(context.instant(day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60))
        }
        let now = Int(context.now.timeIntervalSince1970.rounded(.down))
        let day = CalendarDay.floor(now + offset, 86_400)
        var instant = day * 86_400 + seconds - offset
        if instant < now { instant += 86_400 }
        return .instant(Date(timeIntervalSince1970: Double(instant)))
    }
}
