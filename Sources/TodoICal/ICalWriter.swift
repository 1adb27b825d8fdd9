/// Writes components as an iCalendar stream: CRLF after every line, content lines folded at 75
/// octets (RFC 5545, section 3.1) without splitting a UTF-8 character.
///
/// What is unchanged since it was read is written from the lines it was read from, so a tree
/// read and written untouched gives back its input with each line ending made CRLF and blank
/// lines dropped. Each new or changed property is written afresh: parameter values escaped
/// (RFC 6868) and quoted when they hold `:`, `;` or `,`; a line break in a raw value (which a
/// content line cannot hold) written as `\n`.
public enum ICalWriter {
    /// The longest line written, in octets, CRLF not counted.
    public static let lineLimit = 75

    public static func write(_ components: [ICalComponent]) -> [UInt8] {
        var out: [UInt8] = []
        for component in components { write(component, into: &out) }
        return out
    }

    public static func write(_ component: ICalComponent) -> [UInt8] { write([component]) }

    /// The stream as text (it is always UTF-8).
    public static func text(_ components: [ICalComponent]) -> String {
        String(decoding: write(components), as: UTF8.self)
    }

    static func write(_ component: ICalComponent, into out: inout [UInt8]) {
        let source = component.source.flatMap { $0.name == component.name ? $0 : nil }
        out += source?.begin ?? fold("BEGIN:" + component.name)
        // Each subcomponent goes back after as many properties as it followed when read.
        let count = component.properties.count
        let places = component.components.indices.map { index -> Int in
            guard let source, index < source.positions.count, source.positions[index] < source.propertyCount else {
                return count
            }
            return min(source.positions[index], count)
        }
        var next = 0
        for (index, property) in component.properties.enumerated() {
            while next < places.count, places[next] <= index {
                write(component.components[next], into: &out)
                next += 1
            }
            out += property.sourceLines ?? fold(contentLine(property))
        }
        while next < places.count {
            write(component.components[next], into: &out)
            next += 1
        }
        out += source?.end ?? fold("END:" + component.name)
    }

    /// The property as one unfolded content line.
    public static func contentLine(_ property: ICalProperty) -> String {
        var line = property.name
        for parameter in property.parameters {
            line += ";" + parameter.name + "=" + parameter.values.map(ParameterText.encode).joined(separator: ",")
        }
        line += ":"
        for scalar in property.value.unicodeScalars {
            if scalar == "\n" { line += "\\n" } else { line.unicodeScalars.append(scalar) }
        }
        return line
    }

    /// `line` folded: at most `lineLimit` octets a line, each continuation starting with a
    /// space, never cut inside a UTF-8 character; CRLF after each.
    public static func fold(_ line: String) -> [UInt8] {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var room = lineLimit
        repeat {
            var end = min(start + room, bytes.count)
            // Back up to a character's first byte: continuation bytes are 10xxxxxx.
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(0x20) }
            out += bytes[start..<end]
            out += [0x0D, 0x0A]
            start = end
            room = lineLimit - 1
        } while start < bytes.count
        return out
    }
}
