import TodoTestSupport

/// Random damage to a state file and its journal (`files` is `[state, journal]`): the kinds a
/// disk, an editor or a hostile copy produce, and those that once crashed `todo`. Random
/// choices come from a `SeededGenerator` (TodoTestSupport), so a case damages the same way each run.
enum Damage: CaseIterable {
    case flipBytes, truncate, duplicateLine, deepNesting, extremeNumber, swapNumbers, swapUUIDs, borrowUUID,
        duplicateIdKey

    /// Applies this damage to `files`; what it did, for the failure message.
    func apply(to files: inout [[UInt8]], using rng: inout SeededGenerator) -> String {
        let file = Int.random(in: 0..<files.count, using: &rng)
        let name = file == 0 ? "the state file" : "the journal"
        switch self {
        case .flipBytes:
            let count = Int.random(in: 1...4, using: &rng)
            let special = Array("{}[]\",:\\\n-0".utf8)
            for _ in 0..<count where !files[file].isEmpty {
                let index = Int.random(in: files[file].indices, using: &rng)
                files[file][index] =
                    Bool.random(using: &rng)
                    ? files[file][index] ^ (1 << UInt8.random(in: 0..<8, using: &rng))
                    : special.randomElement(using: &rng)!
            }
            return "changed \(count) bytes of \(name)"
        case .truncate:
            let length = Int.random(in: 0...files[file].count, using: &rng)
            files[file] = Array(files[file].prefix(length))
            return "cut \(name) to \(length) bytes"
        case .duplicateLine:
            let lines = lineRanges(files[file])
            guard let line = lines.randomElement(using: &rng), let place = lines.randomElement(using: &rng) else {
                return "nothing"
            }
            files[file].insert(contentsOf: files[file][line], at: place.lowerBound)
            return
                """
                copied line \(lines.firstIndex(of: line)! + 1) of \(name) before line \
                \(lines.firstIndex(of: place)! + 1)
                """
        case .deepNesting:
            // As a value where one is expected, or as a member nobody reads (skipped, not parsed).
            let asMember = Bool.random(using: &rng)
            let places = asMember ? ends(of: "{", in: files[file]) : ends(of: ": ", in: files[file])
            guard let place = places.randomElement(using: &rng) else { return "nothing" }
            let nesting =
                (asMember ? Array("\"nested\": ".utf8) : []) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            files[file].insert(contentsOf: nesting, at: place)
            return "put 100,000 '[' into \(name) at byte \(place)\(asMember ? " as a new member" : "")"
        case .extremeNumber:
            guard let (target, range) = Self.numbers(in: files).randomElement(using: &rng) else { return "nothing" }
            let value = [
                "-1", "0", "-7", "9223372036854775807", "9223372036854775806", "-9223372036854775808",
                "99999999999999999999", "1e3", "2.5"
            ].randomElement(using: &rng)!
            files[target].replaceSubrange(range, with: Array(value.utf8))
            return "replaced a number in \(target == 0 ? "the state file" : "the journal") by \(value)"
        case .swapNumbers:
            return swap(
                Self.tokens(after: "\"id\": ", in: files, length: nil), in: &files, what: "todo numbers", using: &rng)
        case .swapUUIDs:
            return swap(
                Self.tokens(after: "\"uuid\": \"", in: files, length: 36), in: &files, what: "UUIDs", using: &rng)
        case .borrowUUID:
            let uuids = Self.tokens(after: "\"uuid\": \"", in: files, length: 36)
            guard let (from, to) = Self.differing(uuids, in: files, using: &rng) else { return "nothing" }
            files[to.0].replaceSubrange(to.1, with: files[from.0][from.1])
            return "gave one todo another's UUID"
        case .duplicateIdKey:
            let ids = Self.tokens(after: "{\"id\": ", in: files, length: nil)
            guard let (place, other) = Self.differing(ids, in: files, using: &rng) else { return "nothing" }
            let key = Array("\"id\": ".utf8) + files[other.0][other.1] + Array(", ".utf8)
            files[place.0].insert(contentsOf: key, at: place.1.upperBound + 2)
            return "gave one todo a second \"id\" key"
        }
    }

    /// Exchanges two of `tokens`, replacing the later one first so the earlier range holds.
    private func swap(
        _ tokens: [(Int, Range<Int>)], in files: inout [[UInt8]], what: String, using rng: inout SeededGenerator
    ) -> String {
        guard let pair = Self.differing(tokens, in: files, using: &rng) else { return "nothing" }
        let (first, second) =
            (pair.0.0, pair.0.1.lowerBound) > (pair.1.0, pair.1.1.lowerBound) ? pair : (pair.1, pair.0)
        let firstText = files[first.0][first.1]
        let secondText = files[second.0][second.1]
        files[first.0].replaceSubrange(first.1, with: secondText)
        files[second.0].replaceSubrange(second.1, with: firstText)
        return "swapped two \(what)"
    }

    /// Two of `tokens` whose texts differ, so that exchanging or copying them changes something.
    private static func differing(
        _ tokens: [(Int, Range<Int>)], in files: [[UInt8]], using rng: inout SeededGenerator
    ) -> ((Int, Range<Int>), (Int, Range<Int>))? {
        guard let first = tokens.randomElement(using: &rng) else { return nil }
        let others = tokens.filter { !files[$0.0][$0.1].elementsEqual(files[first.0][first.1]) }
        return others.randomElement(using: &rng).map { (first, $0) }
    }

    /// Where each `pattern` ends in `bytes`.
    private func ends(of pattern: String, in bytes: [UInt8]) -> [Int] {
        Self.ends(of: Array(pattern.utf8), in: bytes)
    }

    private static func ends(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }.map
        { $0 + pattern.count }
    }

    /// The ranges of the tokens after `prefix` in both files: `length` bytes, or a number.
    private static func tokens(after prefix: String, in files: [[UInt8]], length: Int?) -> [(Int, Range<Int>)] {
        files.indices.flatMap { file in
            ends(of: Array(prefix.utf8), in: files[file]).compactMap { start -> (Int, Range<Int>)? in
                var end = start
                if let length {
                    end = start + length
                } else {
                    if end < files[file].count, files[file][end] == UInt8(ascii: "-") { end += 1 }
                    while end < files[file].count, (48...57).contains(files[file][end]) { end += 1 }
                }
                return end > start && end <= files[file].count ? (file, start..<end) : nil
            }
        }
    }

    /// Every number the files hold: todo numbers, counters, revisions, removed numbers.
    private static func numbers(in files: [[UInt8]]) -> [(Int, Range<Int>)] {
        ["\"id\": ", "\"nextId\": ", "\"rev\": ", "\"cursor\": ", "\"version\": ", "\"remove\": ["]
            .flatMap { tokens(after: $0, in: files, length: nil) }
    }

    /// The lines of `bytes`, each with its newline.
    private func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<index + 1)
            start = index + 1
        }
        return lines
    }
}
