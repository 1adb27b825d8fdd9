import Foundation
import Testing
import TodoCore

/// `add` and `edit` read attribute words among a name's words, and options, end to end.
@Suite struct AttributeWordTests {
    let box: Sandbox
    let noon = NoonZone()
    init() throws { box = try Sandbox() }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> RunResult {
        try box.run(arguments, stdin: stdin, environment: noon.environment)
    }

    func stored(_ id: Int) throws -> Todo { try #require(try box.state().todo(id: id)) }

    @Test func addReadsEveryAttributeWordAmongTheNameWords() throws {
        #expect(
            try run(
                "add", "pay", "+bills", "rent", "project:home.money", "pri:h", "+home", "due:2026-12-01",
                "wait:2026-11-30T10:00")
                == RunResult(stdout: "1\n", stderr: "", status: 0))
        let todo = try stored(1)
        #expect(todo.name == "pay rent")
        #expect(todo.tags == ["bills", "home"])
        #expect(todo.project == "home.money")
        #expect(todo.priority == .high)
        #expect(todo.due == .day(CalendarDay(iso: "2026-12-01")!))
        #expect(
            todo.wait == .instant(noon.context.instant(CalendarDay(iso: "2026-11-30")!, hour: 10, minute: 0, second: 0))
        )
    }

    @Test func relativeDatesAreReadOnTheLocalClock() throws {
        try run("add", "x", "due:tomorrow", "wait:+2w", "--due", "fri")
        let todo = try stored(1)
        #expect(todo.due == (try noon.date("fri")))
        #expect(todo.wait == (try noon.date("+2w")))
        let json = try #require(try parseJSON(try run("show", "1", "--json").stdout) as? [String: Any])
        #expect(json["due"] as? String == (try noon.wire("fri")))
    }

    @Test func onlyTheTablesKeysAreAttributes() throws {
        try run("add", "meet", "at", "10:30", "re:", "budget", "http://x.org", "+1", "-", "Due:")
        let todo = try stored(1)
        #expect(todo.name == "meet at 10:30 re: budget http://x.org +1 - Due:")
        #expect(todo.tags.isEmpty && todo.project == nil && todo.due == nil)
    }

    @Test func wordsAfterTwoDashesAreNameWords() throws {
        try run("add", "+a", "--", "+1", "due:x", "-5", "project:y", "-tag", "+b")
        let todo = try stored(1)
        #expect(todo.name == "+1 due:x -5 project:y -tag +b")
        #expect(todo.tags == ["a"])
        #expect(todo.due == nil && todo.project == nil)
    }

    @Test func optionsSetTheSameFields() throws {
        try run(
            "add", "x", "--tag", "a", "--tag", "b", "--project", "p", "--priority", "m", "--due", "2026-12-01",
            "--wait", "2026-11-01", "-d", "desc")
        let todo = try stored(1)
        #expect((todo.tags, todo.project, todo.priority, todo.description) == (["a", "b"], "p", .medium, "desc"))
        #expect(todo.due?.wire == "2026-12-01")
        #expect(todo.wait?.wire == "2026-11-01")
    }

    @Test(arguments: [
        (["add", "x", "priority:Z"], "todo: \"priority:Z\": a priority is H, M or L, or nothing for none\n"),
        (["add", "x", "due:32nd"], "todo: \"due:32nd\": cannot read the date \"32nd\"; use \(DateReader.accepted)\n"),
        (
            ["add", "x", "wait:2026-02-30"],
            "todo: \"wait:2026-02-30\": cannot read the date \"2026-02-30\"; use \(DateReader.accepted)\n"
        ),
        (["add", "x", "project:a b"], "todo: \"project:a b\": a project is a name without blanks\n"),
        (
            ["add", "x", "-later"],
            """
            todo: "-later" would remove a tag from a todo not yet added; put -- before name words that start with '-'\n
            """
        ),
        (["add", "+x", "due:today"], "todo: 'add' needs a NAME besides attribute words and options\n"),
        (
            ["add", "x", "--tag", "a b"],
            "todo: --tag \"a b\": a tag is a word without blanks that does not start with a digit, + or -\n"
        ),
        (
            ["add", "x", "--tag", "+a"],
            "todo: --tag \"+a\": a tag is a word without blanks that does not start with a digit, + or -\n"
        ),
        (
            ["add", "x", "--priority", "urgent"],
            "todo: --priority \"urgent\": a priority is H, M or L, or nothing for none\n"
        ),
        (
            ["add", "x", "--due", "soon"],
            "todo: --due \"soon\": cannot read the date \"soon\"; use \(DateReader.accepted)\n"
        ),
        (
            ["add", "x", "due:10000-01-01"],
            "todo: \"due:10000-01-01\": cannot read the date \"10000-01-01\"; use \(DateReader.accepted)\n"
        ),
        (["edit", "1", "pri:X"], "todo: \"pri:X\": a priority is H, M or L, or nothing for none\n"),
        (["edit", "1", "2"], "todo: 'edit' of several todos needs attribute words or options to apply\n"),
        (
            ["edit", "+x"],
            "todo: 'edit' needs IDs before its words (a number, a range 3-7, a UUID prefix, or - for stdin)\n"
        ),
        (["edit", "1", "--project", "two words"], "todo: --project \"two words\": a project is a name without blanks\n")
    ])
    func badWordsAreUsageErrorsAndWriteNothing(arguments: [String], message: String) throws {
        try run("add", "first")
        try run("add", "second")
        let before = box.fileBytes()
        #expect(
            try box.run(arguments, environment: noon.environment) == RunResult(stdout: "", stderr: message, status: 2))
        #expect(box.fileBytes() == before)
    }

    @Test func editWithAttributeWordsChangesOnlyThoseFields() throws {
        try run(
            "add", "pay rent", "+bills", "+later", "project:home", "due:2026-12-01", "-d", "the flat", "-n",
            "by transfer")
        #expect(
            try run("edit", "1", "+urgent", "-later", "-absent", "project:", "pri:L")
                == RunResult(stdout: "Edited #1 \"pay rent\" (tags, project, priority)\n", stderr: "", status: 0))
        let edited = try stored(1)
        #expect((edited.name, edited.description, edited.notes) == ("pay rent", "the flat", "by transfer"))
        #expect(edited.tags == ["bills", "urgent"])
        #expect(edited.project == nil)
        #expect(edited.priority == .low)
        #expect(edited.due?.wire == "2026-12-01")
        #expect(try run("modify", "1", "due:", "--tag", "x").stdout == "Edited #1 \"pay rent\" (tags, due)\n")
        #expect(try stored(1).due == nil)
        #expect(try stored(1).tags == ["bills", "urgent", "x"])
    }

    @Test func editNameWordsRenameAndWordsAfterTwoDashesMayLookLikeIDs() throws {
        try run("add", "old")
        #expect(try run("edit", "1", "new", "name", "+t").stdout == "Edited #1 \"new name\" (name, tags)\n")
        #expect(try run("edit", "1", "--", "1984", "+retro").stdout == "Edited #1 \"1984 +retro\" (name)\n")
        #expect(try stored(1).tags == ["t"])
        #expect(try run("edit", "1", "+t").stdout == "Nothing changed; #1 \"1984 +retro\" already reads so.\n")
    }

    @Test func editOfSeveralTodosIsAllOrNothingAndOneUndoStep() throws {
        for name in ["a", "b", "c"] { try run("add", name, "+old") }
        let before = box.fileBytes()
        #expect(
            try run("edit", "1", "3", "99", "+q4") == RunResult(stdout: "", stderr: "todo: no todo #99\n", status: 1))
        #expect(box.fileBytes() == before)
        #expect(
            try run("edit", "1", "3", "+q4", "-old")
                == RunResult(
                    stdout: "Edited #1 \"a\" (tags)\nEdited #3 \"c\" (tags)\n", stderr: "", status: 0))
        #expect(try box.state().todos.map(\.tags) == [["q4"], ["old"], ["q4"]])
        #expect(try run("undo").stdout == "Undid: edit #1, #3 (tags)\n")
        #expect(try box.state().todos.map(\.tags) == [["old"], ["old"], ["old"]])
    }

    @Test func editReadsIDsFromStdin() throws {
        for name in ["a", "b", "c"] { try run("add", name) }
        let result = try run("modify", "-", "+q4", "--json", stdin: "1\n3\n")
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.map { $0["id"] as? Int } == [1, 3])
        #expect(array.map { $0["tags"] as? [String] } == [["q4"], ["q4"]])
        #expect(try box.state().todos.map(\.tags) == [["q4"], [], ["q4"]])
        let before = box.fileBytes()
        #expect(try run("modify", "-", "+x", stdin: "") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(
            try run("modify", "-", "+x", "--json", stdin: "  \n") == RunResult(stdout: "[]\n", stderr: "", status: 0))
        #expect(box.fileBytes() == before)
        let single = try #require(try parseJSON(try run("edit", "2", "+y", "--json").stdout) as? [String: Any])
        #expect(single["tags"] as? [String] == ["y"])
    }

    @Test func addFromStdinAppliesAttributeWordsToEveryLineAndKeepsTheLinesAsTheyAre() throws {
        #expect(
            try run("add", "-", "+code", "pri:M", stdin: "fix +x in parser\nretry due:later\n\n")
                == RunResult(stdout: "1\n2\n", stderr: "", status: 0))
        let todos = try box.state().todos
        #expect(todos.map(\.name) == ["fix +x in parser", "retry due:later"])
        #expect(todos.map(\.tags) == [["code"], ["code"]])
        #expect(todos.map(\.priority) == [.medium, .medium])
        #expect(try run("add", "--", "-").stdout == "3\n")
        #expect(try stored(3).name == "-")
    }
}
