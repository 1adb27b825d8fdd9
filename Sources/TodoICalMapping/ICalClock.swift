import Foundation
import TodoCore
import TodoICal

/// Dates between todo (`DueDate`, `Date`) and iCalendar (`ICalDateValue`): a DATE is a whole
/// day; a DATE-TIME an instant: UTC, floating (read on the context's clock), or in a TZID
/// zone that `zones` knows (else the context's). Instants are written to the second, UTC,
/// unless the property they replace had a TZID that `zones` knows, or was floating: then
/// they stay on that clock.
public struct ICalClock: Sendable {
    public var context: DateContext
    /// The zone named by a TZID (which usually names a zone of the tz database); nil when unknown.
    public var zones: @Sendable (String) -> TimeZone?

    public init(context: DateContext, zones: @escaping @Sendable (String) -> TimeZone? = { TimeZone(identifier: $0) }) {
        self.context = context
        self.zones = zones
    }

    /// The todo date a property's value stands for; nil for a day todo cannot write.
    public func dueDate(_ value: ICalDateValue) -> DueDate? {
        switch value {
        case .date(let day):
            return CalendarDay(year: day.year, month: day.month, day: day.day).map(DueDate.day)
        case .dateTime:
            return instant(value).map(DueDate.instant)
        }
    }

    /// The instant of a DATE-TIME, or of a DATE's first moment on the context's clock.
    public func instant(_ value: ICalDateValue) -> Date? {
        switch value {
        case .date(let day):
            return CalendarDay(year: day.year, month: day.month, day: day.day).map(context.start(of:))
        case .dateTime(let day, let time, let zone):
            guard let calendarDay = CalendarDay(year: day.year, month: day.month, day: day.day) else { return nil }
            switch zone {
            case .utc:
                let seconds =
                    (Int64(calendarDay.ordinal) * 86_400) + Int64(time.hour * 3600 + time.minute * 60 + time.second)
                return Date(timeIntervalSince1970: Double(seconds))
            case .floating:
                return context.instant(calendarDay, hour: time.hour, minute: time.minute, second: time.second)
            case .named(let name):
                let zoned = DateContext(now: context.now, timeZone: zones(name) ?? context.timeZone)
                return zoned.instant(calendarDay, hour: time.hour, minute: time.minute, second: time.second)
            }
        }
    }

    /// `date` as a property's value, on the clock of `kept` (the value it replaces) when it
    /// had one todo can read.
    public func value(_ date: DueDate, replacing kept: ICalDateValue? = nil) -> ICalDateValue? {
        switch date {
        case .day(let day):
            return ICalDay(year: day.year, month: day.month, day: day.day).map(ICalDateValue.date)
        case .instant(let instant):
            if case .dateTime(_, _, let zone) = kept {
                switch zone {
                case .utc: break
                case .floating: return value(instant, in: context.timeZone, .floating)
                case .named(let name): if let known = zones(name) { return value(instant, in: known, .named(name)) }
                }
            }
            return utc(instant)
        }
    }

    /// `instant` as a UTC DATE-TIME, to the second (rounded down), on the proleptic Gregorian
    /// calendar as `instant(_:)` reads it (Foundation's calendar is Julian before 1582).
    public func utc(_ instant: Date) -> ICalDateValue? {
        guard let seconds = Int64(exactly: instant.timeIntervalSince1970.rounded(.down)) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        guard abs(days) < 4_000_000 else { return nil }
        let ofDay = Int(seconds - days * 86_400)
        let day = CalendarDay(ordinal: Int(days)).components
        guard let iday = ICalDay(year: day.year, month: day.month, day: day.day),
            let time = ICalTime(hour: ofDay / 3600, minute: ofDay / 60 % 60, second: ofDay % 60)
        else { return nil }
        return .dateTime(iday, time, .utc)
    }

    private func value(_ instant: Date, in zone: TimeZone, _ written: ICalZone) -> ICalDateValue? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let whole = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        guard let day = ICalDay(year: parts.year!, month: parts.month!, day: parts.day!),
            let time = ICalTime(hour: parts.hour!, minute: parts.minute!, second: parts.second!)
        else { return nil }
        return .dateTime(day, time, written)
    }

    /// `date` as iCalendar can hold it: an instant to the second.
    public static func whole(_ date: DueDate) -> DueDate {
        switch date {
        case .day: date
        case .instant(let instant): .instant(Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)))
        }
    }
}
