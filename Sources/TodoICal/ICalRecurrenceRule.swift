/// An RRULE value (RFC 5545, section 3.3.10): the text as written, and the parts todo reads.
///
/// Only the text is written back; the parsed parts are a reading of it. A part this type does
/// not name (BYMONTHDAY, WKST, …) stays in `text` and in `parts`.
public struct ICalRecurrenceRule: Sendable, Equatable {
    /// The value as written: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`.
    public var text: String
    /// Every `NAME=VALUE` part in order, names uppercased.
    public var parts: [(name: String, value: String)] {
        text.split(separator: ";", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pieces[0]).uppercased(), pieces.count > 1 ? String(pieces[1]) : "")
        }
    }

    public init(text: String) { self.text = text }

    /// A rule from its parts, written in this order: FREQ, INTERVAL (when not 1), COUNT,
    /// UNTIL, BYDAY.
    public init(
        frequency: String, interval: Int = 1, until: ICalDateValue? = nil, count: Int? = nil, byDay: [String] = []
    ) {
        var parts = ["FREQ=" + frequency]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + until.text) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.joined(separator: ",")) }
        text = parts.joined(separator: ";")
    }

    func part(_ name: String) -> String? { parts.first { $0.name == name }?.value }

    /// `DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`, … uppercased.
    public var frequency: String? { part("FREQ")?.uppercased() }
    /// Every how many periods (1 when not written); nil when not a positive number.
    public var interval: Int? { part("INTERVAL").map { decimal($0).flatMap { $0 > 0 ? $0 : nil } } ?? 1 }
    /// The last start the rule makes: a DATE or a DATE-TIME (UTC or floating).
    public var until: ICalDateValue? {
        part("UNTIL").flatMap { ICalDateValue(ICalProperty(name: "UNTIL", value: $0)) }
    }
    /// How many occurrences the rule makes.
    public var count: Int? { part("COUNT").flatMap(decimal) }
    /// The days of BYDAY as written (`MO`, `-1FR`, `2TU`), uppercased.
    public var byDay: [String] {
        part("BYDAY").map { $0.uppercased().split(separator: ",").map(String.init) } ?? []
    }

    public static func == (a: Self, b: Self) -> Bool { a.text == b.text }
}
