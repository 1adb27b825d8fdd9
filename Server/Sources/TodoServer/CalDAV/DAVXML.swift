import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element's name with its namespace, as WebDAV compares them: clients pick their own
/// prefixes (iOS writes `A:prop`, others `D:prop`), so only the namespace URI counts.
struct DAVName: Hashable, Sendable, CustomStringConvertible {
    var namespace: String
    var name: String

    init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    static func dav(_ name: String) -> DAVName { DAVName(DAVNamespace.dav, name) }
    static func caldav(_ name: String) -> DAVName { DAVName(DAVNamespace.caldav, name) }
    static func calendarServer(_ name: String) -> DAVName { DAVName(DAVNamespace.calendarServer, name) }

    var description: String { "{\(namespace)}\(name)" }
}

/// The namespaces CalDAV clients use.
enum DAVNamespace {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"
}

/// A parsed XML element: its name, children in order and the text directly inside it.
struct DAVElement: Sendable, Equatable {
    var name: DAVName
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    var text = ""

    /// The first child named `name`.
    func child(_ name: DAVName) -> DAVElement? { children.first { $0.name == name } }

    /// Every child named `name`.
    func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.name == name } }

    /// The text inside, without the whitespace clients pad it with (iOS pads hrefs).
    var trimmedText: String {
        // ASCII whitespace is trimmed byte by byte; Foundation's (slow) trim only when what
        // is left may start or end with another space.
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { !Self.isSpace($0) }),
            let end = utf8.lastIndex(where: { !Self.isSpace($0) })
        else { return "" }
        guard utf8[start] < 0x80, utf8[end] < 0x80 else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return start == utf8.startIndex && end == utf8.index(before: utf8.endIndex) ? text : String(text[start...end])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}

/// Why a request body is not the XML a DAV method takes; answered with 400 and the reason.
struct DAVBodyError: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// Reads a request body into `DAVElement`s, namespace-aware. A document type declaration is
/// refused before parsing (no entity may expand: a "billion laughs" body would otherwise grow
/// in memory), and so is nesting deeper than `maxDepth`.
enum DAVXMLReader {
    static let maxDepth = 32
    static let maxElements = 20_000

    static func read(_ body: Data) throws(DAVBodyError) -> DAVElement {
        // The common bodies are read without building Foundation's parser (`DAVFastXML`).
        if let root = DAVFastXML.read(body) { return root }
        return try parsed(body)
    }

    /// `read` through Foundation's namespace-aware parser, whatever the body.
    static func parsed(_ body: Data) throws(DAVBodyError) -> DAVElement {
        if body.range(of: Data("<!DOCTYPE".utf8)) != nil || body.range(of: Data("<!ENTITY".utf8)) != nil {
            throw DAVBodyError(reason: "the XML body declares a document type, which is not accepted")
        }
        let delegate = TreeBuilder()
        let parser = XMLParser(data: body)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        if let problem = delegate.problem { throw DAVBodyError(reason: problem) }
        guard parsed, let root = delegate.root else {
            let line = parser.lineNumber
            throw DAVBodyError(reason: "the body is not well-formed XML (line \(line))")
        }
        return root
    }

    /// Builds the tree with a stack (no recursion, whatever the depth it is sent).
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?
        var problem: String?
        var count = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            count += 1
            guard stack.count < DAVXMLReader.maxDepth, count <= DAVXMLReader.maxElements else {
                problem = "the XML body nests too deep or holds too many elements"
                parser.abortParsing()
                return
            }
            stack.append(DAVElement(name: DAVName(namespaceURI ?? "", elementName), attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }
    }
}
