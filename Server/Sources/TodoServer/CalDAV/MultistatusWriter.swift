import Foundation

/// A property's value in a DAV answer.
enum DAVValue: Equatable, Sendable {
    /// Text, escaped when written.
    case text(String)
    /// Hrefs, each as a DAV:href.
    case hrefs([String])
    /// Empty elements, such as `resourcetype`'s collection and calendar.
    case elements([DAVName])
    /// A calendar-data or other value written as escaped text (the same as `text`; kept apart
    /// for what it is).
    case calendarData(String)
    /// The supported-calendar-component-set: a `C:comp name="…"` for each.
    case components([String])
    /// supported-report-set: a `D:supported-report/D:report/REPORT` for each.
    case reports([DAVName])
    /// current-user-privilege-set: a `D:privilege/PRIVILEGE` for each.
    case privileges([DAVName])
}

/// Writes a `207 Multi-Status` body (RFC 4918 §13): one response per resource, found
/// properties under `200 OK`, the others under `404 Not Found`, or a status alone (a member
/// gone, in a sync-collection). Prefixes are fixed: D (DAV:), C (CalDAV), CS (CalendarServer),
/// A (Apple); any other namespace gets its own on the element. Written as UTF-8 bytes: a
/// listing of hundreds appends thousands of pieces.
struct MultistatusWriter {
    private(set) var bytes: [UInt8] = Array(
        (#"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + #"""
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" \#
            xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/">
            """#)
            .utf8)

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The body so far, as text.
    var xml: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is (markup).
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends bytes as they are (markup, or text escaped before).
    mutating func raw(_ piece: some Collection<UInt8>) { bytes.append(contentsOf: piece) }

    /// A resource and its properties: `found` in the order asked, `missing` under 404.
    mutating func response(href: String, found: [(DAVName, DAVValue)], missing: [DAVName] = []) {
        response(escapedHref: Self.escaped(href), found: found, missing: missing)
    }

    /// `response(href:found:missing:)` of an href escaped before.
    mutating func response(escapedHref href: [UInt8], found: [(DAVName, DAVValue)], missing: [DAVName] = []) {
        raw("<D:response><D:href>")
        raw(href)
        raw("</D:href>")
        if !found.isEmpty || missing.isEmpty {
            raw("<D:propstat><D:prop>")
            for (name, value) in found { element(name, value) }
            raw("</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>")
        }
        if !missing.isEmpty { raw(Self.missing(missing)) }
        raw("</D:response>")
    }

    /// A resource answered with a status alone (`404 Not Found`: removed since the token).
    mutating func response(href: String, status: String) {
        response(escapedHref: Self.escaped(href), status: status)
    }

    /// `response(href:status:)` of an href escaped before.
    mutating func response(escapedHref href: [UInt8], status: String) {
        raw("<D:response><D:href>")
        raw(href)
        raw("</D:href><D:status>HTTP/1.1 \(status)</D:status></D:response>")
    }

    /// Makes room for `extra` more bytes.
    mutating func reserve(_ extra: Int) { bytes.reserveCapacity(bytes.count + extra) }

    /// Empties the body, its head too.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends `value` in decimal digits.
    mutating func decimal(_ value: Int64) {
        guard value > 0 else { return raw(String(value)) }
        var divisor: Int64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The body as text, with the sync-token of a sync-collection answer when given, leaving
    /// the writer as it is (for tests; answers take `finish`).
    func finished(syncToken: String? = nil) -> String {
        var copy = self
        return String(decoding: copy.finish(syncToken: syncToken), as: UTF8.self)
    }

    /// Ends the body, with the sync-token of a sync-collection answer when given, and gives
    /// it (without copying it).
    mutating func finish(syncToken: String? = nil) -> [UInt8] {
        if let syncToken {
            raw("<D:sync-token>")
            Self.escape(syncToken, into: &bytes)
            raw("</D:sync-token>")
        }
        raw("</D:multistatus>\n")
        return bytes
    }

    /// The propstat of properties not found.
    static func missing(_ names: [DAVName]) -> String {
        "<D:propstat><D:prop>" + names.map(emptyTag).joined()
            + "</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>"
    }

    /// One property element with its value.
    mutating func element(_ name: DAVName, _ value: DAVValue) {
        let (open, close) = Self.tags(name)
        raw(open)
        switch value {
        case .text(let text), .calendarData(let text): Self.escape(text, into: &bytes)
        case .hrefs(let hrefs):
            for href in hrefs {
                raw("<D:href>")
                Self.escape(href, into: &bytes)
                raw("</D:href>")
            }
        case .elements(let names): for name in names { raw(Self.emptyTag(name)) }
        case .components(let names):
            for name in names {
                raw("<C:comp name=\"")
                Self.escape(name, into: &bytes)
                raw("\"/>")
            }
        case .reports(let names):
            for report in names {
                raw("<D:supported-report><D:report>" + Self.emptyTag(report) + "</D:report></D:supported-report>")
            }
        case .privileges(let names):
            for privilege in names { raw("<D:privilege>" + Self.emptyTag(privilege) + "</D:privilege>") }
        }
        raw(close)
    }

    /// `name` as an empty element.
    static func emptyTag(_ name: DAVName) -> String { String(tags(name).0.dropLast()) + "/>" }

    private static let prefixes = [
        DAVNamespace.dav: "D", DAVNamespace.caldav: "C", DAVNamespace.calendarServer: "CS", DAVNamespace.apple: "A"
    ]

    /// The open and close tags of `name`, with a namespace declaration for one without a fixed prefix.
    static func tags(_ name: DAVName) -> (String, String) {
        let local = Self.safeName(name.name)
        if let prefix = prefixes[name.namespace] { return ("<\(prefix):\(local)>", "</\(prefix):\(local)>") }
        if name.namespace.isEmpty { return ("<\(local) xmlns=\"\">", "</\(local)>") }
        return ("<X:\(local) xmlns:X=\"\(escape(name.namespace))\">", "</X:\(local)>")
    }

    /// An element name as the parser gave it is already an XML name; anything else is
    /// replaced, so a forged name cannot break the document.
    static func safeName(_ name: String) -> String {
        // ASCII names (all of DAV's and CalDAV's) are checked byte by byte; others by CharacterSet.
        let ascii = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }
        if ascii { return name.isEmpty ? "invalid-name" : name }
        let allowed = name.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }
        return allowed ? name : "invalid-name"
    }

    /// Text escaped for element content and attribute values (`escape(_:into:)`).
    static func escape(_ text: String) -> String { String(decoding: escaped(text), as: UTF8.self) }

    /// `escape(_:)` as bytes.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        escape(text, into: &out)
        return out
    }

    /// Appends `text` escaped for element content and attribute values; control characters
    /// XML cannot hold (and U+FFFE, U+FFFF) are dropped; a carriage return is written `&#13;`,
    /// so that iCalendar's CRLF line ends survive a parser's line-end normalization.
    static func escape(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, into: &out) }
    }

    /// `escape(_:into:)` of UTF-8 bytes.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // Most text needs nothing: checked byte by byte first.
        guard bytes.contains(where: needsEscape) else {
            out.append(contentsOf: bytes)
            return
        }
        out.reserveCapacity(out.count + bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "&#13;".utf8)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): out.append(byte)
            case 0xEF
            where index + 2 < bytes.count && bytes[index + 1] == 0xBF
                && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                index += 2  // U+FFFE or U+FFFF: not an XML character
            default:
                if byte >= 0x20 { out.append(byte) }
            }
            index += 1
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == 0xEF
    }
}
