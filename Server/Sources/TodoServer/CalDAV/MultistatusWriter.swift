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
/// A (Apple); any other namespace gets its own on the element.
struct MultistatusWriter {
    private(set) var xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        + #"<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/">"#

    /// A resource and its properties: `found` in the order asked, `missing` under 404.
    mutating func response(href: String, found: [(DAVName, DAVValue)], missing: [DAVName] = []) {
        xml += "<D:response><D:href>\(Self.escape(href))</D:href>"
        if !found.isEmpty || missing.isEmpty {
            xml += "<D:propstat><D:prop>"
            for (name, value) in found { element(name, value) }
            xml += "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
        }
        if !missing.isEmpty {
            xml += "<D:propstat><D:prop>"
            for name in missing { empty(name) }
            xml += "</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>"
        }
        xml += "</D:response>"
    }

    /// A resource answered with a status alone (`404 Not Found`: removed since the token).
    mutating func response(href: String, status: String) {
        xml += "<D:response><D:href>\(Self.escape(href))</D:href><D:status>HTTP/1.1 \(status)</D:status></D:response>"
    }

    /// The body, with the sync-token of a sync-collection answer when given.
    func finished(syncToken: String? = nil) -> String {
        xml + (syncToken.map { "<D:sync-token>\(Self.escape($0))</D:sync-token>" } ?? "") + "</D:multistatus>\n"
    }

    private mutating func element(_ name: DAVName, _ value: DAVValue) {
        let (open, close) = Self.tags(name)
        xml += open
        switch value {
        case .text(let text), .calendarData(let text): xml += Self.escape(text)
        case .hrefs(let hrefs): for href in hrefs { xml += "<D:href>\(Self.escape(href))</D:href>" }
        case .elements(let names): for name in names { empty(name) }
        case .components(let names): for name in names { xml += "<C:comp name=\"\(Self.escape(name))\"/>" }
        case .reports(let names):
            for report in names { xml += "<D:supported-report><D:report>"; empty(report); xml += "</D:report></D:supported-report>" }
        case .privileges(let names): for privilege in names { xml += "<D:privilege>"; empty(privilege); xml += "</D:privilege>" }
        }
        xml += close
    }

    private mutating func empty(_ name: DAVName) {
        let (open, _) = Self.tags(name)
        xml += open.dropLast() + "/>"
    }

    /// The open and close tags of `name`, with a namespace declaration for one without a fixed prefix.
    static func tags(_ name: DAVName) -> (String, String) {
        let prefixes = [DAVNamespace.dav: "D", DAVNamespace.caldav: "C", DAVNamespace.calendarServer: "CS", DAVNamespace.apple: "A"]
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
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }
        if ascii { return name.isEmpty ? "invalid-name" : name }
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        return allowed ? name : "invalid-name"
    }

    /// Text escaped for element content and attribute values; control characters XML cannot
    /// hold (and U+FFFE, U+FFFF) are dropped; a carriage return is written `&#13;`, so that
    /// iCalendar's CRLF line ends survive a parser's line-end normalization.
    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        // Most text needs nothing: checked byte by byte first.
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == 0xEF }) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + utf8.count / 8)
        let bytes = Array(utf8)
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
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                index += 2  // U+FFFE or U+FFFF: not an XML character
            default:
                if byte >= 0x20 { out.append(byte) }
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

}
