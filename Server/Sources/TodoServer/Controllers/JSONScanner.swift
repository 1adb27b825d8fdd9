import Foundation

/// A reader of strictly plain JSON, for request bodies read faster than `JSONDecoder` reads
/// them: each function reads one value or throws `Unusual` at anything it does not expect.
/// Whoever uses it then hands the body to `JSONDecoder`, which has the last word on what the
/// body means and on what is wrong with it.
struct JSONScanner {
    /// Anything the scanner does not read: malformed JSON, or JSON it leaves to the decoder.
    struct Unusual: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether only blanks follow.
    mutating func atEnd() -> Bool {
        skipBlanks()
        return index == bytes.count
    }

    /// Reads `null` if it comes next.
    mutating func null() throws(Unusual) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    mutating func bool() throws(Unusual) -> Bool {
        if try peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// An integer of at most 18 digits, with no fraction or exponent (nor `-0`).
    mutating func integer() throws(Unusual) -> Int64 {
        skipBlanks()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            guard index - start < 18 else { throw Unusual() }
            value = value * 10 + Int64(digit)
            index += 1
        }
        let digits = index - start
        guard digits > 0, bytes[start] != UInt8(ascii: "0") || (digits == 1 && !negative) else { throw Unusual() }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unusual()
            default: break
            }
        }
        return negative ? -value : value
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }

    /// A string, its escapes resolved; one that is not valid UTF-8 is unusual.
    mutating func string() throws(Unusual) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return try Self.text(text, ascii: ascii)
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw Unusual() }
            ascii = ascii && byte < 0x80
            index += 1
        }
        throw Unusual()
    }

    /// The members of an object, each handed to `member` with its key to read its value.
    mutating func object(_ member: (inout JSONScanner, String) throws(Unusual) -> Void) throws(Unusual) {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try separator(closing: UInt8(ascii: "}"))
    }

    /// The elements of an array, each read by `element`.
    mutating func array(_ element: (inout JSONScanner) throws(Unusual) -> Void) throws(Unusual) {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        repeat { try element(&self) } while try separator(closing: UInt8(ascii: "]"))
    }

    /// After a member or an element: true at a comma, false at `closing`.
    private mutating func separator(closing: UInt8) throws(Unusual) -> Bool {
        let byte = try peek()
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == closing else { throw Unusual() }
        return false
    }

    private mutating func skipBlanks() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte after blanks, not consumed.
    private mutating func peek() throws(Unusual) -> UInt8 {
        skipBlanks()
        guard index < bytes.count else { throw Unusual() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Unusual) {
        guard try peek() == byte else { throw Unusual() }
        index += 1
    }

    private mutating func literal(_ word: StaticString) throws(Unusual) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Unusual() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Unusual() }
        index += count
    }

    /// The rest of a string with escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) throws(Unusual) -> String {
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try Self.text(out, ascii: false)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0..<0x20:
                throw Unusual()
            default:
                out.append(byte)
            }
        }
        throw Unusual()
    }

    private mutating func escape(into out: inout [UInt8]) throws(Unusual) {
        guard index < bytes.count else { throw Unusual() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            // Surrogates (pairs or not) are left to the decoder.
            guard let scalar = Unicode.Scalar(try hex4()) else { throw Unusual() }
            out += String(Character(scalar)).utf8
        default: throw Unusual()
        }
    }

    private mutating func hex4() throws(Unusual) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Unusual() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unusual()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The text of `utf8`, checked to be UTF-8 unless it is ASCII.
    private static func text(_ utf8: some Collection<UInt8>, ascii: Bool) throws(Unusual) -> String {
        if ascii { return String(decoding: utf8, as: UTF8.self) }
        guard #available(macOS 15, *), let text = String(validating: utf8, as: UTF8.self) else { throw Unusual() }
        return text
    }
}
