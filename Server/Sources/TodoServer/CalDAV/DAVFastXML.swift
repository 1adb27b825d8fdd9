import Foundation

/// A reader of the bodies CalDAV clients send most (PROPFIND, multiget, sync-collection):
/// elements with prefixes or a default namespace, plain attributes and text. Anything else
/// (entities, comments, CDATA, a DTD, unbound prefixes, odd encodings, malformed XML) is
/// left to the namespace-aware parser (`DAVXMLReader`): `read` answers nil for it.
enum DAVFastXML {
    static func read(_ body: Data) -> DAVElement? {
        body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Text that is not UTF-8 is the parser's to refuse.
            guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else { return nil }
            var parser = FastParser(bytes: bytes)
            return parser.document()
        }
    }
}

/// The state of one fast read: the position, the open elements, the namespace bindings in
/// scope (innermost last).
private struct FastParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var stack: [(element: DAVElement, qname: Range<Int>, bindings: Int)] = []
    var bindings: [(prefix: Range<Int>, uri: String)] = []
    var count = 0
    var root: DAVElement?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() -> DAVElement? {
        skipSpace()
        if starts("<?xml") {
            guard let end = find("?>"), declarationIsUTF8(upTo: end) else { return nil }
            index = end + 2
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                guard root == nil, index + 1 < bytes.count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "/"): guard close() else { return nil }
                case UInt8(ascii: "!"), UInt8(ascii: "?"): return nil
                default: guard open() else { return nil }
                }
            } else {
                guard text() else { return nil }
            }
        }
        return stack.isEmpty ? root : nil
    }

    /// Whether an XML declaration ending at `end` names no encoding, or UTF-8.
    private func declarationIsUTF8(upTo end: Int) -> Bool {
        let declaration = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
        return !declaration.contains("encoding") || declaration.contains("utf-8")
    }

    /// Text up to the next tag: only whitespace outside the root; no references, no CR.
    private mutating func text() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">") || (byte < 0x20 && byte != 0x09 && byte != 0x0A) {
                return false
            }
            index += 1
        }
        guard !stack.isEmpty else { return bytes[start..<index].allSatisfy(Self.isSpace) }
        stack[stack.count - 1].element.text += String(decoding: bytes[start..<index], as: UTF8.self)
        return true
    }

    /// An open tag (`<` at `index`), or an empty element.
    private mutating func open() -> Bool {
        index += 1
        guard let qname = name() else { return false }
        var attributes: [String: String] = [:]
        let scope = bindings.count
        while true {
            let spaced = skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ">") || starts("/>") { break }
            guard spaced, attribute(into: &attributes) else { return false }
        }
        let empty = bytes[index] == UInt8(ascii: "/")
        index += empty ? 2 : 1
        count += 1
        guard let name = resolve(qname), stack.count < DAVXMLReader.maxDepth, count <= DAVXMLReader.maxElements else {
            return false
        }
        stack.append((DAVElement(name: name, attributes: attributes), qname, scope))
        return empty ? pop() : true
    }

    /// A close tag (`</` at `index`) of the innermost open element.
    private mutating func close() -> Bool {
        index += 2
        guard let qname = name(), let top = stack.last, same(top.qname, qname) else { return false }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return false }
        index += 1
        return pop()
    }

    /// Closes the innermost element: into its parent, or as the root.
    private mutating func pop() -> Bool {
        guard let (element, _, scope) = stack.popLast() else { return false }
        bindings.removeLast(bindings.count - scope)
        if stack.isEmpty { root = element } else { stack[stack.count - 1].element.children.append(element) }
        return true
    }

    /// One attribute, or a namespace declaration into `bindings`.
    private mutating func attribute(into attributes: inout [String: String]) -> Bool {
        guard let qname = name() else { return false }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return false
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte < 0x20 { return false }
            index += 1
        }
        guard index < bytes.count else { return false }
        let value = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        let text = String(decoding: bytes[qname], as: UTF8.self)
        if text == "xmlns" {
            bindings.append((0..<0, value))
        } else if text.hasPrefix("xmlns:") {
            bindings.append(((qname.lowerBound + 6)..<qname.upperBound, value))
        } else {
            guard !text.contains(":"), attributes.updateValue(value, forKey: text) == nil else { return false }
        }
        return true
    }

    /// The element's name in its namespace; nil for an unbound prefix or no namespace.
    private func resolve(_ qname: Range<Int>) -> DAVName? {
        let colon = bytes[qname].firstIndex(of: UInt8(ascii: ":"))
        let prefix = colon.map { qname.lowerBound..<$0 } ?? 0..<0
        let local = colon.map { ($0 + 1)..<qname.upperBound } ?? qname
        guard let uri = bindings.last(where: { same($0.prefix, prefix) })?.uri, !uri.isEmpty, !local.isEmpty else {
            return nil
        }
        return DAVName(uri, String(decoding: bytes[local], as: UTF8.self))
    }

    /// Whether two ranges of the body hold the same bytes.
    private func same(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
        one.count == other.count && bytes[one].elementsEqual(bytes[other])
    }

    /// An XML name of ASCII letters, digits, `-`, `.`, `_`, with at most one `:`.
    private mutating func name() -> Range<Int>? {
        let start = index
        var colons = 0
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            let other = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if byte == UInt8(ascii: ":") { colons += 1 } else if !letter && !(other && index > start) { break }
            index += 1
        }
        guard index > start, colons <= 1, bytes[start] != UInt8(ascii: ":"), bytes[index - 1] != UInt8(ascii: ":")
        else { return nil }
        return start..<index
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == text.utf8Start[$0] }
    }

    private func find(_ text: StaticString) -> Int? {
        var probe = index
        let count = text.utf8CodeUnitCount
        while probe + count <= bytes.count {
            if (0..<count).allSatisfy({ bytes[probe + $0] == text.utf8Start[$0] }) { return probe }
            probe += 1
        }
        return nil
    }
}
