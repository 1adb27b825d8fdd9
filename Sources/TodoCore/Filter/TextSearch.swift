import Foundation

/// Case-insensitive substring search without allocating for the common ASCII needle.
enum TextSearch {
    /// Whether `haystack` contains `needle`, which is already lowercased, in any case.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        guard needle.utf8.allSatisfy({ $0 < 0x80 }) else { return haystack.lowercased().contains(needle) }
        var (haystack, needle) = (haystack, needle)
        return haystack.withUTF8 { hay in needle.withUTF8 { containsASCII(hay, $0) } }
    }

    /// Bytewise search with ASCII letters folded to lowercase; other bytes compare as they are.
    private static func containsASCII(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hay.count >= needle.count else { return false }
        for start in 0...(hay.count - needle.count) {
            var index = 0
            while index < needle.count, lower(hay[start + index]) == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}

/// `/REGEX/`: a regular expression (ICU's syntax, as `NSRegularExpression` reads it), matched
/// in any case, as todo's other searches are, unless searches heed case.
public struct TextPattern: Equatable, @unchecked Sendable {
    /// The expression between the slashes.
    public let pattern: String
    /// Immutable once made, and safe to match from any thread.
    private let expression: NSRegularExpression

    /// The pattern of a word `/PATTERN/` (a non-empty PATTERN); nil for any other word.
    public init?(word: String, caseSensitive: Bool = false) throws(FilterError) {
        guard word.count >= 3, word.first == "/", word.last == "/" else { return nil }
        pattern = String(word.dropFirst().dropLast())
        do {
            expression = try NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
        } catch {
            throw .badPattern(word)
        }
    }

    public static func == (a: TextPattern, b: TextPattern) -> Bool { a.pattern == b.pattern }

    /// Whether `text` holds a match.
    public func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
