import Testing
import TodoICal

/// TEXT values: escaping, and lists of them (CATEGORIES) across several lines.
@Suite struct TextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b;c\\d", #"a\,b\;c\\d"#),
        ("two\nlines", #"two\nlines"#),
        ("crlf\r\nand cr\r", #"crlf\nand cr\n"#),
        ("é 😀 漢字", "é 😀 漢字"),
        ("", "")
    ])
    func escapingWritesTheRFCEscapes(text: String, value: String) {
        #expect(ICalText.escape(text) == value)
    }

    @Test(arguments: [
        (#"a\,b\;c\\d"#, "a,b;c\\d"),
        (#"upper\Nlower\n"#, "upper\nlower\n"),
        // A backslash before anything else, or at the end, is kept.
        (#"C:\path\"#, #"C:\path\"#),
        (#"\:"#, #"\:"#)
    ])
    func unescapingReadsThem(value: String, text: String) {
        #expect(ICalText.unescape(value) == text)
    }

    @Test func escapedTextReadsBack() {
        for text in ["\\,;\n", "\\n", "\\\\N", ",,", "a\\", "end\\\\"] {
            #expect(ICalText.unescape(ICalText.escape(text)) == text)
        }
    }

    @Test func listsSplitOnUnescapedCommasOnly() {
        #expect(ICalText.splitList(#"a\,b,c"#) == ["a,b", "c"])
        #expect(ICalText.splitList(#"x\\,y"#) == ["x\\", "y"])
        #expect(ICalText.splitList("one") == ["one"])
        #expect(ICalText.joinList(["a,b", "c"]) == #"a\,b,c"#)
    }

    @Test func categoriesAreReadFromEveryLine() throws {
        let todo = try todo(#"CATEGORIES:work,a\,b"#, "SUMMARY:x", "categories:home")
        #expect(todo.categories == ["work", "a,b", "home"])
    }

    @Test func settingTheSameCategoriesInAnotherOrderChangesNothing() throws {
        let text = crlf("BEGIN:VTODO", "CATEGORIES:b,a", "CATEGORIES:c", "END:VTODO")
        var todo = try component(text)
        todo.categories = ["c", "a", "b"]
        #expect(written(todo) == text)
    }

    @Test func aRemovedCategoryLeavesItsLineAndAnEmptiedLineGoes() throws {
        var todo = try todo("CATEGORIES:keep,drop", "UID:1", "CATEGORIES:gone", "CATEGORIES:same")
        todo.categories = ["keep", "same"]
        #expect(
            physicalLines(written(todo)) == ["BEGIN:VTODO", "CATEGORIES:keep", "UID:1", "CATEGORIES:same", "END:VTODO"])
    }

    @Test func aNewCategoryJoinsTheLastLine() throws {
        var todo = try todo("CATEGORIES:a", "UID:1", "CATEGORIES:b")
        todo.categories = ["a", "b", "c,d"]
        #expect(
            physicalLines(written(todo)) == ["BEGIN:VTODO", "CATEGORIES:a", "UID:1", #"CATEGORIES:b,c\,d"#, "END:VTODO"]
        )
    }

    @Test func categoriesAreAddedAndRemovedWhole() throws {
        var todo = try todo("UID:1")
        todo.categories = ["x", "x", "y"]
        #expect(todo.properties(named: "CATEGORIES").map(\.value) == ["x,y"])
        todo.categories = []
        #expect(todo.properties(named: "CATEGORIES").isEmpty)
    }

    @Test func aDuplicateOnTwoLinesIsKeptOnce() throws {
        var todo = try todo("CATEGORIES:a,b", "CATEGORIES:a")
        todo.categories = ["a", "b", "c"]
        #expect(todo.properties(named: "CATEGORIES").map(\.value) == ["a,b,c"])
    }
}
