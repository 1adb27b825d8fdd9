import Testing
import TodoICal

/// Malformed input is refused with a one-line error naming the line, never a crash.
@Suite struct ParseErrorTests {
    @Test(arguments: [
        (crlf("BEGIN:VTODO", "SUMMARY:x"), 1, "VTODO has no END"),
        (crlf("BEGIN:VCALENDAR", "BEGIN:VTODO", "END:VCALENDAR"), 3, "END does not close VTODO"),
        (crlf("END:VTODO"), 1, "END without a BEGIN"),
        (crlf("SUMMARY:x"), 1, "SUMMARY outside a component"),
        (crlf("BEGIN:VTODO", "END:VTODO", "UID:1"), 3, "UID outside a component"),
        (crlf("BEGIN:VTODO", "SUMMARY", "END:VTODO"), 2, "no ':' before the value"),
        (crlf("BEGIN:VTODO", "SUM MARY:x", "END:VTODO"), 2, "a property name holds only letters, digits and '-'"),
        (crlf("BEGIN:VTODO", ":x", "END:VTODO"), 2, "a property name is missing"),
        (crlf("BEGIN:VTODO", "X;P:v", "END:VTODO"), 2, "parameter P has no '='"),
        (crlf("BEGIN:VTODO", "X;=v:v", "END:VTODO"), 2, "a parameter name is missing"),
        (crlf("BEGIN:VTODO", "X;P=v", "END:VTODO"), 2, "no ':' before the value"),
        (crlf("BEGIN:VTODO", #"X;P="abc:v"#, "END:VTODO"), 2, "a quoted parameter value has no closing '\"'"),
        (
            crlf("BEGIN:VTODO", #"X;P="a"b:v"#, "END:VTODO"), 2,
            "expected ',', ';' or ':' after a quoted parameter value"
        ),
        (crlf(" folded", "BEGIN:VTODO", "END:VTODO"), 1, "a folded line continues no line"),
        (crlf("BEGIN:", "END:"), 1, "BEGIN names no component"),
        (crlf("BEGIN:V TODO", "END:V TODO"), 1, "BEGIN names no component"),
        // Blank lines count: the bad line is the fourth.
        (crlf("BEGIN:VTODO", "", "", "BAD LINE", "END:VTODO"), 4, "a property name holds only letters, digits and '-'"),
        // A folded line counts from its first line.
        (
            crlf("BEGIN:VTODO", "SUMMARY:a", " b", "X Y", " z", "END:VTODO"), 4,
            "a property name holds only letters, digits and '-'"
        )
    ])
    func malformedInputIsRefused(text: String, line: Int, reason: String) {
        #expect(parseError(text) == ICalError(line: line, reason))
    }

    @Test func invalidUTF8IsRefusedWithItsLine() {
        let bytes = Array("BEGIN:VTODO\r\nUID:1\r\nSUMMARY:".utf8) + [0xFF, 0xC3] + Array("\r\nEND:VTODO\r\n".utf8)
        #expect(parseError(bytes) == ICalError(line: 3, "not UTF-8"))
        #expect(parseError(bytes)?.description == "line 3: not UTF-8")
    }

    @Test func nestingIsBounded() {
        let deep = crlf(Array(repeating: "BEGIN:X", count: 33) + Array(repeating: "END:X", count: 33))
        #expect(parseError(deep) == ICalError(line: 33, "components nested deeper than 32"))
        let allowed = crlf(Array(repeating: "BEGIN:X", count: 32) + Array(repeating: "END:X", count: 32))
        #expect(parseError(allowed) == nil)
    }

    /// A few thousand seeded random streams, made of pieces of iCalendar and stray bytes: each
    /// is read or refused with a one-line error, and what is read writes back as its input
    /// (line endings made CRLF, blank lines dropped) and reads again the same.
    @Test func randomBytesNeverCrash() throws {
        let pieces: [[UInt8]] =
            [
                "BEGIN:VTODO", "END:VTODO", "BEGIN:VCALENDAR", "END:VCALENDAR", "\r\n", "\n", "\r", " ", "\t",
                "SUMMARY", ":", ";", "=", ",", "\"", "^", "\\", "X-A", "é", "😀"
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x80], [0]]
        var random = SplitMix(seed: 20261125)
        var read = 0
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 40) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            do {
                let parsed = try ICalParser.parse(bytes)
                read += 1
                let out = ICalWriter.write(parsed)
                #expect(out == normalized(bytes))
                #expect(try ICalParser.parse(out) == parsed)
            } catch {
                #expect(!error.description.contains("\n") && !error.description.contains("\r"))
            }
        }
        #expect(read > 0)
    }
}

/// `bytes` as the writer gives back an untouched read: each line ending CRLF, blank lines gone.
func normalized(_ bytes: [UInt8]) -> [UInt8] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .map { $0.last == 0x0D ? $0.dropLast() : $0 }
        .filter { !$0.isEmpty }
        .flatMap { Array($0) + [0x0D, 0x0A] }
}

/// A small seeded generator (SplitMix64), so that a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49D4_133E_B111
        return z ^ (z >> 31)
    }
}
