import Foundation

/// How a filter compares a todo's date with a reference date.
public enum DateRelation: String, Equatable, Sendable {
    /// `due:X`: the todo's date falls within X (a whole day overlaps it).
    case on
    /// `due.before:X`: entirely before X (a whole day ends at or before X begins).
    case before
    /// `due.after:X`: entirely after X (a whole day begins at or after X ends).
    case after
    /// `due.by:X`: not after X, so before it or within it (`due.by:eow`: by the end of the week).
    case by
}

/// A date a filter compares todos' dates with, resolved once in one time zone so that each
/// comparison is a pair of integer comparisons, with no calendar per todo.
///
/// Every date covers a stretch of time: a whole day from its first moment to the next day's,
/// an instant one millisecond. `on` means the stretches overlap; `before` and `after` that one
/// lies entirely on that side. A start or end keyword (`sow`, `eow`…) is instead the edge of its
/// day: `due.before:eow` is everything before the end of Sunday, Sunday included, and
/// `due.after:sow` everything from Monday on; `due:eow` is Sunday.
public struct DateReference: Equatable, Sendable {
    /// The date as read.
    public let date: DueDate
    let edge: DateReader.Edge?
    /// The whole days the date covers (one).
    let days: Range<Int>
    /// The milliseconds since 1970 the date covers.
    let milliseconds: Range<Int64>

    /// Reads `text` as `DateReader` does and resolves it in the context's time zone.
    public init(_ text: String, in context: DateContext) throws(DateReadError) {
        let (date, edge) = try DateReader.readWithEdge(text, in: context)
        self.init(date, edge: edge, in: context)
    }

    /// Resolves `date`, compared as a stretch of time (no edge), in the context's time zone.
    public init(_ date: DueDate, in context: DateContext) {
        self.init(date, edge: nil, in: context)
    }

    init(_ date: DueDate, edge: DateReader.Edge?, in context: DateContext) {
        self.date = date
        self.edge = edge
        switch date {
        case .day(let day):
            days = day.ordinal..<day.ordinal + 1
            milliseconds =
                DueDate.milliseconds(
                    context.start(of: day))..<DueDate.milliseconds(context.start(of: day.adding(days: 1)))
        case .instant(let instant):
            let ordinal = context.day(of: instant).ordinal
            let ms = DueDate.milliseconds(instant)
            days = ordinal..<ordinal + 1
            milliseconds = ms..<ms + 1
        }
    }
}

extension DueDate {
    /// Whether this date stands in `relation` to `reference` (see `DateReference`).
    public func stands(_ relation: DateRelation, _ reference: DateReference) -> Bool {
        switch self {
        case .day(let day): Self.compare(day.ordinal, relation, reference.days, reference.edge)
        case .instant(let instant):
            Self.compare(Self.milliseconds(instant), relation, reference.milliseconds, reference.edge)
        }
    }

    private static func compare<T: Comparable>(
        _ value: T, _ relation: DateRelation, _ range: Range<T>, _ edge: DateReader.Edge?
    ) -> Bool {
        switch relation {
        case .on: range.contains(value)
        case .before: value < (edge == .end ? range.upperBound : range.lowerBound)
        case .after: value >= (edge == .start ? range.lowerBound : range.upperBound)
        case .by: value < (edge == .start ? range.lowerBound : range.upperBound)
        }
    }
}
