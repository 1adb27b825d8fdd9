import Foundation
import TodoCore

/// Days, instants and clocks written as ISO text, so that expectations read like the dates they are.
enum Dates {
    static func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    /// The instant of a UTC wire form such as `2026-03-08T06:30:00Z`.
    static func utc(_ wire: String) -> Date {
        guard case .instant(let date) = DueDate(wire: wire) else { fatalError("not an instant: \(wire)") }
        return date
    }

    static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }

    /// A context whose clock reads `wire` (UTC) in the time zone `zone`.
    static func at(_ wire: String, _ zone: String = "UTC") -> DateContext {
        DateContext(now: utc(wire), timeZone: self.zone(zone))
    }

    static func read(_ text: String, _ context: DateContext) -> DueDate? {
        try? DateReader.read(text, in: context)
    }
}
