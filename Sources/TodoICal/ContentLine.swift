/// The grammar of one unfolded content line (RFC 5545, section 3.1):
/// `name *(";" param) ":" value`, a parameter being `name "=" value *("," value)` and a
/// parameter value either plain (no `"` `;` `:` `,`) or quoted (anything but `"`).
enum ContentLine {
    /// The property on `line`, its source kept.
    static func parse(_ line: LogicalLine) throws(ICalError) -> ICalProperty {
        guard let text = String(validating: line.content, as: UTF8.self) else {
            throw ICalError(line: line.number, "not UTF-8")
        }
        var reader = Reader(bytes: Array(text.utf8), line: line.number)
        let name = try reader.name(what: "a property name")
        var parameters: [ICalParameter] = []
        while try reader.take([.semicolon, .colon]) == .semicolon {
            let parameterName = try reader.name(what: "a parameter name")
            guard reader.peek() == .equals else {
                throw ICalError(line: line.number, "parameter \(parameterName) has no '='")
            }
            reader.index += 1
            var values = [try reader.parameterValue()]
            while reader.peek() == .comma {
                reader.index += 1
                values.append(try reader.parameterValue())
            }
            parameters.append(ICalParameter(name: parameterName, values: values.map(ParameterText.decode)))
        }
        var property = ICalProperty(name: name, parameters: parameters, value: reader.rest())
        property.source = PropertySource(name: name, parameters: parameters, value: property.value, lines: line.source)
        return property
    }

    /// Whether `text` is a name: letters, digits and `-`, at least one.
    static func isName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isNameByte)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), .dash:
            true
        default: false
        }
    }

    /// A cursor over a line's bytes.
    struct Reader {
        var bytes: [UInt8]
        var line: Int
        var index = 0

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        /// A name up to the next `;`, `:` or `=`.
        mutating func name(what: String) throws(ICalError) -> String {
            let start = index
            while let byte = peek(), isNameByte(byte) { index += 1 }
            if let next = peek(), next != .semicolon, next != .colon, next != .equals {
                throw ICalError(line: line, "\(what) holds only letters, digits and '-'")
            }
            guard index > start else { throw ICalError(line: line, "\(what) is missing") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Steps over one of `expected`, which must come next.
        mutating func take(_ expected: [UInt8]) throws(ICalError) -> UInt8 {
            guard let byte = peek() else { throw ICalError(line: line, "no ':' before the value") }
            guard expected.contains(byte) else { throw ICalError(line: line, "expected ';' or ':'") }
            index += 1
            return byte
        }

        /// One parameter value, quoted or plain, as written (RFC 6868 not yet read).
        mutating func parameterValue() throws(ICalError) -> String {
            if peek() == .quote {
                let start = index + 1
                guard let close = bytes[start...].firstIndex(of: .quote) else {
                    throw ICalError(line: line, "a quoted parameter value has no closing '\"'")
                }
                index = close + 1
                guard let next = peek(), next == .semicolon || next == .colon || next == .comma else {
                    throw ICalError(line: line, "expected ',', ';' or ':' after a quoted parameter value")
                }
                return String(decoding: bytes[start..<close], as: UTF8.self)
            }
            let start = index
            while let byte = peek(), byte != .semicolon, byte != .colon, byte != .comma { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Everything left: the value.
        func rest() -> String { String(decoding: bytes[index...], as: UTF8.self) }
    }
}

extension UInt8 {
    static let semicolon = UInt8(ascii: ";"), colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    static let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), dash = UInt8(ascii: "-")
}

extension String {
    /// Whether the two are equal when ASCII letters' case is ignored (names' case never counts).
    func equalsIgnoringCase(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8) { a, b in a == b || (a ^ 0x20 == b && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) }
    }
}
