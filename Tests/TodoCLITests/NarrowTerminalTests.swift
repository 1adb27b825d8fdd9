import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// `next` and `list` on small terminals, in process: the most urgent todo stays on the screen
/// above the summary and the prompt, and a row keeps its due date (`9d overdue`), cutting the
/// name and then the other attributes first.
@Suite struct NarrowTerminalTests {
    let box: Sandbox
    static let now = FixedClock.epoch

    init() throws {
        box = try Sandbox()
        try run(["add", "pay the rent for the flat in town", "pri:H", "project:home", "+bills", "due:-9d"])
        try run(["add", "call mom about her birthday party", "+family", "due:+3d"])
        try run(["add", "read a book", "pri:L"])
        for index in 1...6 { try run(["add", "extra \(index)"]) }
        try run(["start", "2"])
    }

    /// Runs todo in process on a terminal `width` columns by `height` rows.
    @discardableResult
    func run(_ arguments: [String], width: Int? = nil, height: Int? = nil) throws -> Output {
        let context = Context(
            arguments: arguments, environment: ["TODO_FILE": box.file, "HOME": box.directory, "NO_COLOR": "1"],
            stdoutIsTerminal: width != nil, terminalWidth: width, now: { Self.now },
            timeZone: TimeZone(identifier: "UTC")!, terminalHeight: height)
        let output = TodoCLI.run(context)
        try #require(output.status == 0, "\(arguments): \(output.stderr)")
        return output
    }

    /// The summary is shortened to one line, so four rows, it and the prompt fill six.
    @Test func nextAt60ColumnsKeepsTheMostUrgentAndItsDueDateOnScreen() throws {
        let next = try run(["next"], width: 60, height: 6).stdout
        #expect(
            next == """
                1 [ ] pay the rent for the flat…  (H) home +bills 9d overdue
                2 [ ] call mom about he…  +family due in 3d started 1min ago
                3 [ ] read a book  (L)
                9 [ ] extra 6
                4 of 9 active todos, most urgent first.

                """)
    }

    /// The name is cut to 8 columns, then what follows the due date, then what comes before it.
    @Test func nextAt40ColumnsCutsTheAttributesBeforeTheDueDate() throws {
        let next = try run(["next"], width: 40, height: 5).stdout
        #expect(
            next == """
                1 [ ] pay the…  (H) home +bi… 9d overdue
                2 [ ] call mo…  +family due in 3d start…
                3 [ ] read a book  (L)
                3 of 9 active todos, most urgent first.

                """)
    }

    @Test func nextAt80ColumnsShowsEverythingAndTheFullSummary() throws {
        let next = try run(["next"], width: 80, height: 6).stdout
        #expect(
            next == """
                1 [ ] pay the rent for the flat in town  (H) home +bills 9d overdue
                2 [ ] call mom about her birthday party  +family due in 3d started 1min ago
                3 [ ] read a book  (L)
                9 [ ] extra 6
                4 of 9 active todos, most urgent first (todo help next says how).

                """)
    }

    /// A summary that wraps even when shortened takes its lines from the rows. Where a due
    /// date and a column of name cannot both fit, the row is cut at the end.
    @Test func nextOnATinyTerminalCountsTheSummarysLines() throws {
        let next = try run(["next"], width: 16, height: 6).stdout
        #expect(
            next == """
                1 [ ] pay the r…
                2 [ ] call mom …
                3 [ ] read a bo…
                3 of 9 active todos

                """)
    }

    @Test func listAt40And60ColumnsKeepsEveryDueDate() throws {
        let at40 = try run(["list", "+bills", "or", "+family"], width: 40).stdout
        #expect(
            at40 == """
                2 [ ] call mo…  +family due in 3d start…
                1 [ ] pay the…  (H) home +bi… 9d overdue
                2 of 9 todos: 9 active, 0 completed

                """)
        let at60 = try run(["list", "+bills", "or", "+family"], width: 60).stdout
        #expect(
            at60 == """
                2 [ ] call mom about he…  +family due in 3d started 1min ago
                1 [ ] pay the rent for the flat…  (H) home +bills 9d overdue
                2 of 9 todos: 9 active, 0 completed

                """)
    }
}
