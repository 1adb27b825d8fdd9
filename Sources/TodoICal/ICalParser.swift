/// Reads an iCalendar stream (RFC 5545, section 3.1) into its components.
///
/// Lines may end in CRLF or in LF alone; blank lines are skipped; a line starting with a space
/// or a tab continues the one before (folding), wherever the fold falls, even inside a UTF-8
/// character. What is read must be UTF-8. Any bytes are read or refused with an `ICalError`,
/// never a crash; components nest at most `maximumDepth` deep.
public enum ICalParser {
    /// The deepest nesting read (VCALENDAR, VTODO, VALARM is 3).
    public static let maximumDepth = 32

    /// The top-level components of `bytes` (usually one VCALENDAR).
    public static func parse(_ bytes: some Collection<UInt8>) throws(ICalError) -> [ICalComponent] {
        var open: [(component: ICalComponent, line: Int)] = []
        var done: [ICalComponent] = []
        for line in try logicalLines(Array(bytes)) {
            let property = try ContentLine.parse(line)
            if property.is("BEGIN") {
                guard ContentLine.isName(property.value) else {
                    throw ICalError(line: line.number, "BEGIN names no component")
                }
                guard open.count < maximumDepth else {
                    throw ICalError(line: line.number, "components nested deeper than \(maximumDepth)")
                }
                var component = ICalComponent(name: property.value)
                component.source = ComponentSource(
                    name: property.value, begin: line.source, end: [], positions: [], propertyCount: 0)
                open.append((component, line.number))
            } else if property.is("END") {
                guard var (component, _) = open.popLast() else {
                    throw ICalError(line: line.number, "END without a BEGIN")
                }
                guard component.is(property.value) else {
                    throw ICalError(line: line.number, "END does not close \(component.name)")
                }
                component.source?.end = line.source
                component.source?.propertyCount = component.properties.count
                if open.isEmpty {
                    done.append(component)
                } else {
                    let parent = open.count - 1
                    let position = open[parent].component.properties.count
                    open[parent].component.source?.positions.append(position)
                    open[parent].component.components.append(component)
                }
            } else {
                guard !open.isEmpty else { throw ICalError(line: line.number, "\(property.name) outside a component") }
                open[open.count - 1].component.properties.append(property)
            }
        }
        if let (component, number) = open.last {
            throw ICalError(line: number, "\(component.name) has no END")
        }
        return done
    }

    /// The top-level components of `text`.
    public static func parse(_ text: String) throws(ICalError) -> [ICalComponent] {
        try parse(Array(text.utf8))
    }

    /// The unfolded lines of `bytes`, each with the number of its first line and its source.
    static func logicalLines(_ bytes: [UInt8]) throws(ICalError) -> [LogicalLine] {
        var lines: [LogicalLine] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var end = newline
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            defer { start = newline + 1 }
            guard end > start else { continue }
            let physical = bytes[start..<end]
            if physical.first == 0x20 || physical.first == 0x09 {
                guard !lines.isEmpty else { throw ICalError(line: number, "a folded line continues no line") }
                lines[lines.count - 1].content += physical.dropFirst()
                lines[lines.count - 1].source += physical + [0x0D, 0x0A]
            } else {
                lines.append(
                    LogicalLine(number: number, content: Array(physical), source: Array(physical) + [0x0D, 0x0A]))
            }
        }
        return lines
    }
}

/// One unfolded content line and the folded lines it was read from.
struct LogicalLine {
    var number: Int
    var content: [UInt8]
    var source: [UInt8]
}
