import Foundation
import Testing
import TodoCore

/// The attribute values of one todo, as a filter sees them.
struct FilterItem: TodoAttributes {
    var id = 1
    var name = ""
    var description = ""
    var notes = ""
    var tags: Set<String> = []
    var project: String?
    var priority: Priority?
    var due: DueDate?
    var wait: DueDate?
    var createdAt = Fixture.t0
    var updatedAt = Fixture.t0
    var completedAt: Date?
    var uuid = Fixture.uuid(0)
    var completed = false
    var synced = false
    /// The fields not given above.
    var more = Attributes()

    var attributes: Attributes {
        var attributes = more
        (attributes.tags, attributes.project, attributes.priority) = (tags, project, priority)
        (attributes.due, attributes.wait) = (due, wait)
        return attributes
    }
}

/// Wednesday 2 December 2026, 12:00 in New York (17:00 UTC).
let newYorkNoon = Dates.at("2026-12-02T17:00:00Z", "America/New_York")

func readFilter(_ line: String, _ context: DateContext = newYorkNoon) throws -> FilterExpression {
    try FilterParser.parse(line.split(separator: " ").map(String.init), in: context)
}

/// Filters evaluated at `newYorkNoon`, no todo depending on another.
let noonFilter = FilterContext(dates: newYorkNoon)

func textTerm(_ word: String) -> FilterExpression { .term(.text(word)) }

@Suite struct FilterParserTests {
    @Test func orBindsLooserThanAnd() throws {
        #expect(try readFilter("a or b c") == .or([textTerm("a"), .and([textTerm("b"), textTerm("c")])]))
        #expect(try readFilter("a b or c") == .or([.and([textTerm("a"), textTerm("b")]), textTerm("c")]))
        #expect(
            try readFilter("a and b or c and d")
                == .or([.and([textTerm("a"), textTerm("b")]), .and([textTerm("c"), textTerm("d")])]))
    }

    @Test func parenthesesGroup() throws {
        #expect(try readFilter("( a or b ) c") == .and([.or([textTerm("a"), textTerm("b")]), textTerm("c")]))
        #expect(try readFilter("a ( ( b ) )") == .and([textTerm("a"), textTerm("b")]))
    }

    @Test func notBindsTightestAndPairsCancel() throws {
        #expect(try readFilter("not a b") == .and([.not(textTerm("a")), textTerm("b")]))
        #expect(try readFilter("not not a") == textTerm("a"))
        #expect(try readFilter("not ( a or b )") == .not(.or([textTerm("a"), textTerm("b")])))
    }

    @Test func keywordsInAnyCase() throws {
        #expect(try readFilter("a OR b And NOT c") == .or([textTerm("a"), .and([textTerm("b"), .not(textTerm("c"))])]))
    }

    @Test func noWordsMatchEverything() throws {
        #expect(try FilterParser.parse([], in: newYorkNoon) == .everything)
        #expect(FilterExpression.everything.matches(FilterItem(), in: noonFilter))
    }

    @Test func everyTerm() throws {
        let reference = try DateReference("eow", in: newYorkNoon)
        #expect(
            try readFilter("+home -work project:home.garden pro: priority:h pri: due.before:eow wait: Milk")
                == .and([
                    .term(.tag("home")), .not(.term(.tag("work"))), .term(.project("home.garden")),
                    .term(.unset(.project)),
                    .term(.priority(.equal, .high)), .term(.unset(.priority)), .term(.date(.due, .before, reference)),
                    .term(.unset(.wait)), textTerm("milk")
                ]))
    }

    @Test(arguments: ["+1", "-5", "+", "-", "--all", "re:", "10:30", "http://example.com", "a:b:c", "due.:x"])
    func wordsThatAreText(word: String) throws {
        #expect(try FilterParser.parse([word], in: newYorkNoon) == textTerm(word.lowercased()))
    }

    @Test func datesAreResolvedWithTheClockAndZoneGiven() throws {
        let auckland = Dates.at("2026-12-02T17:00:00Z", "Pacific/Auckland")  // already 3 December there
        guard case .term(.date(.due, .on, let reference)) = try readFilter("due:today", auckland) else {
            Issue.record("not a date term")
            return
        }
        #expect(reference.date == .day(Dates.day("2026-12-03")))
    }
}

@Suite struct FilterErrorTests {
    @Test(arguments: [
        ("( a", FilterError.unclosedParenthesis), ("a )", .unopenedParenthesis), (")", .unopenedParenthesis),
        ("( a ) )", .unopenedParenthesis), ("( )", .emptyParentheses), ("a ( )", .emptyParentheses),
        ("a or", .missingTerm(after: "or")), ("or a", .missingTerm(after: "or")), ("a and", .missingTerm(after: "and")),
        ("a and or b", .missingTerm(after: "or")), ("not", .missingTerm(after: "not")),
        ("a not )", .missingTerm(after: "not")),
        ("( a OR )", .missingTerm(after: "or")),
        ("due.on:today", .badModifier("due.on:today", FilterKey.all.first { $0.names[0] == "due" }!)),
        ("projcet:home", .unknownKey("projcet:home")), ("prioirty:H", .unknownKey("prioirty:H")),
        ("wiat:fri", .unknownKey("wiat:fri")), ("projet:x", .unknownKey("projet:x")),
        ("priority:X", .badPriority("priority:X")), ("due.before:", .missingDate("due.before:")),
        ("wait.after:", .missingDate("wait.after:")), ("due:tmrw", .badDate("due:tmrw", DateReadError(text: "tmrw")))
    ])
    func errors(line: String, expected: FilterError) {
        #expect(throws: expected) { try readFilter(line) }
    }

    @Test func messagesAreOneLine() {
        #expect(FilterError.missingTerm(after: "or").description == "'or' in the filter needs a term on each side")
        #expect(
            FilterError.unknownKey("projcet:home").description == "unknown filter key in \"projcet:home\"; use "
                + "+TAG, -TAG, +VIRTUAL (todo help filter), /REGEX/, name:TEXT (or description:), details:TEXT, "
                + "notes:TEXT, tags:TAG, project:NAME, "
                + "priority:H|M|L (or pri:), due:DATE, wait:DATE, scheduled:DATE, start:DATE, depends:ID (or dep:), "
                + "recur:RULE, until:DATE, "
                + "entry:DATE, modified:DATE, end:DATE, status:pending|waiting|completed, urgency.over:N, "
                + "KEY.MODIFIER:VALUE (due.before:eow; todo help filter), and, or, not, ( )"
        )
        #expect(
            FilterError.badDate("due:x", DateReadError(text: "x")).description
                == "\"due:x\": cannot read the date \"x\"; use \(DateReader.accepted)")
        #expect(FilterError.tooDeep.description == "the filter's parentheses nest deeper than 64")
    }

    @Test func sixtyFourLevelsOfParenthesesAndNoMore() throws {
        func nested(_ depth: Int) -> [String] {
            Array(repeating: "(", count: depth) + ["a"] + Array(repeating: ")", count: depth)
        }
        #expect(try FilterParser.parse(nested(64), in: newYorkNoon) == textTerm("a"))
        #expect(throws: FilterError.tooDeep) { try FilterParser.parse(nested(65), in: newYorkNoon) }
        #expect(throws: FilterError.tooDeep) { try FilterParser.parse(nested(200_000), in: newYorkNoon) }
    }

    @Test func longInputsDoNotRecurse() throws {
        let nots = Array(repeating: "not", count: 200_001) + ["a"]
        #expect(try FilterParser.parse(nots, in: newYorkNoon) == .not(textTerm("a")))
        let ors = Array(repeating: ["a", "or"], count: 100_000).flatMap { $0 } + ["b"]
        guard case .or(let operands) = try FilterParser.parse(ors, in: newYorkNoon) else {
            Issue.record("not an or")
            return
        }
        #expect(operands.count == 100_001)
    }
}

@Suite struct FilterMatchTests {
    func names(_ line: String, _ items: [String: FilterItem]) throws -> [String] {
        let expression = try readFilter(line)
        return items.filter { expression.matches($0.value, in: noonFilter) }.keys.sorted()
    }

    @Test func tagsAreCaseSensitive() throws {
        let items = [
            "home": FilterItem(tags: ["home"]), "Home": FilterItem(tags: ["Home"]),
            "both": FilterItem(tags: ["home", "work"]), "none": FilterItem()
        ]
        #expect(try names("+home", items) == ["both", "home"])
        #expect(try names("-home", items) == ["Home", "none"])
        #expect(try names("+home -work", items) == ["home"])
    }

    @Test func projectsIncludeTheirSubProjects() throws {
        let items = [
            "home": FilterItem(project: "home"), "garden": FilterItem(project: "home.garden"),
            "homework": FilterItem(project: "homework"),
            "deep": FilterItem(project: "home.garden.shed"), "none": FilterItem()
        ]
        #expect(try names("project:home", items) == ["deep", "garden", "home"])
        #expect(try names("project:home.garden", items) == ["deep", "garden"])
        #expect(try names("project:", items) == ["none"])
        #expect(try names("not project:home", items) == ["homework", "none"])
    }

    @Test func priorities() throws {
        let items = [
            "h": FilterItem(priority: .high), "m": FilterItem(priority: .medium), "l": FilterItem(priority: .low),
            "none": FilterItem()
        ]
        #expect(try names("priority:H", items) == ["h"])
        #expect(try names("pri:m", items) == ["m"])
        #expect(try names("priority:", items) == ["none"])
        #expect(try names("priority:H or priority:L", items) == ["h", "l"])
    }

    @Test func wordsSearchNameDescriptionAndNotesInAnyCase() throws {
        let items = [
            "name": FilterItem(name: "Buy MILK"), "description": FilterItem(description: "skimmed milk"),
            "notes": FilterItem(notes: "2 litres of Milk"),
            "other": FilterItem(name: "bread", description: "mil k"), "accent": FilterItem(name: "Été à Paris")
        ]
        #expect(try names("milk", items) == ["description", "name", "notes"])
        #expect(try names("MiLk bUY", items) == ["name"])
        #expect(try names("été", items) == ["accent"])
        #expect(try names("ÉTÉ", items) == ["accent"])
        #expect(try names("paris", items) == ["accent"])
    }

    @Test func theIssueExample() throws {
        let items = [
            "home this week": FilterItem(tags: ["home"], due: .day(Dates.day("2026-12-06"))),
            "garden overdue": FilterItem(tags: ["garden"], due: .instant(Dates.utc("2026-11-20T09:00:00Z"))),
            "home next week": FilterItem(tags: ["home"], due: .day(Dates.day("2026-12-07"))),
            "work this week": FilterItem(tags: ["work"], due: .day(Dates.day("2026-12-03"))),
            "home no due": FilterItem(tags: ["home"])
        ]
        #expect(try names("( +home or +garden ) due.before:eow", items) == ["garden overdue", "home this week"])
    }
}

/// `due.before:`, `due.after:` and `due:` with whole days and instants on both sides, in New York
/// (UTC-5 in December: 2 December runs from 05:00 UTC to 05:00 UTC the next day).
@Suite struct FilterDateTests {
    let items = [
        "day 1": FilterItem(due: .day(Dates.day("2026-12-01"))),
        "day 2": FilterItem(due: .day(Dates.day("2026-12-02"))),
        "day 3": FilterItem(due: .day(Dates.day("2026-12-03"))),
        "1st 23:59:59": FilterItem(due: .instant(Dates.utc("2026-12-02T04:59:59Z"))),
        "2nd 00:00": FilterItem(due: .instant(Dates.utc("2026-12-02T05:00:00Z"))),
        "2nd 11:59": FilterItem(due: .instant(Dates.utc("2026-12-02T16:59:00Z"))),
        "2nd 12:00": FilterItem(due: .instant(Dates.utc("2026-12-02T17:00:00Z"))),
        "2nd 23:59:59": FilterItem(due: .instant(Dates.utc("2026-12-03T04:59:59Z"))),
        "3rd 00:00": FilterItem(due: .instant(Dates.utc("2026-12-03T05:00:00Z"))),
        "none": FilterItem()
    ]

    func names(_ line: String) throws -> [String] {
        let expression = try readFilter(line)
        return items.filter { expression.matches($0.value, in: noonFilter) }.keys.sorted()
    }

    @Test func beforeAWholeDayIsBeforeItsFirstMoment() throws {
        #expect(try names("due.before:2026-12-02") == ["1st 23:59:59", "day 1"])
        #expect(try names("due.before:today") == ["1st 23:59:59", "day 1"])
    }

    @Test func afterAWholeDayIsFromTheNextDay() throws {
        #expect(try names("due.after:2026-12-02") == ["3rd 00:00", "day 3"])
    }

    @Test func onAWholeDayIsWithinIt() throws {
        #expect(try names("due:2026-12-02") == ["2nd 00:00", "2nd 11:59", "2nd 12:00", "2nd 23:59:59", "day 2"])
    }

    @Test func beforeAnInstantExcludesTheWholeDayHoldingIt() throws {
        #expect(try names("due.before:now") == ["1st 23:59:59", "2nd 00:00", "2nd 11:59", "day 1"])
        #expect(try names("due.before:2026-12-02T12:00") == ["1st 23:59:59", "2nd 00:00", "2nd 11:59", "day 1"])
    }

    @Test func afterAnInstantExcludesTheWholeDayHoldingIt() throws {
        #expect(try names("due.after:2026-12-02T12:00") == ["2nd 23:59:59", "3rd 00:00", "day 3"])
    }

    @Test func onAnInstantIsThatInstantOrTheWholeDayHoldingIt() throws {
        #expect(try names("due:2026-12-02T12:00") == ["2nd 12:00", "day 2"])
    }

    /// Start and end keywords are edges: `eod` ends after the whole of today, `sod` starts with it.
    @Test func startAndEndKeywordsCompareWithTheirEdge() throws {
        #expect(
            try names("due.before:eod") == [
                "1st 23:59:59", "2nd 00:00", "2nd 11:59", "2nd 12:00", "2nd 23:59:59", "day 1", "day 2"
            ])
        #expect(try names("due.after:eod") == ["3rd 00:00", "day 3"])
        #expect(
            try names("due.after:sod") == [
                "2nd 00:00", "2nd 11:59", "2nd 12:00", "2nd 23:59:59", "3rd 00:00", "day 2", "day 3"
            ])
        #expect(try names("due.before:sod") == ["1st 23:59:59", "day 1"])
        #expect(try names("due:eod") == ["2nd 00:00", "2nd 11:59", "2nd 12:00", "2nd 23:59:59", "day 2"])
    }

    @Test func weekEdges() throws {
        let week = [
            "sun before": FilterItem(due: .day(Dates.day("2026-11-29"))),
            "mon": FilterItem(due: .day(Dates.day("2026-11-30"))),
            "sun": FilterItem(due: .day(Dates.day("2026-12-06"))),
            "mon after": FilterItem(due: .day(Dates.day("2026-12-07")))
        ]
        func names(_ line: String) throws -> [String] {
            let expression = try readFilter(line)
            return week.filter { expression.matches($0.value, in: noonFilter) }.keys.sorted()
        }
        #expect(try names("due.before:eow") == ["mon", "sun", "sun before"])
        #expect(try names("due.after:sow") == ["mon", "mon after", "sun"])
        #expect(try names("due.after:sow due.before:eow") == ["mon", "sun"])
        #expect(try names("due:eow") == ["sun"])
    }

    @Test func waitTermsAndNone() throws {
        let items = [
            "waiting": FilterItem(wait: .day(Dates.day("2026-12-10"))),
            "waited": FilterItem(wait: .instant(Dates.utc("2026-12-01T00:00:00Z"))),
            "no wait": FilterItem(due: .day(Dates.day("2026-12-10")))
        ]
        let after = try readFilter("wait.after:now"), none = try readFilter("wait:"),
            before = try readFilter("wait.before:today")
        #expect(items.filter { after.matches($0.value, in: noonFilter) }.keys.sorted() == ["waiting"])
        #expect(items.filter { none.matches($0.value, in: noonFilter) }.keys.sorted() == ["no wait"])
        #expect(items.filter { before.matches($0.value, in: noonFilter) }.keys.sorted() == ["waited"])
        #expect(try names("due:") == ["none"])
    }
}
