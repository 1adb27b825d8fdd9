import Foundation

/// TODO_FUZZ_SEED, or `fallback`: the seed of a seeded fuzzing test.
func fuzzSeed(_ fallback: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["TODO_FUZZ_SEED"].flatMap(UInt64.init) ?? fallback
}

/// Damages JSON bytes: byte flips, cuts, splices, out-of-place tokens, values of the wrong
/// type, deep nesting; and harmless whitespace, so some bodies stay valid.
enum Mutator {
    static let tokens = [
        "{", "}", "[", "]", "\"", ",", ":", "null", "true", "-1", "0", "1e999", "-0.0",
        "9223372036854775808", "-9223372036854775809", "\"\\u0000\"", "\"\\ud800\"", "\"\\", "\u{0}",
        "\"2026-02-30T00:00:00.000Z\"", "\"put\"", "\"delete\"", "\"opId\"", "{}", "[]", "\u{FEFF}"
    ]

    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
        switch random.next() % 8 {
        case 0...4:
            bytes = mutateBytes(bytes, tokens: tokens, &random)
        case 5:
            bytes = replacingAValue(bytes, &random)
        case 6:
            let depth = 1 + Int(random.next() % (random.next() % 4 == 0 ? 50_000 : 20))
            let open = random.next() % 2 == 0 ? "[" : #"{"a":"#
            let close = open == "[" ? "]" : "}"
            bytes =
                Array(String(repeating: open, count: depth).utf8) + bytes
                + Array(String(repeating: close, count: depth).utf8)
        default:
            let whitespace = [" ", "\n", "\t", "\r\n"][Int(random.next() % 4)]
            let at = position()
            // Between tokens only: after a structural character, so strings keep their text.
            if at > 0, let previous = bytes.dropLast(bytes.count - at).last, "{[,:".utf8.contains(previous) {
                bytes.insert(contentsOf: Array(whitespace.utf8), at: at)
            }
        }
        return bytes
    }

    /// One change at the byte level: a byte replaced, a run removed, one of `tokens` inserted,
    /// the end cut off, or a run repeated.
    static func mutateBytes(_ bytes: [UInt8], tokens: [String], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1)) }
        switch random.next() % 5 {
        case 0 where !bytes.isEmpty:
            bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        case 1:
            let start = position()
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + Int(random.next() % 16)))
        case 2:
            bytes.insert(contentsOf: Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8), at: position())
        case 3:
            bytes = Array(bytes.prefix(position()))
        default:
            let start = position()
            let slice = bytes[start..<min(bytes.count, start + Int(random.next() % 64))]
            bytes.insert(contentsOf: slice, at: position())
        }
        return bytes
    }

    static var oddValues: [Any] {
        [
            NSNull(), true, false, -1, 0, Int64.max, Int64.min, 1.5, "", "x", "not-a-uuid",
            "00000000-0000-0000-0000-000000000000", "2026-13-45T00:00:00.000Z", "2026-01-01T00:00:00+02:00",
            String(repeating: "a", count: 70_000), [String: Any](), [Any](), ["nested": [1, 2]], [1, "two", NSNull()]
        ]
    }

    /// Parses `bytes` (when they are JSON) and replaces, removes or adds one value.
    static func replacingAValue(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        guard let tree = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        else { return bytes }
        let changed = change(tree, &random)
        guard let data = try? JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed])
        else { return bytes }
        return Array(data)
    }

    private static func change(_ value: Any, _ random: inout SeededGenerator) -> Any {
        let odd = oddValues[Int(random.next() % UInt64(oddValues.count))]
        if var object = value as? [String: Any], !object.isEmpty, random.next() % 4 != 0 {
            let key = object.keys.sorted()[Int(random.next() % UInt64(object.count))]
            switch random.next() % 5 {
            case 0: object[key] = nil
            case 1: object[key.uppercased() == key ? "extra" : key.uppercased()] = odd
            default: object[key] = change(object[key]!, &random)
            }
            return object
        }
        if var array = value as? [Any], !array.isEmpty, random.next() % 4 != 0 {
            let index = Int(random.next() % UInt64(array.count))
            switch random.next() % 5 {
            case 0: array.remove(at: index)
            case 1: array.append(odd)
            default: array[index] = change(array[index], &random)
            }
            return array
        }
        return odd
    }
}
