import Foundation
import Testing
import TodoCore

/// `todo batch`: JSON Lines on stdin, all or nothing, one lock, one save, one undo step.
@Suite struct BatchTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    func seed() throws {
        for name in ["a", "b", "c"] { try box.run("add", name) }
        try box.run("toggle", "3")
    }

    @Test func everyActionAppliesAsOneUndoStep() throws {
        try seed()
        let uuid = try box.state().todo(id: 2)!.uuid.uuidString.lowercased()
        let input = """
            {"action": "add", "name": "d", "description": "dd", "notes": "nn"}

            {"action": "edit", "id": 4, "name": "D"}
            {"action": "edit", "id": "\(uuid)", "notes": "by uuid"}
            {"action": "toggle", "ids": [1, "4"]}
            {"action": "clear-completed"}
            {"action": "add", "name": "e"}
            {"action": "delete", "id": "#5"}

            """
        #expect(
            try box.run(["batch"], stdin: input)
                == RunResult(
                    stdout: "Applied 7 actions in one step: 1 todo added or changed, 2 removed.\n", stderr: "",
                    status: 0))
        let todos = try box.state().todos
        #expect(todos.map(\.id) == [2])
        #expect(todos[0].notes == "by uuid")
        #expect(try box.state().nextId == 6)
        #expect(try box.stateWithHistory().history.count == 5)
        #expect(try box.run("undo").stdout == "Undid: batch of 7 actions\n")
        #expect(try box.state().todos.map(\.name) == ["a", "b", "c"])
        #expect(try box.state().todos.map(\.completed) == [false, false, true])
    }

    @Test(arguments: [
        ("{\"action\": \"toggle\", \"id\": 9}", "todo: line 2: no todo #9; nothing applied\n", Int32(1)),
        ("{\"action\": \"toggle\", \"id\": 1", "todo: line 2: not valid JSON; nothing applied\n", 2),
        ("[1, 2]", "todo: line 2: expected a JSON object; nothing applied\n", 2),
        ("{\"name\": \"x\"}", "todo: line 2: no \"action\"; nothing applied\n", 2),
        (
            "{\"action\": \"undo\"}",
            "todo: line 2: \"action\" must be one of add, edit, toggle, delete, clear-completed; nothing applied\n", 2
        ),
        (
            "{\"action\": \"add\", \"name\": \"x\", \"nmae\": \"y\"}",
            """
            todo: line 2: "nmae" is not a field of add (its fields: name, description, notes, tags, project, priority, \
            due, wait, scheduled, start, depends, recur, until); nothing applied\n
            """,
            2
        ),
        ("{\"action\": \"add\", \"name\": 5}", "todo: line 2: \"name\" must be a string; nothing applied\n", 2),
        (
            "{\"action\": \"add\", \"name\": \"  \"}",
            "todo: line 2: a todo needs a name that is not blank; nothing applied\n", 1
        ),
        (
            "{\"action\": \"edit\", \"id\": 1}",
            """
            todo: line 2: edit needs one or more of name, description, notes, tags, project, priority, due, wait, \
            scheduled, start, depends, recur, until; nothing applied\n
            """,
            2
        ),
        (
            "{\"action\": \"delete\", \"ids\": []}",
            "todo: line 2: delete needs \"id\" or a non-empty \"ids\"; nothing applied\n", 2
        ),
        (
            "{\"action\": \"delete\", \"id\": true}",
            "todo: line 2: \"id\" must hold todo numbers or strings (a number or UUID prefix); nothing applied\n", 2
        ),
        (
            "{\"action\": \"delete\", \"id\": \"zz\"}",
            """
            todo: line 2: "zz" is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more hex \
            digits of a UUID; nothing applied\n
            """,
            2
        ),
        (
            "{\"action\": \"clear-completed\", \"id\": 1}",
            "todo: line 2: \"id\" is not a field of clear-completed (its fields: none); nothing applied\n", 2
        )
    ])
    func oneBadLineLeavesTheStateFileByteIdentical(bad: String, message: String, status: Int32) throws {
        try seed()
        let before = try #require(box.fileBytes())
        let input = "{\"action\": \"add\", \"name\": \"new\"}\n\(bad)\n{\"action\": \"toggle\", \"id\": 1}\n"
        #expect(try box.run(["batch"], stdin: input) == RunResult(stdout: "", stderr: message, status: status))
        #expect(box.fileBytes() == before)
        #expect(try box.run(["batch", "--dry-run"], stdin: input).stderr == message)
        #expect(box.fileBytes() == before)
    }

    @Test func laterLinesSeeEarlierOnes() throws {
        try seed()
        let before = try #require(box.fileBytes())
        // #4 exists only after the first line; #1 is gone after the second.
        let input =
            """
            {"action": "add", "name": "d"}\n{"action": "delete", "id": 1}\n{"action": "toggle", "ids": [4, 1]}\n
            """
        #expect(try box.run(["batch"], stdin: input).stderr == "todo: line 3: no todo #1; nothing applied\n")
        #expect(box.fileBytes() == before)
        #expect(
            try box.run(
                ["batch"], stdin: "{\"action\": \"add\", \"name\": \"d\"}\n{\"action\": \"toggle\", \"id\": 4}\n"
            ).status == 0)
        #expect(try box.state().todo(id: 4)?.completed == true)
    }

    @Test func dryRunChecksAndChangesNothing() throws {
        try seed()
        let before = try #require(box.fileBytes())
        let input = "{\"action\": \"add\", \"name\": \"d\"}\n{\"action\": \"delete\", \"ids\": [1, 2]}\n"
        #expect(
            try box.run(["batch", "--dry-run"], stdin: input)
                == RunResult(
                    stdout: "Checked 2 actions: all valid (1 todo added or changed, 2 removed); nothing applied.\n",
                    stderr: "", status: 0))
        let json = try #require(
            try parseJSON(try box.run(["batch", "--dry-run", "--json"], stdin: input).stdout) as? [String: Any])
        #expect(json["dryRun"] as? Bool == true)
        #expect((json["removed"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1, 2])
        #expect(box.fileBytes() == before)
    }

    @Test func emptyInputChangesNothingAndCreatesNoFile() throws {
        #expect(
            try box.run(["batch"], stdin: "\n  \n")
                == RunResult(
                    stdout: "Applied 0 actions in one step: 0 todos added or changed, 0 removed.\n", stderr: "",
                    status: 0))
        #expect(box.fileBytes() == nil)
    }
}
