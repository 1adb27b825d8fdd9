import Foundation
import Testing
import TodoCore

/// `start`, `stop`, `denotate` and dependency words end to end: stdout, stderr and
/// status exactly.
@Suite struct TaskwarriorVerbTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "a")
        try box.run("add", "b", "dep:1")
    }

    @discardableResult
    func run(_ arguments: String...) throws -> RunResult { try box.run(arguments) }

    @Test func startStopAndDone() throws {
        #expect(try run("start", "1", "2") == RunResult(stdout: "Started #1 \"a\"\nStarted #2 \"b\"\n", stderr: "", status: 0))
        #expect(try box.state().todos.allSatisfy { $0.start != nil })
        #expect(try run("start", "1") == RunResult(stdout: "Already started: #1 \"a\"\n", stderr: "", status: 0))
        #expect(try run("stop", "2") == RunResult(stdout: "Stopped #2 \"b\"\n", stderr: "", status: 0))
        #expect(try box.state().todo(id: 2)?.start == nil)
        try run("done", "1")
        #expect(try box.state().todo(id: 1)?.start == nil)
        #expect(try run("start", "1") == RunResult(stdout: "", stderr: "todo: #1 \"a\" is completed; reopen it before starting it\n", status: 2))
        #expect(try run("start", "3") == RunResult(stdout: "", stderr: "todo: no todo #3\n", status: 1))
    }

    @Test func dependencyWordsAddRemoveAndAreChecked() throws {
        #expect(try box.state().todo(id: 2)?.depends == [try #require(try box.state().todo(id: 1)).uuid])
        let before = box.fileBytes()
        #expect(try run("edit", "1", "dep:2") == RunResult(stdout: "", stderr: "todo: #1 would wait on itself through its dependencies\n", status: 2))
        #expect(try run("edit", "2", "dep:9") == RunResult(stdout: "", stderr: "todo: \"dep:9\": no todo #9\n", status: 2))
        #expect(box.fileBytes() == before)
        #expect(try run("edit", "2", "dep:-1") == RunResult(stdout: "Edited #2 \"b\" (depends)\n", stderr: "", status: 0))
        #expect(try box.state().todo(id: 2)?.depends == [])
    }

    @Test func denotateRemovesTheAnnotationItsTextNames() throws {
        try run("annotate", "2", "called the plumber")
        try run("annotate", "2", "called the bank")
        #expect(try run("denotate", "2", "called") == RunResult(stdout: "", stderr: "todo: #2 \"b\" has 2 annotations with \"called\"; give the text of one\n", status: 1))
        #expect(try run("denotate", "2", "zzz") == RunResult(stdout: "", stderr: "todo: #2 \"b\" has no annotation with \"zzz\"; give the text of one\n", status: 1))
        #expect(try run("denotate", "2", "PLUMBER").status == 0)
        #expect(try box.state().todo(id: 2)?.annotations.map(\.text) == ["called the bank"])
        #expect(try run("denotate", "2", "called", "the", "bank").status == 0)
        #expect(try box.state().todo(id: 2)?.annotations == [])
    }
}
