/// The TEXT value type (RFC 5545, section 3.3.11): `\\`, `\;`, `\,` and `\n` (or `\N`) for a
/// backslash, semicolon, comma and line break; a list's values are separated by unescaped commas.
public enum ICalText {
    /// `text` written as a TEXT value.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r":
                // CRLF is one line break; a CR alone is one too.
                out += "\\n"
                if pending == "\n" { pending = scalars.next() }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text a TEXT value says. A backslash before anything else is kept as written.
    public static func unescape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                escaped = false
                switch scalar {
                case "\\", ";", ",": out.unicodeScalars.append(scalar)
                case "n", "N": out += "\n"
                default: out += "\\"; out.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaped { out += "\\" }
        return out
    }

    /// The texts of a list of TEXT values (`CATEGORIES:a\,b,c` holds `a,b` and `c`).
    public static func splitList(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                escaped = false
                current.unicodeScalars.append(scalar)
            } else if scalar == "\\" {
                escaped = true
                current += "\\"
            } else if scalar == "," {
                parts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        parts.append(current)
        return parts.map(unescape)
    }

    /// `texts` written as a list of TEXT values.
    public static func joinList(_ texts: [String]) -> String {
        texts.map(escape).joined(separator: ",")
    }
}

/// Parameter values' escaping (RFC 6868): `^n` a line break, `^^` a caret, `^'` a double quote;
/// a caret before anything else is itself.
enum ParameterText {
    static func decode(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "^")) else { return raw }
        var out = ""
        var caret = false
        for scalar in raw.unicodeScalars {
            if caret {
                caret = false
                switch scalar {
                case "n": out += "\n"
                case "^": out += "^"
                case "'": out += "\""
                default: out += "^"; out.unicodeScalars.append(scalar)
                }
            } else if scalar == "^" {
                caret = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if caret { out += "^" }
        return out
    }

    /// `value` as written in a content line: escaped, and quoted when it holds `:`, `;` or `,`.
    static func encode(_ value: String) -> String {
        var out = ""
        var quoted = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "^": out += "^^"
            case "\n": out += "^n"
            case "\"": out += "^'"
            case ":", ";", ",": quoted = true; out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return quoted ? "\"" + out + "\"" : out
    }
}
