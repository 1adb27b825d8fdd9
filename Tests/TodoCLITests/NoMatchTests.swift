import Foundation
import Testing

/// Issue 40: a filter that passes nothing is never silent. Run by its words alone it is an
/// error (exit 1, as Taskwarrior's "No matches."); an explicit report keeps exit 0 and
/// `--json`'s `[]`, so scripts keep working.
@Suite struct NoMatchTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "buy milk", "+shop")
    }

    @Test func wordsAloneThatMatchNothingAreAnError() throws {
        let before = try #require(box.fileBytes())
        #expect(
            try box.run("frobnicate") == RunResult(stdout: "", stderr: "todo: no todo matches frobnicate\n", status: 1))
        #expect(
            try box.run("+typo", "--json")
                == RunResult(stdout: "[]\n", stderr: "todo: no todo matches +typo\n", status: 1))
        #expect(box.fileBytes() == before)
        #expect(try box.run("milk") == RunResult(stdout: "1 [ ] buy milk  +shop\n", stderr: "", status: 0))
    }

    @Test func anExplicitReportSaysSoAndKeepsItsStatus() throws {
        #expect(
            try box.run("list", "frobnicate")
                == RunResult(stdout: "", stderr: "todo: no todo matches frobnicate\n", status: 0))
        #expect(
            try box.run("list", "+typo", "--json")
                == RunResult(stdout: "[]\n", stderr: "todo: no todo matches +typo\n", status: 0))
        #expect(
            try box.run("next", "frobnicate")
                == RunResult(stdout: "", stderr: "todo: no todo matches frobnicate\n", status: 0))
        #expect(try box.run("list", "+shop").stderr == "")
    }
}
