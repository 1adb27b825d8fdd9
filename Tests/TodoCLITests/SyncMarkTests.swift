import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The list's `*` (changes not yet synced) shows only once a server is set, by `todo config
/// server` or TODO_SERVER; `!` (a sync conflict) always; `--filter unsynced` works either way.
@Suite struct SyncMarkTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "a name that is much too long to fit in thirty columns")
        try box.run("add", "short")
        try box.run("toggle", "2")
    }

    func onTerminal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> RunResult {
        var result = try box.runOnTerminal(
            arguments, environment: ["NO_COLOR": "1", "COLUMNS": "30"].merging(environment) { $1 })
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    @Test func withoutAServerNoRowIsMarkedAndTheNameHasTheRoom() throws {
        #expect(
            try box.run("list", "--all")
                == RunResult(
                    stdout: "1 [ ] a name that is much too long to fit in thirty columns\n2 [x] short\n", stderr: "",
                    status: 0))
        #expect(
            try onTerminal(["list", "--all"])
                == RunResult(
                    stdout: """
                        1 [ ] a name that is much too…
                        2 [x] short
                        2 todos: 1 active, 1 completed

                        """, stderr: "", status: 0))
        #expect(try box.run("next").stdout == "1 [ ] a name that is much too long to fit in thirty columns\n")
        // Settings that name no server (a declared attribute) set up no sync.
        #expect(try box.run("config", "uda.client.type", "string").status == 0)
        #expect(
            try box.run(["list", "--all"], environment: ["TODO_SERVER": ""]).stdout
                == "1 [ ] a name that is much too long to fit in thirty columns\n2 [x] short\n")
    }

    @Test func aServerSetByConfigOrEnvironmentMarksWhatIsNotSynced() throws {
        let marked = "1 [ ] * a name that is much too long to fit in thirty columns\n2 [x] * short\n"
        #expect(
            try box.run(["list", "--all"], environment: ["TODO_SERVER": "https://todo.example.org"]).stdout == marked)
        #expect(try box.run("config", "server", "https://todo.example.org").status == 0)
        #expect(try box.run("list", "--all").stdout == marked)
        #expect(try box.run("next").stdout == "1 [ ] * a name that is much too long to fit in thirty columns\n")
        #expect(
            try onTerminal(["list", "--all"])
                == RunResult(
                    stdout: """
                        1 [ ] * a name that is much t…
                        2 [x] * short
                        2 todos: 1 active, 1 completed, 2 not synced (*)

                        """, stderr: "", status: 0))
    }

    @Test func unsyncedFilterWorksWithOrWithoutAServer() throws {
        var state = try box.state()
        state.todos[0].synced = true
        try box.write(state)
        #expect(
            try box.run("list", "--filter", "unsynced") == RunResult(stdout: "2 [x] short\n", stderr: "", status: 0))
        #expect(
            try box.run(["list", "--filter", "unsynced"], environment: ["TODO_SERVER": "https://todo.example.org"])
                .stdout == "2 [x] * short\n")
        #expect(
            try box.run(["list", "--all"], environment: ["TODO_SERVER": "https://todo.example.org"]).stdout
                == "1 [ ]   a name that is much too long to fit in thirty columns\n2 [x] * short\n")
    }

    /// A conflict comes from a sync, so it stays marked even once the server is unset.
    @Test func aConflictIsMarkedWithoutAServer() throws {
        var state = try box.state()
        state.todos[1].synced = true
        state.todos[1].conflicts = [SyncConflict(field: "name", lost: "long", kept: "short", at: FixedClock.epoch)]
        try box.write(state)
        #expect(
            try box.run("list", "--all").stdout
                == "1 [ ]   a name that is much too long to fit in thirty columns\n2 [x] ! short\n")
        #expect(
            try box.run("list", "--filter", "active").stdout
                == "1 [ ] a name that is much too long to fit in thirty columns\n")
        #expect(
            try onTerminal(["list", "--all"]).stdout.hasSuffix(
                "2 todos: 1 active, 1 completed, 1 with sync conflicts (!)\n"))
    }
}
