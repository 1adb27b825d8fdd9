import Foundation

/// A todo's due or wait date: a whole day, or an instant.
///
/// A whole day has no time and no time zone: "1 December", that whole day wherever the device
/// is, so it moves with the person who travels. An instant is one moment, the same everywhere,
/// kept to the millisecond as its wire form holds it.
public enum DueDate: Hashable, Sendable {
    case day(CalendarDay)
    case instant(Date)

    /// An instant rounded to the millisecond, so that it survives its wire form unchanged.
    public static func instant(roundingToMilliseconds date: Date) -> DueDate {
        .instant(Self.date(milliseconds: Self.milliseconds(date)))
    }

    /// The day this date falls on in the context's time zone.
    public func day(in context: DateContext) -> CalendarDay {
        switch self {
        case .day(let day): day
        case .instant(let instant): context.day(of: instant)
        }
    }

    /// Whether the date has come by `context.now`: a whole day from its first moment on.
    /// A todo waits (is hidden) until its wait date has come.
    public func hasCome(in context: DateContext) -> Bool {
        switch self {
        case .day(let day): day <= context.today
        case .instant(let instant): instant <= context.now
        }
    }

    /// The instant by which it is due: the instant itself, or the end of the whole day
    /// (the first moment of the next day) in the context's time zone.
    public func deadline(in context: DateContext) -> Date {
        switch self {
        case .day(let day): context.start(of: day.adding(days: 1))
        case .instant(let instant): instant
        }
    }

    /// Whether the deadline is now or past: `deadline(in:) <= now`, for a whole day without the
    /// calendar (its next day has begun when today is after it), which took most of the time
    /// of drawing a list with due dates.
    public func deadlinePassed(in context: DateContext) -> Bool {
        switch self {
        case .day(let day): day < context.today
        case .instant(let instant): instant <= context.now
        }
    }
}

extension DueDate {
    /// `someday` (or `later`): a whole day so far off that it never comes, 9999-12-30 as in
    /// Taskwarrior, whose local midnight is still in the year 9999 in every zone. People see
    /// the word; `--json`, the state file and sync see `9999-12-30`.
    public static let someday = DueDate.day(CalendarDay(year: 9999, month: 12, day: 30)!)

    /// The word people see for `someday`.
    public static let somedayWord = "someday"
}

extension DueDate {
    /// The ISO 8601 form `--json`, the state file and sync carry: `2026-12-01` for a whole day,
    /// `2026-12-01T14:00:00.000Z` (UTC, milliseconds) for an instant.
    public var wire: String {
        switch self {
        case .day(let day):
            return day.description
        case .instant(let instant):
            let ms = Self.milliseconds(instant)
            let day = CalendarDay(ordinal: Int(CalendarDay.floor(ms, 86_400_000)))
            let msOfDay = Int(ms - Int64(day.ordinal) * 86_400_000)
            let time = [msOfDay / 3_600_000, msOfDay / 60_000 % 60, msOfDay / 1000 % 60]
                .map { CalendarDay.digits($0, 2) }.joined(separator: ":")
            return "\(day)T\(time).\(CalendarDay.digits(msOfDay % 1000, 3))Z"
        }
    }

    /// Reads the wire form: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with up to 9
    /// fraction digits (rounded to milliseconds).
    public init?(wire text: String) {
        var text = text
        guard let date = text.withUTF8({ DueDate(wire: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = date
    }

    /// The wire form from ASCII bytes: a state file's dates are read so, without a `String`
    /// made of each.
    public init?(wire raw: UnsafeRawBufferPointer) {
        if let day = CalendarDay(iso: raw) {
            self = .day(day)
            return
        }
        let bytes = Array(raw)
        guard bytes.count >= 20, bytes.count <= 30, bytes[10] == 0x54, bytes.last == 0x5A,
            let day = CalendarDay(iso: bytes[0..<10]),
            let seconds = Self.timeOfDay(bytes[11..<19]),
            let fraction = Self.milliseconds(fraction: bytes[19..<(bytes.count - 1)])
        else { return nil }
        let ms = (Int64(day.ordinal) * 86_400 + Int64(seconds)) * 1000 + fraction
        self = .instant(Self.date(milliseconds: ms))
    }

    /// Seconds since midnight of `HH:MM` or `HH:MM:SS`, each in its range.
    static func timeOfDay(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count == 5 || (bytes.count == 8 && bytes[start + 5] == 0x3A), bytes[start + 2] == 0x3A,
            let hour = CalendarDay.number(bytes[start..<start + 2]), hour < 24,
            let minute = CalendarDay.number(bytes[start + 3..<start + 5]), minute < 60
        else { return nil }
        let second = bytes.count == 5 ? 0 : CalendarDay.number(bytes[start + 6..<start + 8]) ?? 60
        return second < 60 ? (hour * 60 + minute) * 60 + second : nil
    }

    /// Milliseconds of an empty fraction or `.` and 1 to 9 digits, rounded to the nearest.
    private static func milliseconds(fraction bytes: ArraySlice<UInt8>) -> Int64? {
        if bytes.isEmpty { return 0 }
        let digits = bytes.dropFirst()
        guard bytes.first == 0x2E, (1...9).contains(digits.count), let value = CalendarDay.number(digits) else {
            return nil
        }
        var nanos = Int64(value)
        for _ in digits.count..<9 { nanos *= 10 }
        return (nanos + 500_000) / 1_000_000
    }
}

extension DueDate {
    /// Whether the wire form can hold it: its (UTC) year is within `CalendarDay.years`.
    var isWritable: Bool {
        switch self {
        case .day(let day): day.isWritable
        case .instant(let instant):
            CalendarDay(ordinal: Int(CalendarDay.floor(Self.milliseconds(instant), 86_400_000))).isWritable
        }
    }

    /// Milliseconds since 1970, rounded to the nearest.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension DueDate: TextCoded {
    /// Coded as its wire form.
    public init?(codedText text: String) { self.init(wire: text) }
    public var codedText: String { wire }
    public static var codedName: String { "a due date" }
}

extension DueDate {
    /// The date as a person types it on the context's clock, which `DateReader` reads back as
    /// this very date: `someday`, `2026-12-01`, `2026-12-01T15:00`, `2026-12-01T15:00:30`; the
    /// UTC wire form where the local clock cannot say it exactly (milliseconds, a time a clock
    /// change repeats).
    public func typed(in context: DateContext) -> String {
        if self == .someday { return Self.somedayWord }
        guard case .instant(let instant) = self else { return wire }
        let parts = context.calendar.dateComponents([.hour, .minute, .second], from: instant)
        var text =
            "\(context.day(of: instant))T\(CalendarDay.digits(parts.hour!, 2)):\(CalendarDay.digits(parts.minute!, 2))"
        if parts.second! != 0 { text += ":" + CalendarDay.digits(parts.second!, 2) }
        return (try? DateReader.read(text, in: context)) == self ? text : wire
    }
}
