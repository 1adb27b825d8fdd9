import Testing
import TodoICal

/// Folding at 75 octets without splitting a UTF-8 character, and unfolding wherever a fold falls.
@Suite struct FoldingTests {
    @Test func aLongLineIsFoldedAt75Octets() throws {
        let value = String(repeating: "abcdefghij", count: 20)
        let lines = physicalLines(String(decoding: ICalWriter.fold("SUMMARY:" + value), as: UTF8.self))
        #expect(lines.map(\.utf8.count) == [75, 75, 60])
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines[0] + lines.dropFirst().map { String($0.dropFirst()) }.joined() == "SUMMARY:" + value)
    }

    @Test func aShortLineIsNotFolded() {
        #expect(ICalWriter.fold("UID:1") == Array("UID:1\r\n".utf8))
        let exactly75 = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(ICalWriter.fold(exactly75) == Array((exactly75 + "\r\n").utf8))
    }

    /// `SUMMARY:` and 66 letters are 74 octets: a character of 2, 3 or 4 octets starting
    /// there would cross octet 75, so the fold comes before it.
    @Test(arguments: [("é", 2), ("漢", 3), ("😀", 4)])
    func aCharacterAtTheBoundaryMovesWhole(character: String, octets: Int) throws {
        let head = "SUMMARY:" + String(repeating: "a", count: 66)
        let lines = physicalLines(String(decoding: ICalWriter.fold(head + character + "tail"), as: UTF8.self))
        #expect(lines == [head, " " + character + "tail"])
        #expect(character.utf8.count == octets)
    }

    @Test func aCharacterEndingOnOctet75StaysOnTheLine() {
        let head = "SUMMARY:" + String(repeating: "a", count: 65)
        let lines = physicalLines(String(decoding: ICalWriter.fold(head + "é" + "b"), as: UTF8.self))
        #expect(lines == [head + "é", " b"])
    }

    @Test(arguments: ["é", "漢字", "😀", "👩‍👩‍👧", "aé漢😀"])
    func everyFoldedLineIsWholeCharactersAndReadsBack(unit: String) throws {
        for count in 1...60 {
            let text = String(repeating: unit, count: count)
            var todo = try todo("UID:x")
            todo.descriptionText = text
            let out = written(todo)
            for line in physicalLines(out) {
                #expect(line.utf8.count <= 75)
                #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
            }
            #expect(try component(out).descriptionText == text)
        }
    }

    @Test func foldsAreUndoneWhereverTheyFall() throws {
        let todo = try todo("SUMMARY:Buy", "  milk and", "\tbread")
        #expect(todo.summary == "Buy milk andbread")
    }

    @Test func aFoldInsideAUTF8CharacterIsUndone() throws {
        let bytes =
            Array("BEGIN:VTODO\r\nSUMMARY:caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + Array("\r\nEND:VTODO\r\n".utf8)
        let parsed = try ICalParser.parse(bytes)
        #expect(parsed.first?.summary == "café")
        #expect(ICalWriter.write(parsed) == bytes)
    }

    @Test func lineFeedsAloneReadAndAreWrittenAsCRLF() throws {
        let parsed = try ICalParser.parse("BEGIN:VTODO\nSUMMARY:a\n b\nEND:VTODO\n")
        #expect(parsed.first?.summary == "ab")
        #expect(ICalWriter.text(parsed) == "BEGIN:VTODO\r\nSUMMARY:a\r\n b\r\nEND:VTODO\r\n")
    }

    @Test func blankLinesAreSkippedAndALastLineNeedsNoEnding() throws {
        let parsed = try ICalParser.parse("\r\nBEGIN:VTODO\r\n\r\nUID:1\r\nEND:VTODO")
        #expect(parsed.first?.uid == "1")
        #expect(ICalWriter.text(parsed) == crlf("BEGIN:VTODO", "UID:1", "END:VTODO"))
    }

    @Test func anUnchangedPropertyKeepsItsOddFolding() throws {
        let text = crlf("BEGIN:VTODO", "DESCRIPTION:short lines", "  folded early", "SUMMARY:old", "END:VTODO")
        var todo = try component(text)
        #expect(written(todo) == text)
        todo.summary = "new"
        #expect(
            written(todo)
                == crlf("BEGIN:VTODO", "DESCRIPTION:short lines", "  folded early", "SUMMARY:new", "END:VTODO"))
    }

    @Test func aChangedPropertyIsFoldedAfresh() throws {
        var todo = try todo("SUMMARY:x")
        todo.summary = String(repeating: "y", count: 100)
        let lines = physicalLines(written(todo))
        #expect(
            lines == [
                "BEGIN:VTODO", "SUMMARY:" + String(repeating: "y", count: 67), " " + String(repeating: "y", count: 33),
                "END:VTODO"
            ])
    }
}
