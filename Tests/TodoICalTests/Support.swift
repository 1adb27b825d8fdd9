import Foundation
import TodoICal

/// `lines` as an iCalendar stream: CRLF after each.
func crlf(_ lines: String...) -> String { crlf(lines) }

func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

/// The one component `text` holds.
func component(_ text: String) throws -> ICalComponent {
    let components = try ICalParser.parse(text)
    guard components.count == 1 else { throw ICalError(line: 0, "\(components.count) components") }
    return components[0]
}

/// A VTODO holding `lines` as properties.
func todo(_ lines: String...) throws -> ICalComponent {
    try component(crlf(["BEGIN:VTODO"] + lines + ["END:VTODO"]))
}

/// What `text` writes back as, as text.
func written(_ component: ICalComponent) -> String { ICalWriter.text([component]) }

/// The physical lines of `text` (without their CRLF).
func physicalLines(_ text: String) -> [String] {
    text.components(separatedBy: "\r\n").dropLast().map { $0 }
}

/// The error reading `text` throws, if any.
func parseError(_ text: String) -> ICalError? {
    do {
        _ = try ICalParser.parse(text)
        return nil
    } catch {
        return error
    }
}

/// The error reading `bytes` throws, if any.
func parseError(_ bytes: [UInt8]) -> ICalError? {
    do {
        _ = try ICalParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}
