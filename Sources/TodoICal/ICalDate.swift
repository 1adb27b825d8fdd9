/// A DATE or DATE-TIME value (RFC 5545, sections 3.3.4 and 3.3.5), as written: a day, or a
/// day and a time of day that is UTC, floating (local wherever one is) or local in a named
/// time zone. Resolving a zone is the caller's: this library reads no time zone data.
public enum ICalDateValue: Sendable, Equatable, Hashable {
    /// `VALUE=DATE:20261201`: a whole day.
    case date(ICalDay)
    /// `20261201T090000Z`, `20261201T090000` or `TZID=Europe/Berlin:20261201T090000`.
    case dateTime(ICalDay, ICalTime, ICalZone)

    /// The value of `property`: a DATE when `VALUE=DATE` says so or the value is 8 digits,
    /// else a DATE-TIME; nil when it is neither.
    public init?(_ property: ICalProperty) {
        let text = property.value
        if property.parameter("VALUE")?.first?.equalsIgnoringCase("DATE") == true || text.utf8.count == 8 {
            guard let day = ICalDay(text) else { return nil }
            self = .date(day)
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T"),
            let day = ICalDay(String(decoding: bytes[0..<8], as: UTF8.self)),
            let time = ICalTime(String(decoding: bytes[9..<15], as: UTF8.self))
        else { return nil }
        if bytes.count == 16 {
            guard bytes[15] == UInt8(ascii: "Z") else { return nil }
            self = .dateTime(day, time, .utc)
        } else if let zone = property.parameter("TZID")?.first {
            self = .dateTime(day, time, .named(zone))
        } else {
            self = .dateTime(day, time, .floating)
        }
    }

    /// The value as written in a content line (`20261201`, `20261201T090000Z`).
    public var text: String {
        switch self {
        case .date(let day): day.text
        case .dateTime(let day, let time, let zone): day.text + "T" + time.text + (zone == .utc ? "Z" : "")
        }
    }

    /// The day it falls on, on its own clock.
    public var day: ICalDay {
        switch self {
        case .date(let day), .dateTime(let day, _, _): day
        }
    }
}

/// A day of the Gregorian calendar.
public struct ICalDay: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A real day, or nil (`2026-02-29` is none).
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// A day written `YYYYMMDD`.
    public init?(_ text: String) {
        guard text.utf8.count == 8, let digits = decimal(text) else { return nil }
        self.init(year: digits / 10_000, month: digits / 100 % 100, day: digits % 100)
    }

    public var text: String { pad(year, 4) + pad(month, 2) + pad(day, 2) }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (a: Self, b: Self) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

/// A time of day; second 60 is a leap second.
public struct ICalTime: Sendable, Hashable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init?(hour: Int, minute: Int, second: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// A time written `HHMMSS`.
    public init?(_ text: String) {
        guard text.utf8.count == 6, let digits = decimal(text) else { return nil }
        self.init(hour: digits / 10_000, minute: digits / 100 % 100, second: digits % 100)
    }

    public var text: String { pad(hour, 2) + pad(minute, 2) + pad(second, 2) }
}

/// Whose clock a DATE-TIME is read on.
public enum ICalZone: Sendable, Hashable {
    /// `Z`: UTC.
    case utc
    /// No zone: the same clock time wherever one is.
    case floating
    /// `TZID=NAME`: local time in the zone of that name (usually defined by a VTIMEZONE of
    /// the same stream, usually named as in the tz database).
    case named(String)
}

/// The number written by `text`'s ASCII digits (all of them, at most 9), or nil.
func decimal(_ text: some StringProtocol) -> Int? {
    guard text.utf8.count <= 9 else { return nil }
    var value = 0
    for byte in text.utf8 {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return text.isEmpty ? nil : value
}

/// `value` written with at least `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
