import Foundation
import Testing
import TodoCore
import TodoStore
import TodoTestSupport

/// Damaged files, locks, concurrent processes and crashes: the state file is never lost.
@Suite struct SafetyTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    static let damaged: [(String, String)] = [
        (
            "truncated",
            "{\"format\": \"todo-state\", \"version\": 1, \"nextId\": 2,\n \"todos\": [\n  {\"id\": 1, \"uuid\": \"8f0e"
        ),
        ("garbage", "\u{7}\u{0}not json at all"),
        ("empty", ""),
        ("future", "{\"format\": \"todo-state\", \"version\": 99, \"todos\": []}"),
        ("foreign", "{\"tasks\": []}")
    ]

    @Test(arguments: damaged)
    func damagedFileMakesEveryCommandFailAndStaysByteForByte(name: String, content: String) throws {
        try Data(content.utf8).write(to: URL(fileURLWithPath: box.file))
        let commands: [[String]] = [
            ["list"], ["add", "x"], ["show", "1"], ["toggle", "1"], ["delete", "1"], ["edit", "1", "--name", "y"],
            ["clear-completed"], ["undo"], ["list", "--json"]
        ]
        for command in commands {
            let result = try box.run(command)
            #expect(result.status == 1, "\(name) \(command)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("todo: state file \(box.file) is damaged: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(box.fileBytes() == Data(content.utf8))
        let entries = try FileManager.default.contentsOfDirectory(atPath: box.directory)
        #expect(!entries.contains("todos.json.tmp"))
    }

    @Test func futureVersionSaysToUpgrade() throws {
        try Data(Self.damaged[3].1.utf8).write(to: URL(fileURLWithPath: box.file))
        #expect(
            try box.run("list").stderr.contains(
                "format version 99 is newer than this todo understands (\(StateCodec.version)); upgrade todo"))
    }

    @Test func unreadablePathIsReported() throws {
        try FileManager.default.createDirectory(atPath: box.file, withIntermediateDirectories: true)
        #expect(
            try box.run("list")
                == RunResult(
                    stdout: "", stderr: "todo: cannot read state file \(box.file): not a regular file\n", status: 1))
    }

    @Test func lockWaitIsBoundedAndExplained() throws {
        let box = try Sandbox(.binary)
        try box.run("add", "x")
        // The holder says when it has the lock, and keeps it until told (or a minute passes).
        let held = box.directory + "/held"
        let release = box.directory + "/release"
        let holder = try ChildProcess(
            "/usr/bin/flock",
            [
                box.file + ".lock", "/bin/sh", "-c",
                "touch '\(held)'; i=0; while [ ! -e '\(release)' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done"
            ])
        defer {
            _ = FileManager.default.createFile(atPath: release, contents: nil)
            holder.waitUntilExit()
        }
        while !FileManager.default.fileExists(atPath: held), holder.isRunning { usleep(1000) }
        try #require(FileManager.default.fileExists(atPath: held), "flock never took the lock")
        let start = Date()
        let result = try box.run(["add", "y"], environment: ["TODO_LOCK_TIMEOUT": "0.5"])
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(
            result
                == RunResult(
                    stdout: "",
                    stderr: "todo: another todo process has held the lock on \(box.file) for 0.5 s; try again\n",
                    status: 1))
        #expect(try box.run("list").lines == ["1 [ ] x"])
        #expect(try box.run(["add", "y"], environment: ["TODO_LOCK_TIMEOUT": "soon"]).status == 2)
    }

    @Test func fiftyConcurrentAddsAllLand() throws {
        let processes = try (1...50).map { index in
            try ChildProcess(
                Sandbox.binary, ["add", "concurrent \(index)"],
                environment: box.baseEnvironment.merging(["TODO_LOCK_TIMEOUT": "60"]) { $1 })
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let state = try box.state()
        #expect(state.todos.count == 50)
        #expect(Set(state.todos.map(\.id)) == Set(1...50))
        #expect(Set(state.todos.map(\.name)) == Set((1...50).map { "concurrent \($0)" }))
    }

    /// Kills `todo add -` (600 todos: the state file is rewritten) with SIGKILL the moment
    /// its temporary file appears, and `todo add NAME` (a journal append) at moments spread
    /// over whole runs; the state is always the old or the new one.
    @Test func sigkillMidSaveLeavesTheOldOrNewState() throws {
        // The calibration times the binary, whose runs are killed.
        let box = try Sandbox(.binary)
        try box.write(sampleTodos(30_000))
        let start = Date()
        #expect(try box.run("add", "calibration").status == 0)
        let fullRun = Date().timeIntervalSince(start)
        let temporary = box.file + ".tmp"
        let batch = (1...600).map { "batch todo \($0)" }.joined(separator: "\n")
        var count = 30_001
        var killedMidRewrite = 0
        // At least 24 rounds, then on (at most 36) until 3 kills have landed during a rewrite:
        // on a busy machine the poll below may wake only after the rename.
        let rounds = 24
        for round in 0..<36 {
            if round >= rounds, killedMidRewrite >= 3 { break }
            try? FileManager.default.removeItem(atPath: temporary)
            let rewrite = round % 2 == 0
            let stdin = Pipe()
            let process = try ChildProcess(
                Sandbox.binary, rewrite ? ["add", "-"] : ["add", "round \(round)"], environment: box.baseEnvironment,
                input: stdin.fileHandleForReading.fileDescriptor)
            try stdin.fileHandleForReading.close()
            if rewrite { stdin.fileHandleForWriting.write(Data(batch.utf8)) }
            try stdin.fileHandleForWriting.close()
            if rewrite {
                let deadline = Date().addingTimeInterval(fullRun * 6 + 2)
                while process.isRunning, !FileManager.default.fileExists(atPath: temporary), Date() < deadline {
                    usleep(50)
                }
            } else {
                usleep(useconds_t(fullRun * Double(round % rounds) / Double(rounds) * 1_000_000))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if rewrite, process.signal != nil, FileManager.default.fileExists(atPath: temporary) {
                killedMidRewrite += 1
            }
            let state = try box.state()
            let added = rewrite ? 600 : 1
            #expect(state.todos.count == count || state.todos.count == count + added)
            if state.todos.count == count + added {
                #expect(state.todos.last?.name == (rewrite ? "batch todo 600" : "round \(round)"))
            }
            count = state.todos.count
        }
        #expect(killedMidRewrite >= 1, "no kill landed during a rewrite")
        #expect(try box.run("add", "after").status == 0)
        #expect(try box.state().todos.count == count + 1)
    }

    /// A journal line damaged in the middle (not a torn last line) stops every command, which
    /// leaves both files as they were.
    @Test func damagedJournalMakesEveryCommandFailAndStaysByteForByte() throws {
        try box.run("add", "a")
        try box.run("add", "b")
        let journal = box.file + ".journal"
        var bytes = try #require(FileManager.default.contents(atPath: journal))
        bytes += Data("{\"nextId\": 9, \"remove\": [x]}\n{\"nextId\": 9}\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: journal))
        let before = box.fileBytes()
        for command in [["list"], ["add", "x"], ["show", "1"], ["toggle", "1"], ["delete", "2"], ["undo"]] {
            let result = try box.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.stderr.hasPrefix("todo: state file \(journal) is damaged: journal line 3: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(box.fileBytes() == before)
    }
}
