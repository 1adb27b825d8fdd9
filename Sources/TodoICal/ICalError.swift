/// Why an iCalendar stream could not be read: one line, with the number of the line (counted
/// from 1, blank and folded lines included) where the trouble starts.
public struct ICalError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
