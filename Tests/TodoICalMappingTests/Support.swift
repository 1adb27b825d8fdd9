import Foundation
import TodoCore
import TodoICal
import TodoICalMapping

/// The clock the mapping tests read and write with: Berlin, late November 2026.
enum Clock {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let now = date("2026-11-25T10:00:00Z")
    static let clock = ICalClock(context: DateContext(now: now, timeZone: zone))

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }
}

/// `lines` as an iCalendar stream: CRLF after each.
func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

/// The one VTODO of `lines` (a VTODO's properties).
func vtodo(_ lines: String...) throws -> ICalComponent {
    try ICalParser.parse(crlf(["BEGIN:VTODO"] + lines + ["END:VTODO"]))[0]
}

/// The physical lines `component` writes.
func lines(_ component: ICalComponent) -> [String] {
    ICalWriter.text([component]).components(separatedBy: "\r\n").dropLast()
}

/// A todo made and changed at whole seconds, as iCalendar keeps times.
func todo(_ name: String = "buy milk", uuid: String = "6b0c6f3e-2a4d-4b1e-9f5a-0c2d3e4f5a6b") -> Todo {
    Todo(
        id: 1, uuid: UUID(uuidString: uuid)!, name: name, createdAt: Clock.date("2026-11-20T08:00:00Z"),
        updatedAt: Clock.date("2026-11-21T09:30:00Z"))
}

/// What a VTODO reads as, notes and all.
func read(_ vtodo: ICalComponent) throws -> VTodoMapping.Reading { try VTodoMapping.read(vtodo, clock: Clock.clock) }
