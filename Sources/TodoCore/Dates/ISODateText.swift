import Foundation

/// An ISO 8601 date as people and Taskwarrior type it, taken apart: `2026-12-01` or
/// `20261201` (a whole day), `2026-12-01T15:00[:30]` or `20261201T1500[30]` (a time of day),
/// and either time with `Z` (UTC). Extended and compact forms are not mixed, as ISO 8601
/// requires; `T` and `Z` may be lower case. Offsets (`+01:00`) and fractions are not read here.
struct ISODateText: Equatable {
    let day: CalendarDay
    /// Seconds after midnight; nil for a whole day.
    let time: Int?
    /// The time is UTC (`Z`), not the local clock.
    let utc: Bool
    /// Written in the compact form (`20261201T1500Z`).
    let compact: Bool

    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        compact = bytes.count == 8 || (bytes.count > 8 && Self.isT(bytes[8]))
        let length = compact ? 8 : 10
        guard bytes.count >= length,
            let day = compact ? CalendarDay(compact: bytes[0..<8]) : CalendarDay(iso: bytes[0..<10])
        else { return nil }
        self.day = day
        guard bytes.count > length else {
            (time, utc) = (nil, false)
            return
        }
        var clock = bytes[(length + 1)...]
        utc = clock.last == UInt8(ascii: "Z") || clock.last == UInt8(ascii: "z")
        if utc { clock = clock.dropLast() }
        guard Self.isT(bytes[length]), let time = compact ? Self.compactTime(clock) : DueDate.timeOfDay(clock) else { return nil }
        self.time = time
    }

    /// The date it names: the whole day, the UTC instant, or the time on `context`'s clock.
    func date(in context: DateContext) -> DueDate {
        guard let time else { return .day(day) }
        guard !utc else { return .instant(Self.utcInstant(day, time)) }
        return .instant(context.instant(day, hour: time / 3600, minute: time / 60 % 60, second: time % 60))
    }

    static func utcInstant(_ day: CalendarDay, _ time: Int) -> Date {
        DueDate.date(milliseconds: (Int64(day.ordinal) * 86_400 + Int64(time)) * 1000)
    }

    private static func isT(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") }

    /// Seconds since midnight of `HHMM` or `HHMMSS`, each in its range.
    private static func compactTime(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count == 4 || bytes.count == 6,
            let hour = CalendarDay.number(bytes[start..<start + 2]), hour < 24,
            let minute = CalendarDay.number(bytes[start + 2..<start + 4]), minute < 60
        else { return nil }
        let second = bytes.count == 4 ? 0 : CalendarDay.number(bytes[start + 4..<start + 6]) ?? 60
        return second < 60 ? (hour * 60 + minute) * 60 + second : nil
    }
}

extension DueDate {
    /// Taskwarrior's `20260121T101500Z`, as an instant.
    public init?(taskwarrior text: String) {
        guard text.utf8.count == 16, let parts = ISODateText(text), parts.compact, parts.utc, let time = parts.time else { return nil }
        self = .instant(ISODateText.utcInstant(parts.day, time))
    }
}
