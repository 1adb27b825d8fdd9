import Foundation
import TodoCore

/// A malformed document, with the 1-based line and column where reading stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var expected: String

    public var description: String { "line \(line), column \(column): expected \(expected)" }
}

/// A pull parser over UTF-8 bytes: the caller asks for the value it expects next.
///
/// Only valid while the buffer it reads is alive; use it inside `withUnsafeBytes`.
public struct JSONReader {
    package let bytes: UnsafeRawBufferPointer
    package var position = 0
    /// How an instant of a field value (an annotation's `at`) is read: as the state file
    /// writes it (`readDate`), or as the wire's decoder reads it (`DueDate(wire:)`).
    public var times = TimeReading.stateFile

    public enum TimeReading: Sendable { case stateFile, wire }

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    package init(_ bytes: UnsafeRawBufferPointer, at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    public var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return position >= bytes.count
        }
    }

    public func fail(_ expected: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(line: line, column: position - lineStart + 1, expected: expected)
    }

    package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    package mutating func consume(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw fail(expected) }
        position += 1
    }

    /// Consumes `{`; false if the object is empty (its `}` consumed too).
    public mutating func enterObject() throws(JSONSyntaxError) -> Bool {
        try consume(0x7B, "'{'")
        if peek() == 0x7D { position += 1; return false }
        return true
    }

    /// Reads `"key":`.
    public mutating func readKey() throws(JSONSyntaxError) -> String {
        let key = try readString()
        try consume(0x3A, "':'")
        return key
    }

    /// After a member: consumes `,` (true: another follows) or `}` (false).
    public mutating func objectContinues() throws(JSONSyntaxError) -> Bool {
        switch peek() {
        case 0x2C: position += 1; return true
        case 0x7D: position += 1; return false
        default: throw fail("',' or '}'")
        }
    }

    public mutating func enterArray() throws(JSONSyntaxError) -> Bool {
        try consume(0x5B, "'['")
        if peek() == 0x5D { position += 1; return false }
        return true
    }

    public mutating func arrayContinues() throws(JSONSyntaxError) -> Bool {
        switch peek() {
        case 0x2C: position += 1; return true
        case 0x5D: position += 1; return false
        default: throw fail("',' or ']'")
        }
    }

    /// Consumes `null` if it comes next.
    public mutating func readNull() -> Bool {
        guard peek() == 0x6E, matches("null") else { return false }
        position += 4
        return true
    }

    public mutating func readBool() throws(JSONSyntaxError) -> Bool {
        if peek() == 0x74, matches("true") { position += 4; return true }
        if peek() == 0x66, matches("false") { position += 5; return false }
        throw fail("true or false")
    }

    public mutating func readInt() throws(JSONSyntaxError) -> Int {
        skipWhitespace()
        let negative = position < bytes.count && bytes[position] == 0x2D
        if negative { position += 1 }
        let start = position
        var value = 0
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[position] - 48))
            guard !overflow1, !overflow2 else { throw fail("a smaller integer") }
            value = sum
            position += 1
        }
        guard position > start else { throw fail("an integer") }
        if position < bytes.count, [0x2E, 0x65, 0x45].contains(bytes[position]) {
            throw fail("an integer")
        }
        return negative ? -value : value
    }

    /// An integer within `range`; `expected` describes it when it is not (made only then:
    /// formatting it for every todo was half the time of listing them).
    public mutating func readInt(in range: ClosedRange<Int>, _ expected: @autoclosure () -> String)
        throws(JSONSyntaxError) -> Int
    {
        let start = position
        let value = try readInt()
        guard range.contains(value) else {
            position = start
            skipWhitespace()
            throw fail(expected())
        }
        return value
    }

    public mutating func readString() throws(JSONSyntaxError) -> String {
        try consume(0x22, "a string")
        let start = position
        var highBits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                guard let text = Self.string(raw, isASCII: highBits & 0x80 == 0) else {
                    position = start
                    throw fail("valid UTF-8 text")
                }
                return text
            }
            if byte == 0x5C { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw fail("no control characters inside a string") }
            highBits |= byte
            position += 1
        }
        throw fail("'\"' closing the string")
    }

    /// The text `raw` holds, or nil if it is not valid UTF-8.
    ///
    /// `String(validating:)` is an unspecialized generic and took half the time of loading
    /// a state file; decoding (which repairs) and checking that nothing was repaired is fast.
    package static func string(_ raw: UnsafeRawBufferPointer, isASCII: Bool) -> String? {
        var text = String(decoding: raw, as: UTF8.self)
        if isASCII { return text }
        let unchanged = text.withUTF8 { decoded in
            decoded.count == raw.count
                && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0)
        }
        return unchanged ? text : nil
    }

    private mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case 0x22:
                let text = out.withUnsafeBytes { Self.string($0, isASCII: false) }
                guard let text else { throw fail("valid UTF-8 text") }
                return text
            case 0x5C:
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: out.append(escape)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75: out.append(contentsOf: String(try readUnicodeEscape()).utf8)
                default:
                    position -= 1
                    throw fail("a valid escape after '\\'")
                }
            case ..<0x20:
                position -= 1
                throw fail("no control characters inside a string")
            default:
                out.append(byte)
            }
        }
        throw fail("'\"' closing the string")
    }

    /// Reads the `XXXX` of `\uXXXX`, and a following low surrogate escape if needed.
    private mutating func readUnicodeEscape() throws(JSONSyntaxError) -> Character {
        let high = try readHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard matches("\\u") else { throw fail("a low surrogate escape") }
            position += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("a low surrogate escape") }
            let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Character(Unicode.Scalar(scalar)!)
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("a valid \\u escape") }
        return Character(scalar)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("4 hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw fail("4 hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Reads a string holding an ISO 8601 UTC date, without building the string.
    public mutating func readDate() throws(JSONSyntaxError) -> Date {
        let raw = try rawStringContent("an ISO 8601 date string")
        guard let date = ISO8601Millis.parse(raw) else {
            position -= raw.count + 2
            throw fail("an ISO 8601 UTC date like 2026-01-31T12:00:00.000Z")
        }
        return date
    }

    public mutating func readUUID() throws(JSONSyntaxError) -> UUID {
        let raw = try rawStringContent("a UUID string")
        guard raw.count == 36, let uuid = Self.uuid(raw) else {
            position -= raw.count + 2
            throw fail("a UUID")
        }
        return uuid
    }

    /// The bytes between the quotes of a string without escapes.
    private mutating func rawStringContent(_ expected: String) throws(JSONSyntaxError) -> UnsafeRawBufferPointer {
        guard peek() == 0x22 else { throw fail(expected) }
        let start = position + 1
        let base = bytes.baseAddress!
        guard let quote = memchr(base + start, 0x22, bytes.count - start) else { throw fail(expected) }
        let end = base.distance(to: UnsafeRawPointer(quote))
        guard memchr(base + start, 0x5C, end - start) == nil else { throw fail(expected) }
        position = end + 1
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The UUID of 36 bytes of its text form; nil for anything else, of any length. Straight
    /// code, a byte pair at a time: every todo's UUID, and each it depends on, is read so.
    package static func uuid(_ raw: UnsafeRawBufferPointer) -> UUID? {
        guard raw.count == 36 else { return nil }
        var invalid = (raw[8] ^ 0x2D) | (raw[13] ^ 0x2D) | (raw[18] ^ 0x2D) | (raw[23] ^ 0x2D)
        @inline(__always) func byte(_ at: Int) -> UInt8 {
            let (high, low) = (hexValue(raw[at]), hexValue(raw[at + 1]))
            invalid |= (high | low) & 0xF0
            return high << 4 | (low & 0x0F)
        }
        let value: uuid_t = (
            byte(0), byte(2), byte(4), byte(6), byte(9), byte(11), byte(14), byte(16),
            byte(19), byte(21), byte(24), byte(26), byte(28), byte(30), byte(32), byte(34)
        )
        return invalid == 0 ? UUID(uuid: value) : nil
    }

    /// 0...15 for a hex digit, 0xFF for anything else.
    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- 0x30
        let letter = (byte | 0x20) &- 0x61
        return digit < 10 ? digit : letter < 6 ? letter + 10 : 0xFF
    }

    /// Skips a string without checking its contents (escapes, UTF-8): for text that is only
    /// copied, never read.
    package mutating func skipStringUnchecked() throws(JSONSyntaxError) {
        guard peek() == 0x22 else { throw fail("a string") }
        let base = bytes.baseAddress!
        var from = position + 1
        while let quote = memchr(base + from, 0x22, bytes.count - from) {
            let end = base.distance(to: UnsafeRawPointer(quote))
            var backslashes = 0
            while end - backslashes - 1 >= from, bytes[end - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 {
                position = end + 1
                return
            }
            from = end + 1
        }
        throw fail("'\"' closing the string")
    }

    /// Reads an object, handing each key to `field`, which reads or skips its value. A key
    /// given twice is refused: readers would disagree on which value counts.
    ///
    /// The keys seen are a list while there are few (a todo's 21), a set past 32: an object
    /// of thousands of keys (TaskChampion's tasks) is read in linear time. The list is on the
    /// stack: a growing array allocated five times for each todo a push or a state file holds.
    public mutating func readObject(_ field: (String, inout JSONReader) throws -> Void) throws {
        try withUnsafeTemporaryAllocation(of: String.self, capacity: 32) { seen in
            var count = 0
            defer { seen.baseAddress!.deinitialize(count: count) }
            var many: Set<String> = []
            var more = try enterObject()
            while more {
                let start = position
                let key = try readKey()
                let repeated = count < seen.count ? seen[..<count].contains(key) : !many.insert(key).inserted
                guard !repeated else {
                    position = start
                    skipWhitespace()
                    throw fail("no second \"\(key)\" in one object")
                }
                if count < seen.count {
                    (seen.baseAddress! + count).initialize(to: key)
                    count += 1
                    if count == seen.count { many = Set(seen) }
                }
                try field(key, &self)
                more = try objectContinues()
            }
        }
    }

    /// Reads an array, each element with `element`.
    public mutating func readArray<Element>(_ element: (inout JSONReader) throws -> Element) throws -> [Element] {
        var elements: [Element] = []
        var more = try enterArray()
        while more {
            elements.append(try element(&self))
            more = try arrayContinues()
        }
        return elements
    }

    /// Containers may nest this deep; deeper documents are refused, not walked.
    public static let maxDepth = 512

    /// Skips any value, nested or not, without recursion: a stack of open containers (true
    /// for an object) is kept instead, so deep nesting costs memory, not the call stack.
    public mutating func skipValue() throws(JSONSyntaxError) {
        var open: [Bool] = []
        while true {
            // A value, at the top or inside the innermost open container.
            switch peek() {
            case 0x7B:
                guard open.count < Self.maxDepth else { throw fail("nesting at most \(Self.maxDepth) deep") }
                if try enterObject() {
                    open.append(true)
                    _ = try readKey()
                    continue
                }
            case 0x5B:
                guard open.count < Self.maxDepth else { throw fail("nesting at most \(Self.maxDepth) deep") }
                if try enterArray() {
                    open.append(false)
                    continue
                }
            case 0x22: _ = try readString()
            case 0x74, 0x66: _ = try readBool()
            case 0x6E: if !readNull() { throw fail("a value") }
            case .some(0x2D), .some(0x30...0x39): try skipNumber()
            default: throw fail("a value")
            }
            // The value is complete: close every container that ends here.
            while let isObject = open.last {
                if isObject {
                    guard try objectContinues() else { open.removeLast(); continue }
                    _ = try readKey()
                } else {
                    guard try arrayContinues() else { open.removeLast(); continue }
                }
                break
            }
            if open.isEmpty { return }
        }
    }

    private mutating func skipNumber() throws(JSONSyntaxError) {
        let start = position
        while position < bytes.count, "+-.eE0123456789".utf8.contains(bytes[position]) { position += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard Double(text) != nil else { position = start; throw fail("a number") }
    }

    /// Consumes `literal` if the bytes at the current position are exactly it.
    @inline(__always)
    public mutating func skip(_ literal: StaticString) -> Bool {
        guard matches(literal) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    /// Consumes `literal` if the bytes at the current position are exactly it.
    package mutating func skip(_ literal: UnsafeRawBufferPointer) -> Bool {
        guard position + literal.count <= bytes.count,
            memcmp(bytes.baseAddress! + position, literal.baseAddress!, literal.count) == 0
        else { return false }
        position += literal.count
        return true
    }

    /// Moves past `count` bytes, if there are that many.
    package mutating func skip(count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        position += count
        return true
    }

    public var offset: Int { position }

    /// Compares eight bytes at a time: keys are short, and a call to memcmp for each cost
    /// more than the comparison.
    @inline(__always)
    private func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let here = bytes.baseAddress! + position
        let literal = UnsafeRawPointer(word.utf8Start)
        var offset = 0
        while offset + 8 <= count {
            guard
                here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == literal.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard
                here.load(fromByteOffset: offset, as: UInt8.self)
                    == literal.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }
}

/// The state file's reader, for the one reading rule of field values: a time as the state
/// file writes it (`readDate`), and an annotation's members it does not know skipped.
extension JSONReader: FieldValueReader {
    public typealias Failure = JSONSyntaxError

    public mutating func readTime() throws -> Date {
        switch times {
        case .stateFile: return try readDate()
        case .wire:
            let start = position
            guard case .instant(let date)? = DueDate(wire: try readString()) else {
                position = start
                throw fail("an ISO 8601 UTC time")
            }
            return date
        }
    }

    public mutating func readElements(_ element: (inout JSONReader) throws -> Void) throws {
        var more = try enterArray()
        while more {
            try element(&self)
            more = try arrayContinues()
        }
    }

    public mutating func readUnknownMember(_ key: String) throws { try skipValue() }
}
