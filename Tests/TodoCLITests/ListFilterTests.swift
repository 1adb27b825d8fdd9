import Foundation
import Testing
import TodoCore

/// `list FILTER...`, waiting todos, `--sort` and the attributes in the human list, end to end.
@Suite struct ListFilterTests {
    let box: Sandbox
    let noon = NoonZone()

    /// #1 pay rent (H, home, +bills, due yesterday), #2 call mom (+family, due in 3 days),
    /// #3 weed (home.garden, +garden, waiting 2 days), #4 read book (L), #5 homework (done, due today).
    init() throws {
        box = try Sandbox()
        try run("add", "pay rent", "+bills", "project:home", "pri:H", "due:-1d")
        try run("add", "call mom", "+family", "due:+3d", "-d", "about the Bills")
        try run("add", "weed", "project:home.garden", "+garden", "wait:+2d")
        try run("add", "read book", "pri:L")
        try run("add", "homework", "due:today")
        try run("done", "5")
    }

    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> RunResult {
        try box.run(arguments, environment: noon.environment.merging(environment) { $1 })
    }

    func ids(_ arguments: String...) throws -> [Int] {
        let result = try box.run([arguments[0], "--ids"] + arguments.dropFirst(), environment: noon.environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.lines.compactMap { Int($0) }
    }

    @Test func termsNarrowTheList() throws {
        #expect(try ids("list", "+bills") == [1])
        #expect(try ids("list", "-bills") == [4, 2])
        #expect(try ids("list", "-bills", "--all") == [4, 3, 2, 5])
        #expect(try ids("list", "project:home", "--waiting") == [3, 1])
        #expect(try ids("list", "project:home.garden", "--waiting") == [3])
        #expect(try ids("list", "priority:H") == [1])
        #expect(try ids("list", "pri:") == [2])
        #expect(try ids("list", "due.before:+2d") == [1])
        #expect(try ids("list", "due.before:+2d", "--filter", "all") == [1, 5])
        #expect(try ids("list", "due.after:today") == [2])
        #expect(try ids("list", "due:") == [4])
        #expect(try ids("list", "bills") == [2])
        #expect(try ids("list", "BOOK") == [4])
        let familyDueThisWeek = try noon.date("+3d").day(in: noon.context) <= noon.context.today.endOfWeek
        #expect(
            try ids("list", "(", "+bills", "or", "+family", ")", "due.before:eow", "--filter", "active")
                == (familyDueThisWeek ? [2, 1] : [1]))
        #expect(try ids("list", "not", "+bills", "and", "not", "due:") == [2])
        #expect(try ids("list", "--filter", "completed", "due:today") == [5])
        #expect(try ids("list", "--", "-bills") == [])
        #expect(try ids("list", "pay", "--", "rent") == [1])
    }

    @Test(arguments: [
        (["list", "(", "+bills"], "todo: a '(' in the filter is never closed\n"),
        (["list", "projcet:home"], "todo: unknown filter key in \"projcet:home\"; use \(FilterError.terms)\n"),
        (
            ["list", "due.before:soonish"],
            "todo: \"due.before:soonish\": cannot read the date \"soonish\"; use \(DateReader.accepted)\n"
        ),
        (["list", "priority:X"], "todo: \"priority:X\": a priority is H, M or L, or nothing for none\n"),
        (
            ["list", "--sort", "due,size"],
            """
            todo: --sort: "size" is no sort key; use due, wait, scheduled, start, until, priority, project, created, \
            modified, name, urgency, id, end, status, recur, tags or an attribute 'todo config uda.NAME.type' \
            declares, separated by commas, with + before a key for lowest first or - for highest first\n
            """
        ),
        (["next", "or"], "todo: 'or' in the filter needs a term on each side\n")
    ])
    func badTermsAreUsageErrors(arguments: [String], message: String) throws {
        #expect(
            try box.run(arguments, environment: noon.environment) == RunResult(stdout: "", stderr: message, status: 2))
    }

    @Test func waitingTodosAreHiddenUntilTheirDateUnlessAskedFor() throws {
        // list shows what is still to do, as Taskwarrior's list and todo.txt's ls do.
        #expect(try ids("list") == [4, 2, 1])
        #expect(try ids("list", "--filter", "active") == [4, 2, 1])
        #expect(try ids("list", "--filter", "all") == [4, 3, 2, 1, 5])
        #expect(try ids("list", "--all") == [4, 3, 2, 1, 5])
        #expect(try ids("list", "--waiting") == [4, 3, 2, 1])
        #expect(try ids("list", "+WAITING") == [3])
        #expect(try ids("list", "+COMPLETED") == [5])
        #expect(try ids("list", "+garden") == [])
        try run("edit", "3", "wait:today")
        #expect(try ids("list") == [4, 3, 2, 1])
        try run("edit", "3", "wait:+1d")
        try run("done", "3")
        #expect(try ids("list", "--filter", "completed") == [3, 5])
        let shown = try box.runOnTerminal(
            ["list", "--filter", "active"],
            environment: noon.environment.merging(["NO_COLOR": "1", "COLUMNS": "100"]) { $1 })
        #expect(
            shown.stdout.replacingOccurrences(of: "\r\n", with: "\n").hasSuffix("3 of 5 todos: 3 active, 2 completed\n")
        )
        try run("reopen", "3")
        let hidden = try box.runOnTerminal(
            ["list"], environment: noon.environment.merging(["NO_COLOR": "1", "COLUMNS": "100"]) { $1 })
        #expect(
            hidden.stdout.replacingOccurrences(of: "\r\n", with: "\n").hasSuffix(
                "3 of 5 todos: 4 active, 1 completed, 1 waiting (--waiting shows them)\n"))
    }

    @Test func sortKeysOrderTheListAndTodosWithoutAValueComeLast() throws {
        #expect(try ids("list", "--sort", "due", "--filter", "all") == [1, 5, 2, 4, 3])
        #expect(try ids("list", "--sort", "due") == [1, 2, 4])
        #expect(try ids("list", "--sort", "-due") == [2, 1, 4])
        // Priority and urgency sort highest first unless + says otherwise.
        #expect(try ids("list", "--sort", "priority") == [1, 4, 2])
        #expect(try ids("list", "--sort", "+priority") == [4, 1, 2])
        #expect(try ids("list", "--sort", "-priority,due") == [1, 4, 2])
        #expect(try ids("list", "--sort", "project", "--waiting") == [1, 3, 4, 2])
        #expect(try ids("list", "--sort", "-project", "--waiting") == [3, 1, 4, 2])
        #expect(try ids("list", "--sort", "name") == [2, 1, 4])
        #expect(try ids("list", "--sort", "+name") == [2, 1, 4])
        #expect(try ids("list", "--sort", "-name") == [4, 1, 2])
        #expect(try ids("list", "--sort", "created") == [1, 2, 4])
        #expect(try ids("list", "--sort", "-created") == [4, 2, 1])
        try run("edit", "1", "-d", "touched")
        #expect(try ids("list", "--sort", "-modified") == [1, 4, 2])
        #expect(try ids("list", "--sort", "urgency") == [1, 2, 4])
        #expect(try ids("list", "--sort", "+urgency") == [4, 2, 1])
        // #5, completed, is due today: more urgent than #2, due in three days, were it active.
        #expect(try ids("list", "--sort", "-urgency", "--filter", "completed") == [5])
        #expect(try ids("list", "(", "+COMPLETED", "or", "+family", ")", "--sort", "urgency") == [5, 2])
    }

    /// Taskwarrior's sort keys that reports in a .taskrc use: id, end, status, recur, tags.
    @Test func taskwarriorsOtherSortKeys() throws {
        #expect(try ids("list", "--sort", "-id", "--filter", "all") == [5, 4, 3, 2, 1])
        try run("done", "2")
        let ended = try ids("list", "--sort", "-end", "--filter", "all")
        #expect(ended == [2, 5, 4, 3, 1], "\(ended)")
        #expect(try ids("list", "--sort", "status,id", "--filter", "all") == [2, 5, 1, 4, 3])
        try run("edit", "4", "recur:weekly", "due:+7d")
        let recurring = try ids("list", "--sort", "recur", "--waiting")
        #expect(recurring == [4, 3, 1], "\(recurring)")
        #expect(try ids("list", "--sort", "tags", "--waiting") == [1, 3, 4])
    }

    @Test func theHumanListShowsPriorityProjectTagsAndDueRelatively() throws {
        try run("add", "soon", "due:+3h")
        try run("add", "late", "due:-3h")
        try run("add", "tomorrow", "due:tomorrow")
        #expect(
            try run("list", "--all").stdout == """
                8 [ ] tomorrow  due tomorrow
                7 [ ] late  3h overdue
                6 [ ] soon  due in 3h
                4 [ ] read book  (L)
                3 [ ] weed  home.garden +garden waiting
                2 [ ] call mom  +family due in 3d
                1 [ ] pay rent  (H) home +bills 1d overdue
                5 [x] homework  due \(noon.context.today)

                """)
    }

    @Test func overdueTodosAreRedAndTheNameIsCutBeforeTheAttributes() throws {
        let text = try run("list", "+bills", "--color", "always").stdout
        #expect(text == "\u{1B}[1m1\u{1B}[0m\u{1B}[31m [ ] pay rent  (H) home +bills 1d overdue\u{1B}[0m\n")
        try run("edit", "2", "--name", String(repeating: "long ", count: 20))
        let terminal = try box.runOnTerminal(
            ["list", "+family"], environment: noon.environment.merging(["NO_COLOR": "1", "COLUMNS": "40"]) { $1 })
        #expect(
            terminal.stdout.replacingOccurrences(of: "\r\n", with: "\n").hasPrefix(
                "2 [ ] long long long…  +family due in 3d\n"))
    }

    @Test func nextRanksActiveTodosByUrgencyAndFitsTheTerminal() throws {
        #expect(try ids("next") == [1, 2, 4])
        #expect(try ids("next", "+family") == [2])
        for index in 1...10 { try run("add", "extra \(index)") }
        #expect(try ids("next").count == 13)
        let terminal = try box.runOnTerminal(
            ["next"], environment: noon.environment.merging(["NO_COLOR": "1", "COLUMNS": "100", "LINES": "6"]) { $1 })
        let lines = terminal.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix(" 1 [ ] pay rent"))
        #expect(lines[1].hasPrefix(" 2 [ ] call mom"))
        #expect(lines[2].hasPrefix(" 4 [ ] read book"))
        // The extras tie at no urgency (age counts whole days, as in Taskwarrior).
        #expect(lines[3].contains(" [ ] extra "))
        #expect(lines[4] == "4 of 13 active todos, most urgent first (todo help next says how).")
        let json = try #require(try parseJSON(try run("next", "--json").stdout) as? [[String: Any]])
        #expect(json.prefix(2).map { $0["id"] as? Int } == [1, 2])
    }

    @Test func helpNextShowsTheFormula() throws {
        let help = try run("help", "next").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains(Urgency.heading))
        for term in Urgency.terms {
            #expect(
                help.contains(
                    "\(term.name) \(term.meaning.split(whereSeparator: \.isWhitespace).joined(separator: " "))"))
        }
    }
}
