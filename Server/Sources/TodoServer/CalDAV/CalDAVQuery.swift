import Foundation
import TodoCore
import TodoICal
import TodoICalMapping

/// A calendar-query's filter applied to one todo (RFC 4791 §9.7, §9.9). COMPLETED defined or
/// not, the test task apps send most, is read off the record; any other property test and a
/// time-range are applied to the VTODO as it is served, and a repeating todo's time-range to
/// each occurrence its rule makes (the one served, then the later ones).
enum CalDAVQuery {
    /// A time-range's bounds; nil: unbounded.
    struct Window {
        var start: Date?
        var end: Date?
        /// The time of the query, on the server's clock: occurrences of a series that repeats
        /// after completion count from it.
        var now: Date

        /// The bounds of a time-range, UTC date-times (`20261201T000000Z`); nil for one that is
        /// not.
        init?(_ range: CalendarFilter.TimeRange, at now: Date) {
            self.now = now
            func instant(_ text: String?) -> Date?? {
                guard let text else { return .some(nil) }
                guard text.hasSuffix("Z"), let value = ICalDateValue(ICalProperty(name: "X", value: text)),
                    let date = CalDAVResources.dates.instant(value)
                else { return nil }
                return .some(date)
            }
            guard let start = instant(range.start), let end = instant(range.end) else { return nil }
            (self.start, self.end) = (start, end)
        }
    }

    /// Whether the filter needs the served text (anything but whether COMPLETED is there).
    static func needsText(_ filter: CalendarFilter) -> Bool {
        filter.timeRange != nil || filter.properties.contains { $0.name != "COMPLETED" || $0.textMatch != nil }
    }

    /// Whether `record` passes `filter`; `text` serves it. Only VCALENDAR then VTODO match.
    static func matches(_ filter: CalendarFilter, window: Window?, record: StoredRecord, text: () throws -> String)
        rethrows -> Bool
    {
        guard filter.components.first == "VCALENDAR", filter.components.dropFirst().allSatisfy({ $0 == "VTODO" }) else {
            return false
        }
        guard filter.components.count == 2 else { return filter.properties.isEmpty && filter.timeRange == nil }
        guard needsText(filter) else { return filter.properties.allSatisfy { $0.defined == record.completed } }
        guard let calendars = try? ICalParser.parse(Array(try text().utf8)),
            let vtodo = calendars.first?.components(named: "VTODO").first(where: { $0.property("RECURRENCE-ID") == nil }
            )
        else { return false }
        for test in filter.properties where !passes(vtodo, test) { return false }
        guard let window else { return true }
        return overlaps(vtodo, content: record.fields.flatMap { try? TodoContent($0) }, window)
    }

    static func passes(_ vtodo: ICalComponent, _ test: CalendarFilter.PropertyFilter) -> Bool {
        let values = vtodo.properties(named: test.name)
        guard test.defined else { return values.isEmpty }
        guard !values.isEmpty else { return false }
        guard let match = test.textMatch else { return true }
        let found = values.contains { property in
            ICalText.unescape(property.value).range(of: match.text, options: match.caseless ? [.caseInsensitive] : [])
                != nil
        }
        return found != match.negate
    }

    /// Whether the VTODO, or a later occurrence of it, overlaps the window (§9.9's table).
    static func overlaps(_ vtodo: ICalComponent, content: TodoContent?, _ window: Window) -> Bool {
        let clock = CalDAVResources.dates
        func instant(_ name: String) -> Date? { vtodo.date(name).flatMap(clock.instant) }
        let (start, due, completed, created) = (
            instant("DTSTART"), instant("DUE"), instant("COMPLETED"), instant("CREATED")
        )
        let duration = vtodo.property("DURATION").flatMap { seconds(ofDuration: $0.value) }
        // An occurrence starting after the window's end cannot overlap it.
        let lead = start.flatMap { start in due.map { max(0, $0.timeIntervalSince(start)) } } ?? 0
        for shift in shifts(vtodo, content, until: window.end.map { $0.addingTimeInterval(lead) }, at: window.now) {
            let moved = Times(
                start: start?.addingTimeInterval(shift), due: due?.addingTimeInterval(shift), duration: duration,
                completed: completed, created: created)
            if moved.overlaps(window) { return true }
        }
        return false
    }

    /// How far each occurrence is from the one served, in seconds: 0, then, for a todo whose
    /// VTODO holds its rule, each later occurrence's (at most 1,000, none due after `end`).
    static func shifts(_ vtodo: ICalComponent, _ content: TodoContent?, until end: Date?, at now: Date)
        -> [TimeInterval]
    {
        guard vtodo.property("RRULE") != nil, let content, let recur = content.recur, let first = content.due else {
            return [0]
        }
        let anchor = content.anchor ?? SeriesAnchor(first, in: .utc)
        let clock = DateContext(now: now, timeZone: anchor.zone)
        func instant(_ due: DueDate) -> Date {
            switch due {
            case .day(let day): DateContext(now: now, timeZone: .utc).start(of: day)
            case .instant(let date): date
            }
        }
        var (shifts, due) = ([TimeInterval(0)], first)
        while shifts.count < 1000 {
            due = recur.next(after: due, anchor: anchor, doneAt: now)
            if let until = content.until, due.isAfter(until, on: clock) { break }
            if let end, instant(due) > end { break }
            shifts.append(instant(due).timeIntervalSince(instant(first)))
        }
        return shifts
    }

    /// The times §9.9's table reads.
    struct Times {
        var start, due: Date?
        var duration: TimeInterval?
        var completed, created: Date?

        func overlaps(_ window: Window) -> Bool {
            let (from, to) = (window.start, window.end)
            func notBeforeStart(_ date: Date) -> Bool { from.map { $0 <= date } ?? true }
            func afterStart(_ date: Date) -> Bool { from.map { $0 < date } ?? true }
            func beforeEnd(_ date: Date) -> Bool { to.map { $0 > date } ?? true }
            func notAfterEnd(_ date: Date) -> Bool { to.map { $0 >= date } ?? true }
            switch (start, due, completed, created) {
            case (let start?, nil, _, _) where duration != nil:
                let end = start.addingTimeInterval(duration!)
                return notBeforeStart(end) && (beforeEnd(start) || notAfterEnd(end))
            case (let start?, let due?, _, _):
                return (afterStart(due) || notBeforeStart(start)) && (beforeEnd(start) || notAfterEnd(due))
            case (let start?, nil, _, _):
                return notBeforeStart(start) && beforeEnd(start)
            case (nil, let due?, _, _):
                return afterStart(due) && notAfterEnd(due)
            case (nil, nil, let completed?, let created?):
                return (notBeforeStart(created) || notBeforeStart(completed))
                    && (notAfterEnd(created) || notAfterEnd(completed))
            case (nil, nil, let completed?, nil):
                return notBeforeStart(completed) && notAfterEnd(completed)
            case (nil, nil, nil, let created?):
                return beforeEnd(created)
            case (nil, nil, nil, nil):
                return true
            }
        }
    }

    /// The seconds of an iCalendar DURATION (`-P1W`, `PT1H30M`, `P1DT12H`); nil for another text.
    static func seconds(ofDuration text: String) -> TimeInterval? {
        var rest = Substring(text)
        let sign: Double = rest.first == "-" ? -1 : 1
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var (total, number, inTime, any) = (0.0, "", false, false)
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                continue
            }
            let units: [Character: Double] = inTime ? ["H": 3600, "M": 60, "S": 1] : ["W": 604_800, "D": 86_400]
            guard let unit = units[character], let value = Double(number) else { return nil }
            (total, number, any) = (total + value * unit, "", true)
        }
        return any && number.isEmpty ? sign * total : nil
    }
}
