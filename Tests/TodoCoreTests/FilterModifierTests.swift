import Foundation
import Testing
import TodoCore

/// `KEY.MODIFIER:VALUE` for each kind of key, `status:`, `urgency.over:`, `/REGEX/`, and one
/// argument holding a whole expression; cases from Taskwarrior's test/filter.test.py, named.
@Suite struct FilterModifierTests {
    func names(_ line: String, _ items: [String: FilterItem], _ context: FilterContext = noonFilter) throws -> [String]
    {
        let expression = try readFilter(line)
        return items.filter { expression.matches($0.value, in: context) }.keys.sorted()
    }

    func names(_ arguments: [String], _ items: [String: FilterItem], udas: UDASchema = .none) throws -> [String] {
        let expression = try FilterParser.parse(arguments, in: newYorkNoon, udas: udas)
        return items.filter { expression.matches($0.value, in: noonFilter) }.keys.sorted()
    }

    static func annotated(_ name: String, _ notes: [String]) -> FilterItem {
        var item = FilterItem(name: name)
        item.more.annotations = notes.map { Annotation(at: Fixture.t0, text: $0) }
        return item
    }

    /// TestFilterPrefix: project:foo, project.not:foo, project.startswith:bar and
    /// description.has:foo (todo's name is Taskwarrior's description).
    @Test func projectModifiers() throws {
        let items = [
            "one foo": FilterItem(name: "one foo", project: "foo.uno"),
            "two": FilterItem(name: "two", project: "foo.dos"),
            "three": FilterItem(name: "three", project: "foo.tres"),
            "four": FilterItem(name: "four", project: "bar.uno"),
            "five": FilterItem(name: "five", project: "bar.dos"),
            "six foo": FilterItem(name: "six foo", project: "bar.tres"),
            "seven bar foo": FilterItem(name: "seven bar foo", project: "bazuno"),
            "eight bar foo": FilterItem(name: "eight bar foo", project: "bazdos")
        ]
        #expect(try names("project:foo", items) == ["one foo", "three", "two"])
        #expect(try names("project.not:foo", items) == ["eight bar foo", "five", "four", "seven bar foo", "six foo"])
        #expect(try names("project.startswith:bar", items) == ["five", "four", "six foo"])
        // test_list_project_ba: Taskwarrior's project:ba matches bar.uno and bazuno; todo's
        // project:NAME is that project and those inside it, so project.startswith:ba asks so.
        #expect(try names("project:ba", items) == [])
        #expect(try names("project.startswith:ba", items).count == 5)
        #expect(try names("name.has:foo", items) == ["eight bar foo", "one foo", "seven bar foo", "six foo"])
        #expect(try names("project.is:foo", items) == [])
        #expect(try names("project.is:bazuno", items) == ["seven bar foo"])
        #expect(try names("project.isnt:bazuno", items).count == 7)
        #expect(try names("project.has:uno", items) == ["four", "one foo", "seven bar foo"])
        #expect(try names("project.endswith:dos", items) == ["eight bar foo", "five", "two"])
        #expect(try names("project.hasnt:a", items) == ["one foo", "three", "two"])
    }

    /// TestHasHasnt: description.has:foo and .hasnt. Taskwarrior's description is todo's name,
    /// and its .has looks into annotations too; todo's name.has reads the name only (a word or
    /// /REGEX/ searches the annotations).
    @Test func hasAndHasnt() throws {
        let items = [
            "1": Self.annotated("foo", []), "2": Self.annotated("foo", ["bar"]),
            "3": Self.annotated("foo", ["bar", "baz"]),
            "4": Self.annotated("bar", []), "5": Self.annotated("bar", ["foo"]),
            "6": Self.annotated("bar", ["foo", "baz"]),
            "7": Self.annotated("one", ["two", "three"])
        ]
        #expect(try names("name.has:foo", items) == ["1", "2", "3"])
        #expect(try names("name.hasnt:foo", items) == ["4", "5", "6", "7"])
        #expect(try names("foo", items) == ["1", "2", "3", "5", "6"])
        #expect(try names("/foo/", items) == ["1", "2", "3", "5", "6"])
    }

    @Test func textKeysCompareInAnyCase() throws {
        let items = [
            "milk": FilterItem(name: "Buy MILK", description: "Skimmed"),
            "bread": FilterItem(name: "bread", notes: "from the baker"),
            "plain": FilterItem(name: "buy")
        ]
        // Taskwarrior's description:X is a left match, as todo's name:X.
        #expect(try names("name:buy", items) == ["milk", "plain"])
        #expect(try names("name.is:buy", items) == ["plain"])
        #expect(try names("name.isnt:buy", items) == ["bread", "milk"])
        #expect(try names("name.not:buy", items) == ["bread"])
        #expect(try names("name.endswith:milk", items) == ["milk"])
        #expect(try names("name.right:MILK", items) == ["milk"])
        #expect(try names("name.left:BU", items) == ["milk", "plain"])
        // Taskwarrior's description is the name; todo's own description is details.
        #expect(try names("description:buy", items) == ["milk", "plain"])
        #expect(try names("description.contains:MILK", items) == ["milk"])
        #expect(try names("desc.startswith:bre", items) == ["bread"])
        #expect(try names("details.contains:skim", items) == ["milk"])
        #expect(try names("details:", items) == ["bread", "plain"])
        #expect(try names("details.any:", items) == ["milk"])
        #expect(try names("notes.none:", items) == ["milk", "plain"])
        #expect(try names("notes.has:baker", items) == ["bread"])
    }

    /// Taskwarrior orders priorities H > M > L > none: priority.below:H holds M, L and none.
    @Test func priorityOrder() throws {
        let items = [
            "h": FilterItem(priority: .high), "m": FilterItem(priority: .medium), "l": FilterItem(priority: .low),
            "none": FilterItem()
        ]
        #expect(try names("priority.below:H", items) == ["l", "m", "none"])
        #expect(try names("priority.under:M", items) == ["l", "none"])
        #expect(try names("priority.above:L", items) == ["h", "m"])
        #expect(try names("pri.over:M", items) == ["h"])
        #expect(try names("priority.not:H", items) == ["l", "m", "none"])
        #expect(try names("priority.is:m", items) == ["m"])
        #expect(try names("priority.any:", items) == ["h", "l", "m"])
        #expect(try names("priority.none:", items) == ["none"])
    }

    /// TestBy (due.by:eoy includes eoy, due.by:tomorrow includes tomorrow), TestRange, and
    /// .not, which keeps todos without the date too.
    @Test func dateModifiers() throws {
        let items = [
            "today": FilterItem(due: .day(Dates.day("2026-12-02"))),
            "tomorrow": FilterItem(due: .day(Dates.day("2026-12-03"))),
            "eoy": FilterItem(due: .day(Dates.day("2026-12-31"))),
            "next year": FilterItem(due: .day(Dates.day("2027-01-01"))),
            "none": FilterItem()
        ]
        #expect(try names("due.by:eoy", items) == ["eoy", "today", "tomorrow"])
        #expect(try names("due.by:tomorrow", items) == ["today", "tomorrow"])
        #expect(try names("due.is:tomorrow", items) == ["tomorrow"])
        #expect(try names("due.not:tomorrow", items) == ["eoy", "next year", "none", "today"])
        #expect(try names("due.isnt:tomorrow", items) == ["eoy", "next year", "none", "today"])
        #expect(try names("due.after:2026-12-02 due.before:2026-12-31", items) == ["tomorrow"])
        #expect(try names("due.over:tomorrow", items) == ["eoy", "next year"])
        #expect(try names("due.under:tomorrow", items) == ["today"])
        #expect(try names("due.any:", items) == ["eoy", "next year", "today", "tomorrow"])
        #expect(try names("due.none:", items) == ["none"])
    }

    /// TestBug489 (tags.none:), and tags:, tag: and tags.has:, which find a tag in capitals that
    /// +NAME would take for a virtual tag.
    @Test func tagModifiers() throws {
        let items = [
            "with": FilterItem(tags: ["tag", "URGENT"]), "other": FilterItem(tags: ["other"]), "without": FilterItem()
        ]
        #expect(try names("tags.none:", items) == ["without"])
        #expect(try names("tags.any:", items) == ["other", "with"])
        #expect(try names("tags:tag", items) == ["with"])
        #expect(try names("tag:URGENT", items) == ["with"])
        #expect(try names("tags.has:URGENT", items) == ["with"])
        #expect(try names("tags.hasnt:tag", items) == ["other", "without"])
        #expect(try names("tags.not:tag", items) == ["other", "without"])
        #expect(try names("tags:", items) == ["without"])
    }

    @Test func dependsModifiers() throws {
        var parent = FilterItem(name: "parent")
        parent.more.depends = [Fixture.uuid(3)]
        let items = ["parent": parent, "other": FilterItem(name: "other")]
        let context = FilterContext(dates: newYorkNoon, named: ["3": Fixture.uuid(3)])
        #expect(try names("depends.has:3", items, context) == ["parent"])
        #expect(try names("dep.hasnt:3", items, context) == ["other"])
        #expect(try names("depends.any:", items, context) == ["parent"])
        #expect(try names("depends.none:", items, context) == ["other"])
    }

    /// TestBug1110: status:Completed and status:completed behave the same. status:pending is
    /// Taskwarrior's: open and not waiting.
    @Test func status() throws {
        let items = [
            "open": FilterItem(name: "open"), "done": FilterItem(name: "done", completed: true),
            "waiting": FilterItem(name: "waiting", wait: .day(Dates.day("2026-12-09"))),
            "waited": FilterItem(name: "waited", wait: .day(Dates.day("2026-12-01")))
        ]
        #expect(try names("status:pending", items) == ["open", "waited"])
        #expect(try names("status:waiting", items) == ["waiting"])
        #expect(try names("status:completed", items) == ["done"])
        #expect(try names("status:Completed", items) == ["done"])
        #expect(try names("status.not:pending", items) == ["done", "waiting"])
        #expect(try names("status.isnt:completed", items) == ["open", "waited", "waiting"])
        #expect(try readFilter("status:waiting").asksAboutWaiting)
        #expect(try readFilter("not wait.after:now").asksAboutWaiting)
        #expect(try !readFilter("status:pending +home").asksAboutWaiting)
    }

    /// urgency.test.py's scores: priority H is 6, a project 1, a tag 0.8, and each item's age
    /// (14 days) adds 0.08; the filter reads the dependencies among todos, as +BLOCKED does.
    @Test func urgency() throws {
        let items = [
            "high": FilterItem(priority: .high), "project": FilterItem(project: "p"), "tagged": FilterItem(tags: ["x"]),
            "plain": FilterItem()
        ]
        #expect(try names("urgency.over:5", items) == ["high"])
        #expect(try names("urgency.above:0.9", items) == ["high", "project"])
        #expect(try names("urgency.under:1", items) == ["plain", "tagged"])
        #expect(try names("urgency.below:0.8", items) == ["plain"])
        #expect(try names("urgency.by:0.9", items) == ["plain", "tagged"])
        #expect(try names("urgency.after:-1", items).count == 4)
        #expect(try readFilter("urgency.over:5").needsOtherTodos)
    }

    /// The regular-expression tests of test_regex_list_*: /fo{2}/, /f../ /b../, /^s/, /^.i/,
    /// /two|five/, and /foo/ /bar/ (test_list_double_substring). todo matches in any case.
    @Test func regularExpressions() throws {
        let items = [
            "one": FilterItem(name: "one foo"), "two": FilterItem(name: "two"), "three": FilterItem(name: "three"),
            "four": FilterItem(name: "four"), "five": FilterItem(name: "five"), "six": FilterItem(name: "six foo"),
            "seven": FilterItem(name: "seven bar foo")
        ]
        #expect(try names("/fo{2}/", items) == ["one", "seven", "six"])
        #expect(try names("/foo/ /bar/", items) == ["seven"])
        #expect(try names("/f../ /b../", items) == ["seven"])
        #expect(try names("/^s/", items) == ["seven", "six"])
        #expect(try names("/^.i/", items) == ["five", "six"])
        #expect(try names("/two|five/", items) == ["five", "two"])
        #expect(try names("/FOO/", items) == ["one", "seven", "six"])
        let more = [
            "notes": FilterItem(notes: "call Bob"), "annotation": Self.annotated("x", ["Called bob"]),
            "description": FilterItem(description: "BOB"),
            "none": FilterItem(name: "bo b")
        ]
        #expect(try names("/bob/", more) == ["annotation", "description", "notes"])
        #expect(throws: FilterError.badPattern("/a(/")) { try readFilter("/a(/") }
        #expect(
            FilterError.badPattern("/a(/").description
                == "\"/a(/\" is no regular expression (ICU syntax: /^buy/, /milk|bread/)")
        #expect(try readFilter("/") == textTerm("/"))
        #expect(try readFilter("//") == textTerm("//"))
    }

    /// Declared attributes take the modifiers of their type: a string's text searches too.
    @Test func declaredAttributes() throws {
        let client = UDADeclaration(name: "client", type: .string), size = UDADeclaration(name: "size", type: .number)
        let udas = UDASchema([client, size])
        func item(_ client: String?, _ size: String?) -> FilterItem {
            var item = FilterItem()
            item.more.udas = [client.map { ("client", $0) }, size.map { ("size", $0) }].compactMap { $0 }.reduce(
                into: [:]) { $0[$1.0] = $1.1 }
            return item
        }
        let items = ["acme": item("Acme Corp", "3"), "bolt": item("Bolt", "10"), "none": item(nil, nil)]
        #expect(try names(["client.has:Corp"], items, udas: udas) == ["acme"])
        #expect(try names(["cli.startswith:Bo"], items, udas: udas) == ["bolt"])
        #expect(try names(["client.is:Bolt"], items, udas: udas) == ["bolt"])
        #expect(try names(["client.not:Bolt"], items, udas: udas) == ["acme", "none"])
        #expect(try names(["client.any:"], items, udas: udas) == ["acme", "bolt"])
        #expect(try names(["si.by:3"], items, udas: udas) == ["acme"])
        #expect(try names(["size.above:3"], items, udas: udas) == ["bolt"])
        #expect(try names(["size.none:"], items, udas: udas) == ["none"])
        #expect(throws: FilterError.self) { try FilterParser.parse(["size.has:1"], in: newYorkNoon, udas: udas) }
    }
}

/// One argument that holds a whole expression is read as the words it holds.
@Suite struct FilterArgumentTests {
    func parse(_ arguments: [String], udas: UDASchema = .none) throws -> FilterExpression {
        try FilterParser.parse(arguments, in: newYorkNoon, udas: udas)
    }

    @Test func aQuotedExpressionIsTheSameWordsGivenApart() throws {
        #expect(try parse(["(a or b)"]) == parse(["(", "a", "or", "b", ")"]))
        #expect(try parse(["(project:A or project:B)"]) == parse(["(", "project:A", "or", "project:B", ")"]))
        #expect(try parse(["(+x", "or +y) due.before:eow"]) == parse(["(", "+x", "or", "+y", ")", "due.before:eow"]))
        #expect(try parse(["buy milk"]) == parse(["buy", "milk"]))
        #expect(throws: FilterError.unclosedParenthesis) { try parse(["(+x"]) }
    }

    /// TestBug1456: '/one/ or /two/' is two patterns; a pattern keeps its blanks and parentheses.
    @Test func patternsKeepTheirBlanks() throws {
        #expect(try parse(["/one/ or /two/"]) == parse(["/one/", "or", "/two/"]))
        #expect(try parse(["/buy milk/"]) == .term(.pattern(try #require(try TextPattern(word: "/buy milk/")))))
        #expect(try parse(["(/a (b)/ or x)"]) == parse(["(", "/a (b)/", "or", "x", ")"]))
    }

    /// Double quotes keep blanks in a word and are dropped; a single quote is a letter.
    @Test func doubleQuotesKeepAPhrase() throws {
        #expect(try parse(["(\"buy milk\" or bread)"]) == .or([textTerm("buy milk"), textTerm("bread")]))
        #expect(try parse(["\"buy milk\""]) == textTerm("buy milk"))
        #expect(try parse(["(mom's or dad's)"]) == .or([textTerm("mom's"), textTerm("dad's")]))
        #expect(throws: FilterError.unclosedQuote("(\"buy milk or x)")) { try parse(["(\"buy milk or x)"]) }
        #expect(FilterError.unclosedQuote("(\"a)").description == "a '\"' in \"(\\\"a)\" is never closed")
    }

    /// As Taskwarrior reads it, an argument that is KEY:VALUE of an attribute keeps its blanks
    /// in the value; a value that cannot hold them is refused rather than matching nothing.
    @Test func aTermKeepsItsValue() throws {
        let udas = UDASchema([UDADeclaration(name: "client", type: .string)])
        let client = try #require(udas["client"])
        #expect(try parse(["client:Acme Corp"], udas: udas) == .term(.uda(client, .equal, "Acme Corp")))
        #expect(
            try parse(["(client:\"Acme Corp\" or +x)"], udas: udas)
                == .or([.term(.uda(client, .equal, "Acme Corp")), .term(.tag("x"))]))
        #expect(
            throws: FilterError.badValue(
                "project:A or project:B", "project takes one word; terms in one argument go in parentheses: '(a or b)'")
        ) {
            try parse(["project:A or project:B"])
        }
        #expect(
            throws: FilterError.badValue(
                "status:waiting or +x", "status takes one word; terms in one argument go in parentheses: '(a or b)'")
        ) {
            try parse(["status:waiting or +x"])
        }
        #expect(try parse(["name:buy milk"]) == .term(.string(.name, .prefix, "buy milk")))
        #expect(try parse(["Re: budget"]) == parse(["Re:", "budget"]))
    }

    @Test func theKeysAListingReadsAttributesFor() {
        #expect(FilterParser.keys(in: ["(client:x or Size.over:3)", "+y", "10:30"]) == ["client", "size", "10"])
    }
}
