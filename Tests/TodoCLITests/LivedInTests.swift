import Foundation
import Testing
import TodoCore
import TodoStore

/// Issues 13 and 16 end to end: the undo history is read by `undo` alone, a stray
/// journal is set aside and reported, and a one-character relative path works.
@Suite struct LivedInTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func onlyUndoReadsTheUndoHistory() throws {
        try box.run(["add", "-"], stdin: "a\nb\nc\n")
        try box.run("toggle", "1", "2", "3")
        try box.run("toggle", "2")
        // Damage a step in the middle of the log: every command but undo goes on as before.
        let log = box.file + ".undo"
        var lines = String(decoding: try #require(bytes(log)), as: UTF8.self).components(separatedBy: "\n")
        #expect(lines.count == 5)
        lines[1] = "{\"seq\": 1, damaged"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: log))
        #expect(try box.run("show", "2").status == 0)
        #expect(try box.run("list", "--all").lines == ["2 [ ] b", "3 [x] c", "1 [x] a"])
        #expect(try box.run("add", "d").stdout == "4\n")
        #expect(try box.run("toggle", "4").status == 0)
        let before = (box.fileBytes(), bytes(box.file + ".journal"), bytes(log))
        let undo = try box.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.hasPrefix("todo: state file \(log) is damaged: undo log line 2: "), "\(undo.stderr)")
        #expect(before == (box.fileBytes(), bytes(box.file + ".journal"), bytes(log)))
    }

    @Test func undoReachesBackAHundredStepsAndNoFurther() throws {
        for index in 1...105 { try box.run("add", "n\(index)") }
        for _ in 1...100 { #expect(try box.run("undo").status == 0) }
        let last = try box.run("undo")
        #expect(last == RunResult(stdout: "", stderr: "todo: nothing to undo\n", status: 1))
        #expect(try box.run("list", "--ids").lines == ["5", "4", "3", "2", "1"])
    }

    @Test func aJournalOfAnotherFileIsKeptAndReportedOnce() throws {
        try box.run("add", "a")
        let backup = try #require(box.fileBytes())
        try box.run(["add", "-"], stdin: (1...500).map { "bulk \($0)\n" }.joined())
        try box.run("add", "b")
        let journal = try #require(bytes(box.file + ".journal"))
        // A backup put back in place: the journal beside it belongs to the newer file.
        try backup.write(to: URL(fileURLWithPath: box.file))
        let first = try box.run("list", "--ids")
        #expect(first.stdout == "1\n")
        #expect(
            first.stderr.hasPrefix("todo: warning: \(box.file).journal does not belong to \(box.file)"),
            "\(first.stderr)")
        #expect(first.stderr.split(separator: "\n").count == 1)
        #expect(try box.run("list", "--ids").stderr == "")
        let kept = try FileManager.default.contentsOfDirectory(atPath: box.directory).filter {
            $0.contains(".journal.orphan-")
        }
        #expect(kept.count == 1)
        #expect(bytes(box.directory + "/" + kept[0]) == journal)
    }

    @Test func aOneCharacterRelativePathWorks() throws {
        let result = try Sandbox.execute(
            "/bin/sh",
            [
                "-c",
                """
                cd \(Sandbox.shellQuoted(box.directory)) && \(Sandbox.shellQuoted(Sandbox.binary)) add x --file a && \
                TODO_FILE=b \(Sandbox.shellQuoted(Sandbox.binary)) add y
                """
            ],
            stdin: nil, environment: box.baseEnvironment)
        #expect(result == RunResult(stdout: "1\n1\n", stderr: "", status: 0))
        #expect(try StateFile(path: box.directory + "/a").load().todos.map(\.name) == ["x"])
        #expect(try StateFile(path: box.directory + "/b").load().todos.map(\.name) == ["y"])
    }
}
