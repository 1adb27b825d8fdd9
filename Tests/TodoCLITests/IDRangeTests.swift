import Foundation
import Testing
import TodoCore

/// Ranges (`3-7`), lists (`3,5,9`) and their mixtures wherever IDs are taken.
@Suite struct IDRangeTests {
    let todo: InProcess

    /// Six todos, #1 to #6; #6's UUID starts with 5663.
    init() throws {
        todo = try InProcess()
        for number in 1...5 { todo.run("add", "task \(number)") }
        todo.uuids = [UUID(uuidString: "56630000-0000-4000-8000-000000000000")!]
        todo.run("add", "task 6")
    }

    func completed() throws -> [Int] {
        try todo.box.state().todos.filter(\.completed).map(\.id).sorted()
    }

    /// taskwarrior test/ids.test.py, TestIDRangeParsing: `4-6 count` is 3.
    @Test func rangesAndListsNameEveryTodoInThem() throws {
        #expect(
            todo.run("done", "2-3,5")
                == RunResult(
                    stdout: "Completed #2 \"task 2\"\nCompleted #3 \"task 3\"\nCompleted #5 \"task 5\"\n", stderr: "",
                    status: 0))
        #expect(todo.run("reopen", "3,5").stdout == "Reopened #3 \"task 3\"\nReopened #5 \"task 5\"\n")
        #expect(todo.ids("list", "--all", "4-6") == [6, 5, 4])
        #expect(todo.ids("list", "--all", "1,3-4") == [4, 3, 1])
        #expect(
            todo.run("edit", "1-2", "4", "+x").stdout
                == "Edited #1 \"task 1\" (tags)\nEdited #2 \"task 2\" (tags)\nEdited #4 \"task 4\" (tags)\n")
        #expect(try completed() == [2])
    }

    /// taskwarrior test/ids.test.py: `1100-1289 count` counts the IDs that exist.
    @Test func aRangeNamesTheTodosInIt() throws {
        todo.run("delete", "3")
        #expect(todo.run("done", "2-4").stdout == "Completed #2 \"task 2\"\nCompleted #4 \"task 4\"\n")
        #expect(todo.run("done", "5-100").stdout == "Completed #5 \"task 5\"\nCompleted #6 \"task 6\"\n")
    }

    /// The bug: `done 56-63` completed #6, whose UUID starts with 5663.
    @Test func aRangeIsNeverAUUIDPrefix() throws {
        #expect(
            todo.run("done", "56-63")
                == RunResult(stdout: "", stderr: "todo: no todo has a number in 56-63\n", status: 1))
        #expect(try completed() == [])
    }

    @Test(arguments: [
        (["done", "7-3"], "todo: the range 7-3 runs downwards; write 3-7\n", Int32(2)),
        (
            ["done", "3-"],
            """
            todo: "3-" is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more hex digits of a \
            UUID\n
            """,
            2
        ),
        (
            ["done", "3,,4"],
            """
            todo: "3,,4" is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more hex digits of \
            a UUID\n
            """,
            2
        ),
        (["done", "5663-9999"], "todo: no todo has a number in 5663-9999\n", 1),
        (
            ["done", "8f0e-99"],
            """
            todo: "8f0e-99" is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more hex digits \
            of a UUID\n
            """,
            2
        ),
        (
            ["show", "99999999999999999999"],
            "todo: no todo #99999999999999999999: todo numbers go up to 9007199254740991\n", 1
        ),
        (
            ["done", "1-99999999999999999999"],
            "todo: no todo #1-99999999999999999999: todo numbers go up to 9007199254740991\n", 1
        ),
        (["done", "9"], "todo: no todo #9\n", 1),
        (
            ["list", "7-3"],
            "todo: \"7-3\": a range of todo numbers runs upwards (3-7), within 1 to 9007199254740991\n", 2
        )
    ])
    func badIdsSayWhatIsAccepted(arguments: [String], message: String, status: Int32) throws {
        let before = todo.box.fileBytes()
        let result = todo.run(arguments)
        #expect(result.stderr.hasPrefix(message), "\(arguments)")
        #expect(result.status == status)
        #expect(todo.box.fileBytes() == before)
    }

    @Test func stdinTakesRangesToo() throws {
        #expect(
            todo.run(["done", "-"], stdin: "1-2\n4,6\n").stdout
                == "Completed #1 \"task 1\"\nCompleted #2 \"task 2\"\nCompleted #4 \"task 4\"\n"
                + "Completed #6 \"task 6\"\n"
        )
        #expect(try completed() == [1, 2, 4, 6])
    }

    @Test func aWholeUUIDKeepsItsDashes() throws {
        #expect(todo.run("done", "56630000-0000-4000-8000-000000000000").stdout == "Completed #6 \"task 6\"\n")
    }

    @Test func parsingIds() throws {
        #expect(try TodoIDs("3-7,9")?.parts == [.range(3...7, text: "3-7"), .one("9")])
        #expect(try TodoIDs("#3")?.parts == [.one("3")])
        #expect(try TodoIDs("cafe")?.parts == [.one("cafe")])
        #expect(try TodoIDs("cafe", minimumHex: 8) == nil)
        #expect(try TodoIDs("deadbeef", minimumHex: 8)?.parts == [.one("deadbeef")])
        for word in ["milk", "3-x", "3,", ",3", "-3", "3--4", "+3", "3.5", "１２"] {
            #expect(try TodoIDs(word) == nil, "\(word)")
        }
        #expect(throws: ReferenceError.reversedRange("9-3")) { try TodoIDs("1,9-3") }
        #expect(try TodoIDs("1-1000")?.numbers == nil)
        #expect(try TodoIDs("2-4,8f0e")?.numbers == [2, 3, 4])
    }
}
