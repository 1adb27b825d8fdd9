import Foundation

/// The day an instant falls on in one time zone, quickly: the zone's offset is looked up once
/// per UTC day it is asked about (and on each instant of a day whose offset changes), so a
/// report over 100,000 todos asks the time zone database a few hundred times, not 300,000.
public final class DayReader {
    public let timeZone: TimeZone
    /// The offset in seconds over a whole UTC day, by the day's number; nil where it changes.
    private var offsets: [Int: Int?] = [:]

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The local day `instant` falls on.
    public func day(of instant: Date) -> CalendarDay {
        let seconds = instant.timeIntervalSince1970
        let utcDay = Int((seconds / 86_400).rounded(.down))
        let offset: Int
        if let known = offsets[utcDay] {
            offset = known ?? timeZone.secondsFromGMT(for: instant)
        } else {
            let start = Date(timeIntervalSince1970: Double(utcDay) * 86_400)
            let first = timeZone.secondsFromGMT(for: start)
            let last = timeZone.secondsFromGMT(for: start.addingTimeInterval(86_399))
            offsets[utcDay] = first == last ? first : nil
            offset = first == last ? first : timeZone.secondsFromGMT(for: instant)
        }
        return CalendarDay(ordinal: Int(((seconds + Double(offset)) / 86_400).rounded(.down)))
    }

    /// The local day of a due, wait or start date: a whole day is itself.
    public func day(of date: DueDate) -> CalendarDay {
        switch date {
        case .day(let day): day
        case .instant(let instant): self.day(of: instant)
        }
    }
}
