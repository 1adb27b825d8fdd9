import Foundation
import Testing
import TodoCore

/// Started and blocked todos in `list`, `next` and `show`, and the virtual tags, end to end.
@Suite struct DependencyListTests {
    let box: Sandbox
    let noon = NoonZone()

    /// #1 child; #2 parent (depends on #1); #3 worked (started 2 hours ago); #5 after gone
    /// (its dependency #4 deleted); #7 after done (its dependency #6 completed); #8 later
    /// (scheduled tomorrow).
    init() throws {
        box = try Sandbox()
        for words in [
            ["child"], ["parent", "dep:1"], ["worked", "start:-2h"], ["gone"], ["after gone", "dep:4"], ["done dep"],
            ["after done", "dep:6"], ["later", "scheduled:tomorrow"]
        ] {
            try run(["add"] + words)
        }
        try run(["done", "6"])
        try run(["delete", "4"])
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> RunResult {
        let result = try box.run(arguments, environment: noon.environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func ids(_ arguments: String...) throws -> [Int] {
        try run([arguments[0], "--ids"] + arguments.dropFirst()).lines.compactMap { Int($0) }
    }

    @Test func listMarksStartedAndBlockedTodos() throws {
        #expect(
            try run(["list", "--all"]).stdout == """
                8 [ ] later
                7 [ ] after done
                5 [ ] after gone
                3 [ ] worked  started 2h ago
                2 [ ] parent  blocked
                1 [ ] child
                6 [x] done dep

                """)
        // A pipe reads only the todos the word may pass, then the dependencies they name.
        #expect(try run(["list", "parent"]).stdout == "2 [ ] parent  blocked\n")
        #expect(try run(["list", "after"]).stdout == "7 [ ] after done\n5 [ ] after gone\n")
    }

    /// Blocking (8) beats started (4), which beats none; blocked (-5) comes last. Age counts
    /// whole days, as in Taskwarrior, so those added today tie, in the list's order (newest first).
    @Test func nextRanksBlockingAndStartedFirstAndBlockedLast() throws {
        #expect(try ids("next") == [1, 3, 8, 7, 5, 2])
        #expect(try ids("list", "--sort", "-urgency", "--all") == [1, 3, 8, 7, 5, 6, 2])
        #expect(try run(["next", "parent"]).stdout == "2 [ ] parent  blocked\n")
    }

    /// A completed or deleted dependency blocks nothing.
    @Test func virtualTagsFilter() throws {
        #expect(try ids("list", "+BLOCKED") == [2])
        #expect(try ids("list", "+BLOCKING") == [1])
        #expect(try ids("list", "+ACTIVE") == [3])
        #expect(try ids("list", "+SCHEDULED") == [8])
        #expect(try ids("list", "+READY") == [7, 5, 3, 1])
        #expect(try ids("list", "+COMPLETED") == [6])
        #expect(try ids("list", "-BLOCKED", "after") == [7, 5])
        #expect(try ids("next", "+BLOCKED") == [2])
        // The word would let a narrow read leave out #1, which blocks #2: every todo is read.
        #expect(try ids("list", "+BLOCKED", "parent") == [2])
        #expect(
            try run(["list", "--json", "--filter", "active", "+BLOCKED", "parent"]).stdout.contains(
                "\"name\": \"parent\""))
        #expect(try ids("list", "--filter", "active", "+BLOCKING", "or", "+BLOCKED") == [2, 1])
    }

    /// `depends:ID` by number or UUID prefix, also when the todo named is completed; an ID
    /// that names no todo is an error.
    @Test func dependsFilter() throws {
        try run(["edit", "7", "dep:1"])
        #expect(try ids("list", "depends:1") == [7, 2])
        #expect(try ids("next", "dep:6") == [7])
        let uuid = try box.state().todos.first { $0.id == 1 }!.uuid.uuidString.lowercased()
        // Digits alone are a number: the shortest prefix (of 4 or more) with a hex letter in it.
        let hex = uuid.replacingOccurrences(of: "-", with: "")
        let length = max(
            4, (hex.firstIndex { $0.isLetter }.map { hex.distance(from: hex.startIndex, to: $0) } ?? 31) + 1)
        #expect(try ids("list", "dep:" + hex.prefix(length)) == [7, 2])
        #expect(try ids("list", "depends:", "--filter", "active") == [8, 3, 1])
        #expect(
            try box.run(["list", "depends:4"], environment: noon.environment)
                == RunResult(stdout: "", stderr: "todo: no todo #4\n", status: 1))
    }

    @Test func newFilterAndSortKeys() throws {
        #expect(try ids("list", "scheduled.after:today") == [8])
        #expect(try ids("list", "start.before:now") == [3])
        // sta: starts start and status (Taskwarrior's): star: is start.
        #expect(try ids("list", "sched:", "star:", "--filter", "active") == [7, 5, 2, 1])
        #expect(try ids("list", "--sort", "scheduled,start", "--filter", "active") == [8, 3, 7, 5, 2, 1])
    }

    /// Completing the dependency unblocks the todo at once.
    @Test func doneUnblocks() throws {
        try run(["done", "1"])
        #expect(try ids("list", "+BLOCKED") == [])
        #expect(try run(["list", "parent"]).stdout == "2 [ ] parent\n")
    }

    @Test func showNamesTheTodosDependedOn() throws {
        try run(["edit", "2", "dep:6,7"])
        let uuid = try box.state().todos.first { $0.id == 5 }!.depends.first!.uuidString.lowercased()
        let lines = try run(["show", "2"]).lines.drop { !$0.hasPrefix("Depends:") }.prefix(3)
        #expect(
            Array(lines) == [
                "Depends:      #1 \"child\"", "              #6 \"done dep\" (completed)",
                "              #7 \"after done\""
            ])
        #expect(try run(["show", "5"]).lines.contains("Depends:      \(uuid)"))
        #expect(try run(["show", "1"]).lines.contains("Depends:      -"))
    }
}
