import Foundation

/// The date a recurring todo's series counts from, on the clock of the time zone it was set
/// in: its due date's day and, for a due instant, its wall-clock time. Monthly from Jan 31
/// counts from the 31st each time (Feb 28, then Mar 31), and 09:00 stays 09:00 across a
/// change of the clocks, on every device, wherever it is.
///
/// Written as RFC 9557 text: `2026-01-31[Europe/Berlin]` for a whole day,
/// `2026-03-27T09:00:00+01:00[Europe/Berlin]` for an instant (the offset is what the zone's
/// clock was ahead of UTC then, used where the zone is unknown; with seconds, as
/// `-04:56:02`, where it has them: a zone's local mean time before it kept standard time).
public struct SeriesAnchor: Hashable, Sendable {
    public let day: CalendarDay
    /// Seconds after midnight on the zone's clock; nil for a whole day.
    public let time: Int?
    /// Seconds the zone's clock was ahead of UTC at the anchor instant; nil for a whole day.
    let offset: Int?
    /// The zone's identifier, as written.
    let zoneName: String

    /// The anchor of `due` on the clock of `zone`.
    public init(_ due: DueDate, in zone: TimeZone) {
        let clock = DateContext(now: Date(timeIntervalSince1970: 0), timeZone: zone)
        zoneName = zone.identifier
        switch due {
        case .day(let day):
            self.day = day
            time = nil
            offset = nil
        case .instant(let instant):
            day = clock.day(of: instant)
            let parts = clock.calendar.dateComponents([.hour, .minute, .second], from: instant)
            time = (parts.hour! * 60 + parts.minute!) * 60 + parts.second!
            offset = zone.secondsFromGMT(for: instant)
        }
    }

    /// Reads the text form; nil for anything else.
    public init?(text: String) {
        guard text.last == "]", let open = text.firstIndex(of: "["),
            case let name = String(text[text.index(after: open)..<text.index(before: text.endIndex)]),
            !name.isEmpty, Tag.isWord(name), !name.contains("[")
        else { return nil }
        let bytes = Array(text[..<open].utf8)
        guard let day = CalendarDay(iso: bytes.prefix(10)) else { return nil }
        zoneName = name
        self.day = day
        if bytes.count == 10 {
            time = nil
            offset = nil
            return
        }
        guard bytes.count == 25 || bytes.count == 28, bytes[10] == 0x54, let time = DueDate.timeOfDay(bytes[11..<19]),
            bytes[19] == 0x2B || bytes[19] == 0x2D, let offset = DueDate.timeOfDay(bytes[20...])
        else { return nil }
        self.time = time
        self.offset = (bytes[19] == 0x2D ? -1 : 1) * offset
    }

    /// The text form (see the type's description).
    public var text: String {
        guard let time, let offset else { return "\(day)[\(zoneName)]" }
        let clock = [time / 3600, time / 60 % 60, time % 60].map { CalendarDay.digits($0, 2) }.joined(separator: ":")
        let sign = offset < 0 ? "-" : "+"
        let ahead = abs(offset)
        let seconds = ahead % 60 == 0 ? "" : ":\(CalendarDay.digits(ahead % 60, 2))"
        return
            """
            \(day)T\(clock)\(sign)\
            \(CalendarDay.digits(ahead / 3600, 2)):\(CalendarDay.digits(ahead / 60 % 60, 2))\(seconds)[\(zoneName)]
            """
    }

    /// The zone: by its name, else (a zone this device does not know) the offset written.
    public var zone: TimeZone {
        TimeZone(identifier: zoneName) ?? TimeZone(secondsFromGMT: offset ?? 0) ?? TimeZone(secondsFromGMT: 0)!
    }

    /// The zone's clock, to turn days and wall-clock times into instants and back.
    var clock: DateContext { DateContext(now: Date(timeIntervalSince1970: 0), timeZone: zone) }
}

extension SeriesAnchor: TextCoded {
    /// Coded as its text.
    public init?(codedText text: String) { self.init(text: text) }
    public var codedText: String { text }
    public static var codedName: String { "a series anchor" }
}
